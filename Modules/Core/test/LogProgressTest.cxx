#include "cumed/core/Log.h"
#include "cumed/core/Progress.h"

#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace {

TEST(Log, SinkReceivesMessagesAtOrAboveTheLevel) {
  std::vector<std::pair<cumed::LogLevel, std::string>> seen;
  cumed::LogSink previous = cumed::SetLogSink(
      [&](cumed::LogLevel level, std::string_view text) { seen.emplace_back(level, text); });
  const cumed::LogLevel oldLevel = cumed::GetLogLevel();
  cumed::SetLogLevel(cumed::LogLevel::Warning);
  cumed::Log(cumed::LogLevel::Info, "dropped");
  cumed::Log(cumed::LogLevel::Warning, "kept");
  cumed::Log(cumed::LogLevel::Error, "also kept");
  cumed::SetLogLevel(oldLevel);
  cumed::SetLogSink(std::move(previous));
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_EQ(seen[0].first, cumed::LogLevel::Warning);
  EXPECT_EQ(seen[0].second, "kept");
  EXPECT_EQ(seen[1].second, "also kept");
}

TEST(Progress, ReportsMonotonicFractionsEndingAtOne) {
  std::vector<double> fractions;
  cumed::ProgressReporter progress([&](double f) { fractions.push_back(f); }, 1000, 0.1);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 250; ++i) progress.step();
    });
  for (auto& thread : threads) thread.join();
  progress.finish();
  ASSERT_FALSE(fractions.empty());
  EXPECT_LE(fractions.size(), 11u) << "granularity 0.1 allows at most 11 reports";
  for (std::size_t i = 1; i < fractions.size(); ++i) EXPECT_GT(fractions[i], fractions[i - 1]);
  EXPECT_DOUBLE_EQ(fractions.back(), 1.0);
}

TEST(Progress, FinishReportsOneOnlyOnce) {
  int calls = 0;
  double last = 0;
  cumed::ProgressReporter progress(
      [&](double f) {
        ++calls;
        last = f;
      },
      10, 0.5);
  progress.finish();
  progress.finish();
  EXPECT_EQ(calls, 1);
  EXPECT_DOUBLE_EQ(last, 1.0);
}

} // namespace
