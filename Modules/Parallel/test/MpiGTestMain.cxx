// GoogleTest under mpirun: every rank runs every test; rank 0 prints; the process exits non-zero
// on every rank when any rank failed a test (so mpirun reports the failure whichever rank it was).
#include "cumed/parallel/Communicator.h"

#include <gtest/gtest.h>

int main(int argc, char** argv) {
  cumed::parallel::MpiSession session(&argc, &argv);
  ::testing::InitGoogleTest(&argc, argv);
  const cumed::parallel::Communicator world;
  if (world.rank() != 0) {
    auto& listeners = ::testing::UnitTest::GetInstance()->listeners();
    delete listeners.Release(listeners.default_result_printer());
  }
  const int failed = RUN_ALL_TESTS() != 0 ? 1 : 0;
  int anyFailed = 0;
  MPI_Allreduce(&failed, &anyFailed, 1, MPI_INT, MPI_MAX, world.native());
  if (anyFailed && !failed)
    std::fprintf(stderr, "rank %d: passed, but another rank failed\n", world.rank());
  return anyFailed;
}
