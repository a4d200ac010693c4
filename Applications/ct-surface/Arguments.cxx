#include "Arguments.h"

#include "cumed/app/CommandLine.h"
#include "cumed/app/ElementLimits.h"
#include "cumed/app/Options.h"
#include "cumed/app/UsageError.h"
#include "cumed/app/VtpCompressionOption.h"
#include "cumed/output/Paths.h"

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <sstream>
#include <string_view>
#include <system_error>

#ifndef CUMED_DEFAULT_CT_DIR
#define CUMED_DEFAULT_CT_DIR ""
#endif
#ifndef CUMED_BUILD_BIN_DIR
#define CUMED_BUILD_BIN_DIR ""
#endif

namespace cumed::ctsurface {
using app::UsageError;
namespace {

// HU are stored as int16; the volume is padded with the lowest int16 value, which must stay
// below the iso level for the surface to close.
constexpr double kLowestIso = std::numeric_limits<std::int16_t>::lowest() + 1.0;
constexpr double kHighestIso = std::numeric_limits<std::int16_t>::max();
constexpr int kMaxPngSide = 16384;

int ParsePositiveInt(std::string_view option, const std::string& text) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos ||
      text.size() > 6) {
    throw UsageError(std::string(option) + ": '" + text + "' is not a positive whole number");
  }
  return std::stoi(text);
}

void ParsePngSize(const std::string& text, Arguments& arguments) {
  const auto x = text.find_first_of("xX");
  if (x == std::string::npos) {
    throw UsageError("--png-size: '" + text + "' is not WIDTHxHEIGHT (e.g. 1024x768)");
  }
  const int width = ParsePositiveInt("--png-size", text.substr(0, x));
  const int height = ParsePositiveInt("--png-size", text.substr(x + 1));
  if (width < 16 || height < 16 || width > kMaxPngSide || height > kMaxPngSide) {
    throw UsageError("--png-size: " + text + " is outside 16x16 .. " + std::to_string(kMaxPngSide) +
                     "x" + std::to_string(kMaxPngSide));
  }
  arguments.pngWidth = width;
  arguments.pngHeight = height;
}

rendering::PatientView ParseView(const std::string& text) {
  // The default (left-anterior-oblique) is chosen by leaving --view out.
  const auto view = rendering::ParsePatientView(text);
  if (view && *view != rendering::PatientView::LeftAnteriorOblique) return *view;
  throw UsageError("--view: unknown view '" + text +
                   "' (anterior, posterior, left, right or superior)");
}

} // namespace

std::string DefaultInputDirectory() {
  // The build's series is a build-tree path: an installed copy of the program must not use it.
  namespace fs = std::filesystem;
  const std::string series = CUMED_DEFAULT_CT_DIR;
  const fs::path buildBin = CUMED_BUILD_BIN_DIR;
  const fs::path executable = output::ExecutablePath();
  std::error_code error;
  if (series.empty() || buildBin.empty() || executable.empty() ||
      !fs::is_directory(series, error) ||
      !fs::equivalent(executable.parent_path(), buildBin, error)) {
    return "";
  }
  return series;
}

