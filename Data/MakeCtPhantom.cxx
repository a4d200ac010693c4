// cumed-make-phantom: writes the synthetic thoracic CT phantom as a DICOM CT series.
#include "cumed/app/CommandLine.h"
#include "cumed/app/Json.h"
#include "cumed/app/ProgramMain.h"
#include "cumed/app/ToolOptions.h"
#include "cumed/app/UsageError.h"
#include "cumed/core/Error.h"
#include "cumed/core/Timer.h"
#include "cumed/data/CtPhantom.h"
#include "cumed/io/DicomSeriesWriter.h"
#include "cumed/output/SafeOutput.h"

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

// "X,Y,Z" (CommandLine joins --size X Y Z so) -> three values.
template <class T, class Parse> void ThreeValues(const std::string& text, T& target, Parse parse) {
  std::istringstream values(text);
  std::string value;
  for (int axis = 0; axis < 3 && std::getline(values, value, ','); ++axis)
    target[axis] = parse(value);
}

// The option table: every option once, with its help and what it does with its value.
void DeclareOptions(cumed::app::CommandLine& cli, Options& options) {
  const cumed::data::CtPhantomParameters defaults;
  using cumed::data::CtPhantomParameters;
  cli.Usage(
      "[--size X Y Z] [--spacing SX SY SZ] [--seed N] [options] OUTPUT_DIR",
      "Writes a synthetic thoracic CT phantom (air, skin, fat, muscle, lungs with vessels and\n"
      "airways, heart, aorta, spine with discs, ribs, sternum; Hounsfield units with mild "
      "noise)\n"
      "as a DICOM CT series, one file per slice, into OUTPUT_DIR, which must not exist or be\n"
      "empty (and not be a symbolic link); the series appears there whole, once written.\n");
  cli.Section("Options:");
  auto* size =
      cli.Value("--size", "X Y Z",
                "voxels along x, y, z (default " + std::to_string(defaults.size[0]) + " " +
                    std::to_string(defaults.size[1]) + " " + std::to_string(defaults.size[2]) +
                    "; each " + std::to_string(CtPhantomParameters::kMinimumSize) + ".." +
                    std::to_string(CtPhantomParameters::kMaximumSize) + ")",
                [&options](const std::string& text) {
                  ThreeValues(text, options.phantom.size, [](const std::string& v) {
                    return ParseInteger<unsigned>(v, "--size");
                  });
                });
  cli.AllowValues(size, 3, nullptr);
  std::ostringstream spacingDefault;
  spacingDefault << "voxel spacing in mm (default " << defaults.spacing[0] << " "
                 << defaults.spacing[1] << " " << defaults.spacing[2] << ")";
  auto* spacing =
      cli.Value("--spacing", "SX SY SZ", spacingDefault.str(), [&options](const std::string& text) {
        ThreeValues(text, options.phantom.spacing,
                    [](const std::string& v) { return ParseNumber(v, "--spacing"); });
      });
  cli.AllowValues(spacing, 3, nullptr);
  cli.Value("--seed", "N",
            "seed of the noise (default " + std::to_string(defaults.seed) +
                "); the anatomy does not change",
            [&options](const std::string& text) {
              options.phantom.seed = ParseInteger<std::uint64_t>(text, "--seed");
            });
}

Options ParseArguments(int argc, const char* const* argv) {
  Options options;
  const auto table = cumed::app::ParseTable(kProgram, argc, argv, options, DeclareOptions);
  if (!table) return options;
  const std::vector<std::string>& positionals = *table;
  if (positionals.size() > 1) {
    throw UsageError("only one OUTPUT_DIR may be given (got '" + positionals[0] + "' and '" +
                     positionals[1] + "')");
  }
  if (positionals.empty() || positionals[0].empty()) throw UsageError("OUTPUT_DIR is missing");
  options.outputDirectory = positionals[0];
  return options;
}

std::string HelpText() {
  return cumed::app::TableHelp<Options>(kProgram, DeclareOptions);
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
