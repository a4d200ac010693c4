// cumed-register-benchmark: issue 13's registration benchmark in one run (see Usage() in
// BenchmarkSettings.cxx): known warps and the lung pair, CuMed CUDA and CPU against elastix and
// plastimatch, a Markdown table and the targets.
#include "BenchmarkCases.h"
#include "BenchmarkSettings.h"
#include "CommandLine.h"
#include "ResultTable.h"
#include "Runs.h"

#include "cumed/core/Error.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <unistd.h>

namespace {

using namespace cumed::regbench;
namespace fs = std::filesystem;

std::string MakeWorkDir(const Settings& s, bool& temporary) {
  temporary = s.workDir.empty();
  if (!temporary) {
    fs::create_directories(s.workDir);
    return s.workDir;
  }
  const char* tmp = std::getenv("TMPDIR");
  std::string pattern =
      std::string(tmp && *tmp ? tmp : "/tmp") + "/cumed-register-benchmark-XXXXXX";
  if (!mkdtemp(pattern.data()))
    throw cumed::Error("cannot create a work directory from '" + pattern + "'");
  return pattern;
}

// transformix beside the elastix executable (a bundle keeps them together), else on PATH.
std::string TransformixFor(const std::string& elastix) {
  const fs::path directory = fs::path(elastix).parent_path();
  if (directory.empty()) return "transformix";
  const fs::path beside = directory / "transformix";
  return access(beside.c_str(), X_OK) == 0 ? beside.string() : "transformix";
}

Row NotRun(const BenchmarkCase& c, const char* tool, const std::string& why) {
  Row row;
  row.caseName = c.name;
  row.tool = tool;
  row.note = why;
  return row;
}

// --check: at least one CuMed row, and every one ran (or was skipped for want of a device) and beat
// the identity.
bool CumedRunsImproved(const std::vector<Row>& rows) {
  bool good = true;
  int completed = 0;
  for (const auto& r : rows) {
    if (r.tool.rfind("CuMed", 0) != 0 || r.note.rfind("skipped", 0) == 0) continue;
    completed += r.ran;
    if (!r.ran || !(r.score < r.scoreBefore)) {
      std::printf("check failed: %s, %s: %s\n", r.caseName.c_str(), r.tool.c_str(),
                  r.ran ? ("score " + std::to_string(r.score) + " mm is not below the identity's " +
                           std::to_string(r.scoreBefore) + " mm")
                              .c_str()
                        : r.note.c_str());
      good = false;
    }
  }
  if (completed == 0) std::printf("check failed: no CuMed run completed\n");
  return good && completed > 0;
}

void Print(const Row& row) {
  std::printf("%-14s %-12s %s\n", row.caseName.c_str(), row.tool.c_str(),
              row.ran ? ("seconds " + std::to_string(row.seconds) + ", score " +
                         std::to_string(row.score) + " mm")
                            .c_str()
                      : ("did not run: " + row.note).c_str());
  std::fflush(stdout);
}

} // namespace

int main(int argc, char** argv) {
  Settings s;
  try {
    bool help = false;
    s = ParseSettings(argc, argv, help);
    if (help) {
      std::cout << Usage();
      return 0;
    }
  } catch (const cumed::Error& e) {
    std::cerr << "cumed-register-benchmark: " << e.what() << "\n" << Usage();
    return cumed::regdata::kExitUsage;
  }
  bool temporary = false, checkFailed = false;
  std::string workDir;
  try {
    workDir = MakeWorkDir(s, temporary);
    const auto cases = BuildCases(s, workDir);

    std::string device = "CUDA: not asked for (--no-cuda or --quick)";
    const bool cuda = s.cuda && CudaUsable(device);
    std::string elastix, transformix, plastimatch;
    if (s.references) {
      elastix = FindExecutable(s.elastix);
      transformix =
          FindExecutable(!s.transformix.empty() ? s.transformix : TransformixFor(elastix));
      plastimatch = FindExecutable(s.plastimatch);
    }
    const auto knownOptions = KnownWarpOptions(s);
    const auto lungOptions = LungOptions(s);
    std::printf(
        "%s\nelastix: %s\ntransformix: %s\nplastimatch: %s\n", device.c_str(),
        s.references ? (elastix.empty() ? "not found" : elastix.c_str()) : "not run",
        s.references ? (transformix.empty() ? "not found" : transformix.c_str()) : "not run",
        s.references ? (plastimatch.empty() ? "not found" : plastimatch.c_str()) : "not run");

    std::vector<Row> rows;
    auto add = [&](Row row) {
      Print(row);
      rows.push_back(std::move(row));
    };
    for (const auto& c : cases) {
      const auto& options = c.knownWarp() ? knownOptions : lungOptions;
      if (cuda) add(RunCumed(c, options, cumed::Backend::CUDA));
      if (s.cpu && (s.cpuLarge || !c.fullResolution))
        add(RunCumed(c, options, cumed::Backend::CPU));
      if (!s.references) continue;
      if (s.elastixRuns && (elastix.empty() || transformix.empty()))
        add(NotRun(c, "elastix",
                   (elastix.empty() ? "'" + s.elastix + "'" : "transformix") +
                       " not found or not executable (--elastix PATH, --transformix PATH)"));
      else if (s.elastixRuns)
        add(RunElastix(c, s, elastix, transformix));
      if (s.plastimatchRuns && plastimatch.empty())
        add(NotRun(c, "plastimatch",
                   "'" + s.plastimatch + "' not found or not executable (--plastimatch PATH)"));
      else if (s.plastimatchRuns)
        add(RunPlastimatch(c, s, plastimatch));
    }

    std::printf("\n## Registration benchmark (issue 13)\n\nCuMed settings: known warps %s; lung "
                "pair %s. Seconds: CuMed's Register() call host to host "
                "(CUDA context created before), the references' process wall time. Peak MB: "
                "ru_maxrss of the process (CuMed's child also reads and scores); device: "
                "cudaMemGetInfo sampled every ms, above the use before the call.\n\n",
                Describe(knownOptions).c_str(), Describe(lungOptions).c_str());
    PrintTable(rows);
    PrintTargets(rows);
    if (s.check) checkFailed = !CumedRunsImproved(rows);
    // A run that failed keeps its logs for a look.
    if (temporary && std::any_of(rows.begin(), rows.end(), [](const Row& r) { return !r.ran; })) {
      std::printf("\nwork directory kept (a run did not complete): %s\n", workDir.c_str());
      temporary = false;
    }
  } catch (const std::exception& e) {
    std::cerr << "cumed-register-benchmark: " << e.what() << "\n";
    if (temporary && !workDir.empty()) fs::remove_all(workDir);
    return cumed::regdata::kExitFailed;
  }
  if (temporary) fs::remove_all(workDir);
  return checkFailed ? 3 : 0;
}
