// RunTaskFarm under 1..4 ranks: each task runs exactly once, on a rank that may run tasks, its
// result or its error comes back in task order, and a throwing task does not stop the others.
#include "cumed/parallel/TaskFarm.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace {
using cumed::parallel::Communicator;
using cumed::parallel::RunTaskFarm;

std::vector<std::string> Numbers(int count) {
  std::vector<std::string> tasks;
  for (int i = 0; i < count; ++i) tasks.push_back(std::to_string(i));
  return tasks;
}

TEST(TaskFarm, EveryTaskOnceInOrderWithFailuresReported) {
  const Communicator world;
  const std::vector<std::string> tasks = Numbers(11);
  int ranHere = 0;
  const auto outcomes = RunTaskFarm(world, world.rank() == 0 ? tasks : std::vector<std::string>{},
                                    [&](const std::string& task) -> std::string {
                                      ++ranHere;
                                      if (std::stoi(task) % 4 == 3)
                                        throw std::runtime_error("task " + task + " is broken");
                                      if (task == "5") throw 42; // not a std::exception
                                      return "done " + task;
                                    });
  if (world.size() > 1 && world.rank() == 0) EXPECT_EQ(ranHere, 0) << "rank 0 only hands out";
  if (world.rank() != 0) {
    EXPECT_TRUE(outcomes.empty());
    return;
  }
  ASSERT_EQ(outcomes.size(), tasks.size());
  for (std::size_t i = 0; i < tasks.size(); ++i) {
    const auto& outcome = outcomes[i];
    if (world.size() == 1) {
      EXPECT_EQ(outcome.rank, 0);
    } else {
      EXPECT_GE(outcome.rank, 1);
      EXPECT_LT(outcome.rank, world.size());
    }
    EXPECT_GE(outcome.seconds, 0.0);
    if (i % 4 == 3) {
      EXPECT_FALSE(outcome.ok);
      EXPECT_EQ(outcome.text, "task " + tasks[i] + " is broken");
    } else if (i == 5) {
      EXPECT_FALSE(outcome.ok);
      EXPECT_EQ(outcome.text, "unknown exception");
    } else {
      EXPECT_TRUE(outcome.ok);
      EXPECT_EQ(outcome.text, "done " + tasks[i]);
    }
  }
}

TEST(TaskFarm, FewerTasksThanRanksAndNoTasks) {
  const Communicator world;
  for (const int count : {0, 1}) {
    const auto outcomes =
        RunTaskFarm(world, Numbers(count), [](const std::string& task) { return "got " + task; });
    if (world.rank() != 0) continue;
    ASSERT_EQ(static_cast<int>(outcomes.size()), count);
    for (const auto& outcome : outcomes) EXPECT_EQ(outcome.text, "got 0");
  }
}

} // namespace
