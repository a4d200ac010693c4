// GoogleTest main for CuMed's test executables: like gtest_main, but a run in which every
// selected test skipped itself (a CUDA suite on a machine without a GPU, a suite whose real data is
// absent) exits with 77, which CTest reports as "Skipped" instead of "Passed". Failures still fail.
#include <gtest/gtest.h>

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  const int result = RUN_ALL_TESTS();
  const testing::UnitTest& unit = *testing::UnitTest::GetInstance();
  const bool allSkipped =
      unit.test_to_run_count() > 0 && unit.skipped_test_count() == unit.test_to_run_count();
  return result == 0 && allSkipped ? 77 : result;
}
