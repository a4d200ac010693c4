// cumed-make-phantom: writes the synthetic thoracic CT phantom as a DICOM CT series.
#include "cumed/core/Error.h"
#include "cumed/core/Timer.h"
#include "cumed/data/CtPhantom.h"
#include "cumed/io/DicomSeriesWriter.h"

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

void PrintUsage(std::ostream& out) {
  const cumed::data::CtPhantomParameters defaults;
  out << "Usage: " << kProgram << " [--size X Y Z] [--spacing SX SY SZ] [--seed N] OUTPUT_DIR\n"
      << "\n"
      << "Writes a synthetic thoracic CT phantom (air, skin, fat, muscle, lungs with vessels and\n"
      << "airways, heart, aorta, spine with discs, ribs, sternum; Hounsfield units with mild "
         "noise)\n"
      << "as a DICOM CT series, one file per slice, into OUTPUT_DIR, which must not exist or be\n"
      << "empty.\n"
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
      << "  -h, --help            show this help\n";
}

/// A command-line mistake: reported with a pointer to --help and exit status 2.
struct UsageError {
  std::string message;
};

template <class Integer> Integer ParseInteger(std::string_view text, const char* what) {
  Integer value{};
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) {
    throw UsageError{std::string(what) + " must be a whole number, got '" + std::string(text) +
                     "'"};
  }
  return value;
}

double ParseNumber(std::string_view text, const char* what) {
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value)) {
    throw UsageError{std::string(what) + " must be a number, got '" + std::string(text) + "'"};
  }
  return value;
}

struct Options {
  cumed::data::CtPhantomParameters phantom;
  std::string outputDirectory;
  bool help = false;
};

Options ParseArguments(const std::vector<std::string_view>& args) {
  Options options;
  const auto valuesOf = [&](std::size_t& i, std::size_t count) {
    const std::string_view option = args[i];
    if (i + count >= args.size()) {
      throw UsageError{std::string(option) + " needs " + std::to_string(count) +
                       (count == 1 ? " value" : " values")};
    }
    std::vector<std::string_view> values(args.begin() + i + 1, args.begin() + i + 1 + count);
    i += count;
    return values;
  };
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view arg = args[i];
    if (arg == "-h" || arg == "--help") {
      options.help = true;
    } else if (arg == "--size") {
      const auto values = valuesOf(i, 3);
      for (int axis = 0; axis < 3; ++axis) {
        options.phantom.size[axis] = ParseInteger<unsigned>(values[axis], "--size");
      }
    } else if (arg == "--spacing") {
      const auto values = valuesOf(i, 3);
      for (int axis = 0; axis < 3; ++axis) {
        options.phantom.spacing[axis] = ParseNumber(values[axis], "--spacing");
      }
    } else if (arg == "--seed") {
      options.phantom.seed = ParseInteger<std::uint64_t>(valuesOf(i, 1)[0], "--seed");
    } else if (arg.size() > 1 && arg[0] == '-') {
      throw UsageError{"unknown option '" + std::string(arg) + "'"};
    } else if (!options.outputDirectory.empty()) {
      throw UsageError{"only one OUTPUT_DIR may be given (got '" + options.outputDirectory +
                       "' and '" + std::string(arg) + "')"};
    } else {
      options.outputDirectory = std::string(arg);
    }
  }
  if (!options.help && options.outputDirectory.empty()) throw UsageError{"OUTPUT_DIR is missing"};
  return options;
}

/// Refuses before spending time on synthesis; the writer checks again when it creates files.
void RequireNewOrEmptyDirectory(const std::filesystem::path& directory) {
  std::error_code error;
  if (!std::filesystem::exists(directory, error)) return;
  if (!std::filesystem::is_directory(directory, error)) {
    throw UsageError{"OUTPUT_DIR '" + directory.string() + "' exists and is not a directory"};
  }
  if (!std::filesystem::is_empty(directory, error)) {
    throw UsageError{"OUTPUT_DIR '" + directory.string() +
                     "' exists and is not empty; nothing is ever overwritten: remove it or "
                     "choose a new directory"};
  }
}

std::string Summary(const cumed::data::CtPhantomImage& image, const std::string& seriesUid,
                    const std::string& directory, double synthesisSeconds, double writingSeconds) {
  const auto size = image.GetLargestPossibleRegion().GetSize();
  const auto spacing = image.GetSpacing();
  const std::int16_t* begin = image.GetBufferPointer();
  const auto [low, high] = std::minmax_element(begin, begin + image.GetPixelContainer()->Size());
  std::ostringstream line;
  line.precision(3);
  line << kProgram << ": wrote " << size[2] << " slices, " << size[0] << "x" << size[1] << "x"
       << size[2] << " voxels, spacing " << spacing[0] << "x" << spacing[1] << "x" << spacing[2]
       << " mm, HU " << *low << ".." << *high << ", series " << seriesUid << " to " << directory
       << " (synthesis " << synthesisSeconds << " s, writing " << writingSeconds << " s)";
  return line.str();
}

int Run(const Options& options) {
  cumed::data::ValidateCtPhantomParameters(options.phantom);
  RequireNewOrEmptyDirectory(options.outputDirectory);

  cumed::Stopwatch stopwatch;
  const auto image = cumed::data::MakeCtPhantom(options.phantom);
  const double synthesisSeconds = stopwatch.elapsedSeconds();

  stopwatch.restart();
  cumed::io::DicomWriteOptions write;
  write.seriesDescription = "CuMed synthetic thoracic CT phantom";
  write.studyDescription = "CuMed sample data";
  write.derived = false; // ORIGINAL\PRIMARY: it stands in for an acquired scan
  const std::string seriesUid =
      cumed::io::WriteDicomCtSeries(image.GetPointer(), options.outputDirectory, write);
  std::cout << Summary(*image, seriesUid, options.outputDirectory, synthesisSeconds,
                       stopwatch.elapsedSeconds())
            << std::endl;
  return EXIT_SUCCESS;
}

} // namespace

int main(int argc, char** argv) {
  try {
    const Options options = ParseArguments(std::vector<std::string_view>(argv + 1, argv + argc));
    if (options.help) {
      PrintUsage(std::cout);
      return EXIT_SUCCESS;
    }
    return Run(options);
  } catch (const UsageError& error) {
    std::cerr << kProgram << ": error: " << error.message << "\n"
              << "Run '" << kProgram << " --help' for usage.\n";
    return 2;
  } catch (const cumed::InvalidArgument& error) {
    std::cerr << kProgram << ": error: " << error.what() << "\n";
    return 2;
  } catch (const std::exception& error) {
    std::cerr << kProgram << ": error: " << error.what() << "\n";
    return EXIT_FAILURE;
  }
}