namespace {

// The option table: every option once, with its help and what it does with its value.
void DeclareOptions(app::CommandLine& cli, Arguments& a) {
  const Arguments defaults;
  const std::string defaultInput = DefaultInputDirectory();
  std::ostringstream iso, radius;
  iso << "isosurface level in HU (default: " << defaults.isoHu << ")";
  radius << "closing ball radius in mm, 0 skips the closing (default: " << defaults.radiusMm
         << ");\n"
         << "voxels per axis = round(MM / spacing), at most 65536 and a\n"
         << "ball box of 2^27 voxels; a ball more than twice the volume\n"
         << "along an axis is refused (it takes minutes and rarely means\n"
         << "what was intended)";
  cli.Usage("[options] [DICOM_DIR]",
            "Extracts the bone surface of a CT series: grayscale closing of the HU volume with a\n"
            "ball, an isosurface at an HU level, normals; writes surface.vtp, surface.stl and a\n"
            "picture surface.png, and prints a one-line summary on stdout.\n");
  cli.Positional("DICOM_DIR", "directory with one CT series (default: " +
                                  (defaultInput.empty()
                                       ? std::string("none; the build's phantom series only when "
                                                     "run from the build tree")
                                       : defaultInput) +
                                  ")");
  cli.Text("--output-dir,--output", "DIR",
           "where the outputs go (default: ./" + defaults.outputDirectory +
               "); created if missing,\nmust not be or lie inside DICOM_DIR (also: --output)",
           a.outputDirectory, "directory name");
  cli.Value("--output-prefix", "NAME",
            "file names NAME.vtp, NAME.stl, NAME.png (default: " + defaults.outputPrefix + ")",
            [&a](const std::string& value) {
              // A file name, not a path: the files stay in --output-dir.
              if (value.empty() || value == "." || value == ".." ||
                  value.find('/') != std::string::npos) {
                throw UsageError("--output-prefix: '" + value +
                                 "' is not a file name (no '/'; the files go into --output-dir)");
              }
              a.outputPrefix = value;
            });
  cli.Force(a.force, "replace existing output files, atomically (without it an\n"
                     "existing file is a usage error; never a symbolic link, a file\n"
                     "with several hard links, or an input file)");
  cli.Value("--iso", "HU", iso.str(), [&a](const std::string& value) {
    const double level = app::ParseNumber("--iso", value);
    if (!std::isfinite(level))
      throw UsageError("--iso must be a finite number (got " + value + ")");
    if (level < kLowestIso || level > kHighestIso) {
      throw UsageError("--iso " + value + " is outside the HU range of the data (" +
                       std::to_string(static_cast<int>(kLowestIso)) + " .. " +
                       std::to_string(static_cast<int>(kHighestIso)) + ")");
    }
    a.isoHu = level;
  });
  cli.Value("--radius-mm", "MM", radius.str(), [&a](const std::string& value) {
    const double mm = app::ParseNumber("--radius-mm", value);
    if (!std::isfinite(mm) || mm < 0.0) {
      throw UsageError("--radius-mm must be a finite number >= 0 (got " + value + ")");
    }
    a.radiusMm = mm;
  });
  cli.Flag(app::kAllowLargeElementFlag, "run such a ball anyway", a.allowLargeElement);
  cli.Backend(a.backend, "auto, cpu or cuda (default: auto); cuda fails when no CUDA\n"
                         "device is usable; stages without a CUDA implementation run on\n"
                         "the CPU and the summary says so per stage");
  cli.Text("--series-uid", "UID", "read the series with exactly this SeriesInstanceUID",
           a.seriesUid, "UID");
  app::AddDicomSeriesOptions(cli, a.dicomSeries);
  cli.Value("--png-size", "WxH",
            "size of surface.png (default: " + std::to_string(defaults.pngWidth) + "x" +
                std::to_string(defaults.pngHeight) + ")",
            [&a](const std::string& value) { ParsePngSize(value, a); });
  app::VtpCompressionOption(cli,
                            "how surface.vtp is compressed: none, lz4 (fast) or zlib\n(smaller, "
                            "slower) (default: " +
                                std::string(cumed::meshio::ToString(defaults.compression)) + ")",
                            a.compression);
  cli.Flag("--no-png", "do not render surface.png", [&a] { a.writePng = false; });
  cli.Flag("--no-overlap",
           "render surface.png on the main thread, each stage after\n"
           "the other (the same files; for timing and comparison)",
           [&a] { a.overlap = false; });
  cli.Text("--seg", "FILE",
           "also write the closing mask (closed HU >= --iso) as a DICOM\n"
           "SEG file of the series' study, referencing its slices (a new\n"
           "file: never replaced, --force or not)",
           a.segFile, "FILE");
  cli.Value("--view", "V",
            "camera of the picture: anterior, posterior, left, right or\n"
            "superior (default: left anterior oblique, 30 degrees from\n"
            "anterior towards the patient's left and 15 up)",
            [&a](const std::string& value) { a.view = ParseView(value); });
  cli.Epilogue(
      "The picture is rendered offscreen: through EGL when DISPLAY is unset, else through the\n"
      "X display (on a machine without GPU or display: xvfb-run -a cumed-ct-surface ...).\n"
      "Its renderer opens and warms on a thread of its own while the series is read and\n"
      "closed, and draws and writes the picture while the surface files are written (the\n"
      "summary's warmup_ms, first_frame_ms and render_wait: the seconds the program waited\n"
      "for the renderer).\n"
      "Exit status: 0 success, 1 runtime error (input, CUDA, rendering), 2 usage error\n"
      "(also: an output file exists and --force is not given).\n");
}

} // namespace

Arguments ParseArguments(int argc, const char* const* argv) {
  Arguments arguments;
  const auto table = app::ParseTable(kProgramName, argc, argv, arguments, DeclareOptions);
  if (!table) return arguments;
  const std::vector<std::string>& positionals = *table;
  if (positionals.size() > 1) {
    throw UsageError("unexpected argument '" + positionals[1] +
                     "': only one input directory can be given");
  }
  arguments.inputDirectory = positionals.empty() ? DefaultInputDirectory() : positionals.front();
  if (arguments.inputDirectory.empty()) {
    throw UsageError(positionals.empty()
                         ? "no DICOM_DIR given (the build's phantom series is the default only "
                           "when the program runs from its build tree)"
                         : "DICOM_DIR is empty");
  }
  return arguments;
}

std::string HelpText() {
  return app::TableHelp<Arguments>(kProgramName, DeclareOptions);
}

} // namespace cumed::ctsurface
