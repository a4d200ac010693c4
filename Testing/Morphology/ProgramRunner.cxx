#include "ProgramRunner.h"

#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

namespace cumed::morphologytest {
namespace {

std::string Quote(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

std::string ReadText(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string Setting(const char* environment, const char* compiledDefault) {
  const char* value = std::getenv(environment);
  return value && *value ? value : compiledDefault;
}

} // namespace

fs::path FreshWorkDirectory() {
  const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
  const fs::path directory = fs::path(CUMED_MORPHOLOGY_WORK_DIR) /
                             (std::string(test->test_suite_name()) + "." + test->name());
  fs::remove_all(directory);
  fs::create_directories(directory);
  return directory;
}

RunResult RunProgram(const std::vector<std::string>& arguments, const fs::path& directory) {
  const fs::path out = directory / "program.stdout";
  const fs::path err = directory / "program.stderr";
  std::string command = "cd " + Quote(directory.string()) + " && " +
                        Quote(Setting("CUMED_MORPHOLOGY", CUMED_MORPHOLOGY_EXE));
  for (const std::string& argument : arguments) command += " " + Quote(argument);
  command += " >" + Quote(out.string()) + " 2>" + Quote(err.string());
  const int status = std::system(command.c_str());
  RunResult result;
  result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.out = ReadText(out);
  result.err = ReadText(err);
  fs::remove(out);
  fs::remove(err);
  return result;
}

std::string SummaryValue(const std::string& summary, const std::string& key) {
  const std::string needle = " " + key + "=";
  const auto start = summary.find(needle);
  if (start == std::string::npos) return "";
  const auto begin = start + needle.size();
  return summary.substr(begin, summary.find_first_of(" \n", begin) - begin);
}

fs::path PhantomDirectory() {
  return Setting("CUMED_SAMPLE_CT_DIR", "");
}

} // namespace cumed::morphologytest
