#pragma once
// Runs the built cumed-morphology as a user would, with stdout and stderr captured, in a fresh
// working directory per test.
#include "ProgramRun.h"

#include <filesystem>
#include <string>
#include <vector>

namespace cumed::morphologytest {

using RunResult = apptest::RunResult;

/// A new, empty directory for the current test (the previous run's is removed).
std::filesystem::path FreshWorkDirectory();

/// Runs the program with `arguments` in `directory`; exit code -1 when it did not exit normally
/// (a crash).
RunResult RunProgram(const std::vector<std::string>& arguments,
                     const std::filesystem::path& directory);

/// The value of "key=" in the summary line (up to the next space), or "" when absent.
std::string SummaryValue(const std::string& summary, const std::string& key);

/// The phantom CT series the build generates (CUMED_SAMPLE_CT_DIR).
std::filesystem::path PhantomDirectory();

} // namespace cumed::morphologytest
