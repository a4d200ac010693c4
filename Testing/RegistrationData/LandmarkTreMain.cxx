// cumed-landmark-tre: target registration error of a displacement field on landmark pairs.
#include "CommandLine.h"
#include "ImageFiles.h"
#include "Landmarks.h"

#include "cumed/core/Error.h"

#include <cstdio>
#include <iostream>
#include <optional>
#include <string>

int main(int argc, char** argv) {
  using namespace cumed::regdata;
  const char* usage =
      "usage: cumed-landmark-tre FIXED_POINTS MOVING_POINTS [FIELD.mha] [--fixed-grid IMAGE]\n"
      "                          [--moving-grid IMAGE]\n"
      "Elastix point files (`point`: mm, `index`: voxels of the image given by --fixed-grid /\n"
      "--moving-grid). TRE_i = |p_fixed + u(p_fixed) - p_moving| with u trilinear from FIELD\n"
      "(3-component, mm, ITK's fixed->moving convention); without FIELD, u = 0 (before\n"
      "registration). Prints mean, std (population), max over the pairs. Exit codes: 0 printed,\n"
      "1 unreadable inputs or a point outside the field, 2 bad command line.\n";
  std::string fixedFile, movingFile, fieldFile, fixedGrid, movingGrid;
  try {
    int positional = 0;
    for (int i = 1; i < argc; ++i) {
      const std::string arg = argv[i];
      if (arg == "--help" || arg == "-h") {
        std::cout << usage;
        return 0;
      }
      if (arg == "--fixed-grid" || arg == "--moving-grid") {
        if (i + 1 >= argc) throw cumed::InvalidArgument(arg + " needs an image file");
        (arg == "--fixed-grid" ? fixedGrid : movingGrid) = argv[++i];
      } else if (!arg.empty() && arg[0] == '-') {
        throw cumed::InvalidArgument("unknown option '" + arg + "'");
      } else {
        std::string* slots[] = {&fixedFile, &movingFile, &fieldFile};
        if (positional == 3) throw cumed::InvalidArgument("unexpected argument '" + arg + "'");
        *slots[positional++] = arg;
      }
    }
    if (positional < 2) throw cumed::InvalidArgument("the two point files are required");
  } catch (const cumed::Error& e) {
    std::cerr << "cumed-landmark-tre: " << e.what() << "\n" << usage;
    return kExitUsage;
  }
  try {
    auto readPoints = [](const std::string& file, const std::string& grid) {
      if (grid.empty()) return ReadElastixPoints(file);
      const cumed::Image image = ReadFloatImage(grid);
      return ReadElastixPoints(file, &image.geometry());
    };
    const auto fixedPoints = readPoints(fixedFile, fixedGrid);
    const auto movingPoints = readPoints(movingFile, movingGrid);
    std::optional<cumed::Image> field;
    if (!fieldFile.empty()) field = ReadFloatImage(fieldFile);
    const auto s = ComputeTre(fixedPoints, movingPoints, field ? &*field : nullptr);
    std::printf("tre_mm mean=%.4f std=%.4f max=%.4f pairs=%zu\n", s.meanMm, s.stdMm, s.maxMm,
                s.pairs);
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "cumed-landmark-tre: " << e.what() << "\n";
    return kExitFailed;
  }
}
