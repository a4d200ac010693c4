// The reference rows: elastix and plastimatch executed by path (no PATH search, environment as
// inherited, so a bundled build runs as it is), wall time and ru_maxrss from wait4.
#include "Runs.h"

#include "ImageFiles.h"

#include "cumed/core/Error.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

namespace cumed::regbench {

namespace fs = std::filesystem;

namespace {

int Threads(const Settings& s) {
  return s.threads > 0 ? s.threads : int(std::max(1u, std::thread::hardware_concurrency()));
}

std::vector<std::string> ParameterFiles(const BenchmarkCase& c, const Settings& s,
                                        const char* tool) {
  const fs::path dir(s.referenceDir);
  std::vector<std::string> names;
  if (std::string(tool) == "elastix")
    names = c.knownWarp()
                ? std::vector<std::string>{"elastix-bspline-ssd.txt"}
                : std::vector<std::string>{"elastix-affine-nmi.txt", "elastix-bspline-nmi.txt"};
  else
    names = c.knownWarp() ? std::vector<std::string>{"plastimatch-bspline-mse.txt"}
                          : std::vector<std::string>{"plastimatch-affine-mse.txt",
                                                     "plastimatch-bspline-mse-masks.txt"};
  std::vector<std::string> paths;
  for (const auto& name : names) {
    const fs::path path = dir / name;
    if (!fs::is_regular_file(path))
      throw Error("the parameter file '" + path.string() + "' does not exist (--reference-dir)");
    paths.push_back(path.string());
  }
  return paths;
}

std::string Joined(const std::vector<std::string>& paths) {
  std::string names;
  for (const auto& p : paths)
    names += (names.empty() ? "" : " + ") + fs::path(p).filename().string();
  return names;
}

// Scores the tool's dense field in a child process (ITK's readers stay out of the parent).
void Score(const BenchmarkCase& c, const std::string& field, Row& row) {
  const ChildOutcome scored = RunInChild([&] {
    ChildReport report;
    ScoreField(c, regdata::ReadFloatImage(field), report);
    report.ok = true;
    return report;
  });
  if (!scored.report.ok) {
    row.ran = false;
    row.note = "scoring '" + field + "' failed: " + scored.report.message;
    return;
  }
  row.score = scored.report.score;
  row.scoreBefore = scored.report.scoreBefore;
}

Row Start(const BenchmarkCase& c, const char* tool, const std::string& out) {
  Row row;
  row.caseName = c.name;
  row.tool = tool;
  fs::create_directories(out);
  return row;
}

void Take(const ProgramOutcome& run, Row& row) {
  row.seconds = run.wallSeconds;
  row.peakHostMb = run.peakRssMb;
}

} // namespace

Row RunElastix(const BenchmarkCase& c, const Settings& s, const std::string& elastix,
               const std::string& transformix) {
  const std::string out = c.directory + "/elastix";
  Row row = Start(c, "elastix", out);
  try {
    const auto parameters = ParameterFiles(c, s, "elastix");
    const std::string threads = std::to_string(Threads(s));
    std::vector<std::string> args{"-f", c.fixed, "-m", c.moving, "-out", out, "-threads", threads};
    for (const auto& p : parameters) args.insert(args.end(), {"-p", p});
    const ProgramOutcome run =
        RunProgram(elastix, args, out + "/elastix-log.txt", {}, s.referenceTimeout);
    if (!run.failure.empty()) throw Error(run.failure);
    Take(run, row);
    // The dense field of the last transform (it composes the earlier ones) on the fixed grid.
    const std::string last =
        out + "/TransformParameters." + std::to_string(parameters.size() - 1) + ".txt";
    const ProgramOutcome field =
        RunProgram(transformix, {"-def", "all", "-tp", last, "-out", out, "-threads", threads},
                   out + "/transformix-log.txt", {}, s.referenceTimeout);
    if (!field.failure.empty()) throw Error(field.failure);
    row.ran = true;
    row.note = Joined(parameters) + ", " + threads + " threads";
    Score(c, out + "/deformationField.mha", row);
  } catch (const std::exception& e) {
    row.ran = false;
    row.note = e.what();
  }
  return row;
}

Row RunPlastimatch(const BenchmarkCase& c, const Settings& s, const std::string& plastimatch) {
  const std::string out = c.directory + "/plastimatch";
  Row row = Start(c, "plastimatch", out);
  try {
    const auto parameters = ParameterFiles(c, s, "plastimatch");
    const std::string field = out + "/field.mha", commandFile = out + "/command.txt";
    {
      std::ofstream command(commandFile);
      command << "[GLOBAL]\nfixed=" << c.fixed << "\nmoving=" << c.moving << "\nvf_out=" << field
              << "\n\n";
      for (const auto& p : parameters) command << std::ifstream(p).rdbuf() << "\n";
      if (!command) throw Error("cannot write the plastimatch command file '" + commandFile + "'");
    }
    const std::string threads = std::to_string(Threads(s));
    const ProgramOutcome run =
        RunProgram(plastimatch, {"register", commandFile}, out + "/plastimatch-log.txt",
                   {"OMP_NUM_THREADS=" + threads}, s.referenceTimeout);
    if (!run.failure.empty()) throw Error(run.failure);
    Take(run, row);
    row.ran = true;
    row.note = Joined(parameters) + ", " + threads + " threads";
    Score(c, field, row);
  } catch (const std::exception& e) {
    row.ran = false;
    row.note = e.what();
  }
  return row;
}

} // namespace cumed::regbench
