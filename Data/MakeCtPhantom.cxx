// cumed-make-phantom: writes the synthetic thoracic CT phantom as a DICOM CT series.
#include "cumed/app/Json.h"
#include "cumed/app/Options.h"
#include "cumed/app/ProgramMain.h"
#include "cumed/output/SafeOutput.h"
#include "cumed/app/ToolOptions.h"
#include "cumed/app/UsageError.h"
#include "cumed/core/Error.h"
#include "cumed/core/Timer.h"
#include "cumed/data/CtPhantom.h"
#include "cumed/io/DicomSeriesWriter.h"

#include <itkMacro.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace {

constexpr const char* kProgram = "cumed-make-phantom";

using cumed::app::UsageError;

std::string HelpText() {
  const cumed::data::CtPhantomParameters defaults;
  std::ostringstream out;
  out << "Usage: " << kProgram
      << " [--size X Y Z] [--spacing SX SY SZ] [--seed N] [options] OUTPUT_DIR\n"
      << "\n"
      << "Writes a synthetic thoracic CT phantom (air, skin, fat, muscle, lungs with vessels and\n"
      << "airways, heart, aorta, spine with discs, ribs, sternum; Hounsfield units with mild "
         "noise)\n"
      << "as a DICOM CT series, one file per slice, into OUTPUT_DIR, which must not exist or be\n"
      << "empty (and not be a symbolic link); the series appears there whole, once written.\n"
      << "\n"
      << "Options:\n"
      << "  --size X Y Z          voxels along x, y, z (default " << defaults.size[0] << " "
      << defaults.size[1] << " " << defaults.size[2] << "; each "
      << cumed::data::CtPhantomParameters::kMinimumSize << ".."
      << cumed::data::CtPhantomParameters::kMaximumSize << ")\n"
      << "  --spacing SX SY SZ    voxel spacing in mm (default " << defaults.spacing[0] << " "
      << defaults.spacing[1] << " " << defaults.spacing[2] << ")\n"
      << "  --seed N              seed of the noise (default " << defaults.seed
      << "); the anatomy does not change\n"
      << cumed::app::ToolOptionsHelp() << "  -h, --help            show this help\n";
  return out.str();
}

template <class Integer> Integer ParseInteger(std::string_view text, const char* what) {
  Integer value{};
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) {
    throw UsageError(std::string(what) + " must be a whole number, got '" + std::string(text) +
                     "'");
  }
  return value;
}

double ParseNumber(std::string_view text, const char* what) {
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value)) {
    throw UsageError(std::string(what) + " must be a number, got '" + std::string(text) + "'");
  }
  return value;
}

struct Options {
  cumed::data::CtPhantomParameters phantom;
  std::string outputDirectory;
  bool help = false;
  cumed::app::ToolOptions tool;
};

bool IsFlag(const std::string& name) {
  return name == "-h" || name == "--help" || cumed::app::IsToolFlag(name);
}

bool TakesValue(const std::string& name) {
  return name == "--size" || name == "--spacing" || name == "--seed" ||
         cumed::app::IsToolValueOption(name);
}

// --size and --spacing take three values: the first as any option's, two more after it.
std::vector<std::string> ThreeValues(const std::string& option, const std::string& first, int argc,
                                     const char* const* argv, int& i) {
  if (i + 2 >= argc) throw UsageError(option + " needs 3 values");
  std::vector<std::string> values{first, argv[i + 1], argv[i + 2]};
  i += 2;
  return values;
}

Options ParseArguments(int argc, const char* const* argv) {
  Options options;
  const auto onValue = [&](const cumed::app::OptionArgument& option, const std::string& value,
                           int& i) {
    const std::string& name = option.name;
    if (cumed::app::IsToolValueOption(name)) {
      cumed::app::ApplyToolValue(name, value, options.tool);
    } else if (name == "--size") {
      const auto values = ThreeValues(name, value, argc, argv, i);
      for (int axis = 0; axis < 3; ++axis) {
        options.phantom.size[axis] = ParseInteger<unsigned>(values[axis], "--size");
      }
    } else if (name == "--spacing") {
      const auto values = ThreeValues(name, value, argc, argv, i);
      for (int axis = 0; axis < 3; ++axis) {
        options.phantom.spacing[axis] = ParseNumber(values[axis], "--spacing");
      }
    } else if (name == "--seed") {
      options.phantom.seed = ParseInteger<std::uint64_t>(value, "--seed");
    }
  };
  const auto onFlag = [&](const std::string& name) {
    if (name == "-h" || name == "--help") options.help = true;
    if (cumed::app::IsToolFlag(name)) cumed::app::ApplyToolFlag(name, options.tool);
  };
  const std::vector<std::string> positionals =
      cumed::app::ParseCommandLine(argc, argv, {IsFlag, TakesValue, onFlag, onValue});
  if (options.help || options.tool.version) return options;
  if (positionals.size() > 1) {
    throw UsageError("only one OUTPUT_DIR may be given (got '" + positionals[0] + "' and '" +
                     positionals[1] + "')");
  }
  if (positionals.empty() || positionals[0].empty()) throw UsageError("OUTPUT_DIR is missing");
  options.outputDirectory = positionals[0];
  return options;
}

