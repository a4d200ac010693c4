#include "Arguments.h"

#include "cumed/app/CommandLine.h"
#include "cumed/app/ElementLimits.h"
#include "cumed/app/Options.h"
#include "cumed/app/UsageError.h"
#include "cumed/app/VtpCompressionOption.h"

#include <cstdint>
#include <limits>
#include <sstream>

namespace cumed::batch {
using app::UsageError;
namespace {

// The surface job pads the volume with the lowest int16 HU, which must stay below the level.
constexpr double kLowestIso = std::numeric_limits<std::int16_t>::lowest() + 1.0;
constexpr double kHighestIso = std::numeric_limits<std::int16_t>::max();

// The option table: every option once, with its help and what it does with its value.
void DeclareOptions(app::CommandLine& cli, Arguments& a) {
  const Arguments defaults;
  std::ostringstream iso, radius;
  iso << "isosurface level in HU (default: " << defaults.isoHu << ")";
  radius << "closing ball radius in mm, 0 skips the closing (default: " << defaults.radiusMm << ")";
  cli.Usage(
      "mpirun -np N cumed-batch [options] INPUT_DIR --output-dir OUT\n"
      "       cumed-batch [options] INPUT_DIR --output-dir OUT     (one process)",
      "Runs cumed-ct-surface's job (grayscale closing with a ball, isosurface, normals) on\n"
      "every DICOM CT series found under INPUT_DIR, distributed over the MPI ranks: rank 0\n"
      "hands out one series at a time to the ranks as they finish (with one rank it runs\n"
      "them all itself). Each rank uses CUDA device (local rank % devices) where there is\n"
      "one, else the CPU.\n"
      "\n"
      "Every directory under INPUT_DIR holding DICOM files is scanned; its files are grouped\n"
      "by SeriesInstanceUID. A UID found again in a later directory (in path order) with as\n"
      "many files is a duplicate (a copy): reported, not processed; with another number of\n"
      "files it is reported as failed (a series split over directories, or an incomplete\n"
      "copy), and only the first directory's part is processed.\n");
  cli.Positional("INPUT_DIR", "the tree of series (symbolic links to directories are not\n"
                              "followed)");
  cli.Flag("--list-series",
           "list the series of INPUT_DIR (with --json as JSON): each with\n"
           "why it is or is not readable, as cumed-dicom-ls; then exit\n"
           "(--output-dir not needed). A series that is not CT, a\n"
           "localizer or derived is skipped by the run",
           a.listSeries);
  cli.Text("--output-dir,--output", "OUT",
           "must not exist or be empty, nor lie inside INPUT_DIR; gets\n"
           "OUT/<SeriesInstanceUID>/surface.vtp and surface.stl per series\n"
           "(each folder appears complete or not at all), then\n"
           "OUT/report.json and OUT/report.csv, written last (also: --output)",
           a.outputDirectory, "directory name");
  cli.Value("--iso", "HU", iso.str(), [&a](const std::string& value) {
    const double level = app::ParseFiniteNumber("--iso", value);
    if (level < kLowestIso || level > kHighestIso)
      throw UsageError("--iso " + value + " is outside the HU range of the data (" +
                       std::to_string(static_cast<int>(kLowestIso)) + " .. " +
                       std::to_string(static_cast<int>(kHighestIso)) + ")");
    a.isoHu = level;
  });
  cli.Value("--radius-mm", "MM", radius.str(), [&a](const std::string& value) {
    const double mm = app::ParseFiniteNumber("--radius-mm", value);
    if (mm < 0.0) throw UsageError("--radius-mm must be >= 0 (got " + value + ")");
    a.radiusMm = mm;
  });
  cli.Flag(app::kAllowLargeElementFlag, "run a ball more than twice a series' extent anyway",
           a.allowLargeElement);
  cli.Backend(a.backend, "auto, cpu or cuda (default: auto); cuda fails on every rank\n"
                         "when any rank has no usable CUDA device");
  app::VtpCompressionOption(cli,
                            "surface.vtp's compression: none, lz4 or zlib (default: " +
                                std::string(cumed::meshio::ToString(defaults.compression)) + ")",
                            a.compression);
  cli.Epilogue(
      "The report has one row per series found: path, SeriesInstanceUID, rank, status (ok,\n"
      "failed, duplicate, skipped), error, slices, triangles, seconds. A series that is not\n"
      "CT (Modality), a localizer, or derived or a secondary capture (ImageType, SOP class)\n"
      "is skipped, with the series listing's reason in the error column (--list-series\n"
      "shows them before a run). A series that fails (a broken file, a bad header: the\n"
      "reader's message) is reported and the others go on; so is a\n"
      "directory whose files cannot be scanned (its UID is then empty).\n"
      "A rank that dies (crash, kill) makes mpirun abort the whole job: no report is written.\n"
      "\n"
      "Exit status: 0 every series ok (duplicates and skipped included), 3 at least one series "
      "failed\n"
      "(see the report), 1 runtime error of the whole run (INPUT_DIR unreadable; OUT not\n"
      "empty, inside INPUT_DIR or not writable; CUDA asked for and not usable on a rank;\n"
      "printed once as \"rank R: ...\"), 2 usage error.\n");
}

} // namespace

Arguments ParseArguments(int argc, const char* const* argv) {
  Arguments arguments;
  const auto table = app::ParseTable(kProgramName, argc, argv, arguments, DeclareOptions);
  if (!table) return arguments;
  const std::vector<std::string>& positionals = *table;
  if (positionals.size() > 1)
    throw UsageError("unexpected argument '" + positionals[1] +
                     "': only one input directory can be given");
  if (positionals.empty() || positionals.front().empty())
    throw UsageError("no INPUT_DIR given (the directory tree of DICOM series)");
  arguments.inputDirectory = positionals.front();
  if (arguments.listSeries) return arguments;
  if (arguments.outputDirectory.empty()) throw UsageError("--output-dir OUT is required");
  return arguments;
}

std::string HelpText() {
  return app::TableHelp<Arguments>(kProgramName, DeclareOptions);
}

} // namespace cumed::batch
