// A rank that dies in the middle of a task (exit without MPI_Finalize, as after a crash) must not
// leave rank 0 waiting for its result: mpirun ends the whole job with a non-zero status. The
// test's timeout turns a hang into a failure; the task that dies is run by rank 1.
#include "cumed/parallel/TaskFarm.h"

#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

#ifndef DYING_STATUS
#define DYING_STATUS 9
#endif

int main(int argc, char** argv) {
  cumed::parallel::MpiSession session(&argc, &argv);
  const cumed::parallel::Communicator world;
  const std::vector<std::string> tasks{"0", "1", "2", "3", "4", "5"};
  cumed::parallel::RunTaskFarm(world, tasks, [&](const std::string& task) {
    if (world.rank() == 1) {
      std::fprintf(stderr, "rank 1: dying in task %s\n", task.c_str());
      _exit(DYING_STATUS);
    }
    usleep(200000); // the other workers stay busy, so rank 1 gets a task
    return task;
  });
  if (world.rank() == 0) std::puts("rank 0: task farm returned: the dead rank was not noticed");
  return 0;
}