/// Refuses before spending time on synthesis; the writer checks again when it creates files.
void RequireNewOrEmptyDirectory(const std::filesystem::path& directory) {
  std::error_code error;
  if (std::filesystem::is_symlink(directory, error)) { // the series replaces the name: not a link
    throw UsageError("OUTPUT_DIR '" + directory.string() +
                     "' is a symbolic link; name a new or empty directory itself");
  }
  if (!std::filesystem::exists(directory, error)) return;
  if (!std::filesystem::is_directory(directory, error)) {
    throw UsageError("OUTPUT_DIR '" + directory.string() + "' exists and is not a directory");
  }
  if (!std::filesystem::is_empty(directory, error)) {
    throw UsageError("OUTPUT_DIR '" + directory.string() +
                     "' exists and is not empty; nothing is ever overwritten: remove it or "
                     "choose a new directory");
  }
}

std::string Summary(const cumed::data::CtPhantomImage& image, const std::string& seriesUid,
                    const std::string& directory, double synthesisSeconds, double writingSeconds,
                    bool json) {
  const auto size = image.GetLargestPossibleRegion().GetSize();
  const auto spacing = image.GetSpacing();
  const std::int16_t* begin = image.GetBufferPointer();
  const auto [low, high] = std::minmax_element(begin, begin + image.GetPixelContainer()->Size());
  if (json) {
    cumed::app::JsonObject times;
    times.Add("synthesis", synthesisSeconds).Add("writing", writingSeconds);
    cumed::app::JsonObject summary;
    summary.Add("program", kProgram)
        .Add("slices", static_cast<std::int64_t>(size[2]))
        .Add("size", std::vector<std::int64_t>(size.begin(), size.end()))
        .Add("spacing_mm", std::vector<double>{spacing[0], spacing[1], spacing[2]})
        .Add("hu_min", static_cast<std::int64_t>(*low))
        .Add("hu_max", static_cast<std::int64_t>(*high))
        .Add("series_uid", seriesUid)
        .Add("output_dir", directory)
        .Add("time_s", times);
    return summary.Text();
  }
  std::ostringstream line;
  line.precision(3);
  line << kProgram << ": wrote " << size[2] << " slices, " << size[0] << "x" << size[1] << "x"
       << size[2] << " voxels, spacing " << spacing[0] << "x" << spacing[1] << "x" << spacing[2]
       << " mm, HU " << *low << ".." << *high << ", series " << seriesUid << " to " << directory
       << " (synthesis " << synthesisSeconds << " s, writing " << writingSeconds << " s)";
  return line.str();
}

std::string Run(const Options& options) {
  try {
    cumed::data::ValidateCtPhantomParameters(options.phantom);
  } catch (const cumed::InvalidArgument& error) {
    throw UsageError(error.what()); // parameters out of range: a command-line mistake
  }
  RequireNewOrEmptyDirectory(options.outputDirectory);

  cumed::Stopwatch stopwatch;
  const auto image = cumed::data::MakeCtPhantom(options.phantom);
  const double synthesisSeconds = stopwatch.elapsedSeconds();

  stopwatch.restart();
  cumed::io::DicomWriteOptions write;
  write.seriesDescription = "CuMed synthetic thoracic CT phantom";
  write.studyDescription = "CuMed sample data";
  write.derived = false; // ORIGINAL\PRIMARY: it stands in for an acquired scan
  // Whole or not at all, also when interrupted (reliability.md, "Outputs").
  const std::string seriesUid = cumed::output::WriteWholeDirectory(
      options.outputDirectory, [&](const std::filesystem::path& staged) {
        return cumed::io::WriteDicomCtSeries(image.GetPointer(), staged.string(), write);
      });
  return Summary(*image, seriesUid, options.outputDirectory, synthesisSeconds,
                 stopwatch.elapsedSeconds(), options.tool.json);
}

} // namespace

int main(int argc, char** argv) {
  return cumed::app::RunCommandLine<itk::ExceptionObject>(
      kProgram, argc, argv, ParseArguments, HelpText, Run,
      [](const itk::ExceptionObject& e) { return std::string(e.GetDescription()); });
}
