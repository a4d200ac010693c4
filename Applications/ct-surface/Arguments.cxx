#include "Arguments.h"

#include "cumed/app/BackendOption.h"
#include "cumed/app/Options.h"
#include "cumed/app/UsageError.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <sstream>
#include <string_view>

#ifndef CUMED_DEFAULT_CT_DIR
#define CUMED_DEFAULT_CT_DIR ""
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

void ApplyOption(const std::string& name, const std::string& value, Arguments& arguments) {
  if (name == "--output-dir") {
    if (value.empty()) throw UsageError("--output-dir: the directory name is empty");
    arguments.outputDirectory = value;
  } else if (name == "--backend") {
    arguments.backend = app::ParseBackendOption(name, value);
  } else if (name == "--iso") {
    const double iso = app::ParseNumber(name, value);
    if (!std::isfinite(iso)) throw UsageError("--iso must be a finite number (got " + value + ")");
    if (iso < kLowestIso || iso > kHighestIso) {
      throw UsageError("--iso " + value + " is outside the HU range of the data (" +
                       std::to_string(static_cast<int>(kLowestIso)) + " .. " +
                       std::to_string(static_cast<int>(kHighestIso)) + ")");
    }
    arguments.isoHu = iso;
  } else if (name == "--radius-mm") {
    const double radius = app::ParseNumber(name, value);
    if (!std::isfinite(radius) || radius < 0.0) {
      throw UsageError("--radius-mm must be a finite number >= 0 (got " + value + ")");
    }
    arguments.radiusMm = radius;
  } else if (name == "--series-uid") {
    if (value.empty()) throw UsageError("--series-uid: the UID is empty");
    arguments.seriesUid = value;
  } else if (name == "--png-size") {
    ParsePngSize(value, arguments);
  }
}

bool TakesValue(const std::string& name) {
  return name == "--output-dir" || name == "--backend" || name == "--iso" ||
         name == "--radius-mm" || name == "--series-uid" || name == "--png-size";
}

} // namespace

const char* DefaultInputDirectory() {
  return CUMED_DEFAULT_CT_DIR;
}

Arguments ParseArguments(int argc, const char* const* argv) {
  Arguments arguments;
  arguments.inputDirectory = DefaultInputDirectory();
  bool inputGiven = false;
  bool optionsEnded = false;
  for (int i = 1; i < argc; ++i) {
    const std::string argument = argv[i];
    if (optionsEnded || !app::IsOption(argument)) {
      if (inputGiven) {
        throw UsageError("unexpected argument '" + argument +
                         "': only one input directory can be given");
      }
      arguments.inputDirectory = argument;
      inputGiven = true;
      continue;
    }
    if (argument == "--") {
      optionsEnded = true;
      continue;
    }
    if (argument == "--help" || argument == "-h") {
      arguments.help = true;
      continue;
    }
    if (argument == "--no-png") {
      arguments.writePng = false;
      continue;
    }
    const app::OptionArgument option = app::SplitOption(argument);
    if (!TakesValue(option.name)) throw UsageError("unknown option '" + option.name + "'");
    ApplyOption(option.name, app::TakeValue(option, argc, argv, i), arguments);
  }
  if (!arguments.help && arguments.inputDirectory.empty()) {
    throw UsageError("no input directory given (this build has no default phantom series)");
  }
  return arguments;
}

std::string HelpText() {
  const Arguments defaults;
  std::ostringstream text;
  text << "Usage: cumed-ct-surface [options] [DICOM_DIR]\n"
       << "\n"
       << "Extracts the bone surface of a CT series: grayscale closing of the HU volume with a\n"
       << "ball, an isosurface at an HU level, normals; writes surface.vtp, surface.stl and a\n"
       << "picture surface.png, and prints a one-line summary on stdout.\n"
       << "\n"
       << "  DICOM_DIR             directory with one CT series (default: "
       << (*DefaultInputDirectory() ? DefaultInputDirectory() : "none in this build") << ")\n"
       << "  --output-dir DIR      where the outputs go (default: ./" << defaults.outputDirectory
       << "); created if missing,\n"
       << "                        must not be or lie inside DICOM_DIR; surface.* there are "
          "replaced\n"
       << "  --iso HU              isosurface level in HU (default: " << defaults.isoHu << ")\n"
       << "  --radius-mm MM        closing ball radius in mm, 0 skips the closing (default: "
       << defaults.radiusMm << ");\n"
       << "                        voxels per axis = round(MM / spacing)\n"
       << "  --backend B           auto, cpu or cuda (default: auto); cuda fails when no CUDA\n"
       << "                        device is usable; stages without a CUDA implementation run on\n"
       << "                        the CPU and the summary says so per stage\n"
       << "  --series-uid UID      read this series (default: the one with the most slices)\n"
       << "  --png-size WxH        size of surface.png (default: " << defaults.pngWidth << "x"
       << defaults.pngHeight << ")\n"
       << "  --no-png              do not render surface.png\n"
       << "  -h, --help            this text\n"
       << "\n"
       << "The picture is rendered offscreen: through EGL when DISPLAY is unset, else through the\n"
       << "X display (on a machine without GPU or display: xvfb-run -a cumed-ct-surface ...).\n"
       << "Exit status: 0 success, 1 runtime error (input, CUDA, rendering), 2 usage error.\n";
  return text.str();
}

} // namespace cumed::ctsurface
