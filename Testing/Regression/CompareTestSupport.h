#pragma once
// What the cumed-compare program tests share: a fresh work directory per test, and running the
// program there (CUMED_COMPARE_EXE, CUMED_COMPARE_WORK_DIR come from the test's CMake).
#include "ProgramRun.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

namespace cumed::comparetest {

/// CUMED_COMPARE_WORK_DIR/<test name>, emptied.
inline std::filesystem::path WorkDirectory() {
  const std::filesystem::path work =
      std::filesystem::path(CUMED_COMPARE_WORK_DIR) /
      ::testing::UnitTest::GetInstance()->current_test_info()->name();
  std::filesystem::remove_all(work);
  std::filesystem::create_directories(work);
  return work;
}

inline apptest::RunResult Compare(const std::vector<std::string>& arguments,
                                  const std::filesystem::path& work) {
  return apptest::RunProgram(CUMED_COMPARE_EXE, arguments, work, "compare");
}

} // namespace cumed::comparetest
