#include "ProgramRunner.h"

#include <gtest/gtest.h>

namespace fs = std::filesystem;

namespace cumed::morphologytest {

fs::path FreshWorkDirectory() {
  const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
  const fs::path directory = fs::path(CUMED_MORPHOLOGY_WORK_DIR) /
                             (std::string(test->test_suite_name()) + "." + test->name());
  fs::remove_all(directory);
  fs::create_directories(directory);
  return directory;
}

RunResult RunProgram(const std::vector<std::string>& arguments, const fs::path& directory) {
  return apptest::RunProgram(apptest::Setting("CUMED_MORPHOLOGY", CUMED_MORPHOLOGY_EXE), arguments,
                             directory, "program", directory);
}

std::string SummaryValue(const std::string& summary, const std::string& key) {
  const std::string needle = " " + key + "=";
  const auto start = summary.find(needle);
  if (start == std::string::npos) return "";
  const auto begin = start + needle.size();
  return summary.substr(begin, summary.find_first_of(" \n", begin) - begin);
}

fs::path PhantomDirectory() {
  return apptest::Setting("CUMED_SAMPLE_CT_DIR", "");
}

} // namespace cumed::morphologytest
