#pragma once
// The command line of cumed-compare: what to compare, how (the kind), the tolerances, and the
// optional command that makes the output first (--test ... --compare).
#include "cumed/app/ToolOptions.h"

#include <optional>
#include <string>
#include <vector>

namespace cumed::compareapp {

inline constexpr const char* kProgramName = "cumed-compare";

enum class Kind { Auto, Image, Mesh, Rendering };

struct Tolerances {
  double intensity = 0.0;      ///< |a - b| above this makes a voxel/pixel differ
  long long voxels = 0;        ///< differing voxels allowed (images)
  double geometry = 1e-4;      ///< spacing, origin, direction entries (images)
  double distance = 1e-6;      ///< symmetric Hausdorff distance, mm (meshes)
  double countFraction = 0.0;  ///< relative point/triangle count difference (meshes)
  double pixelsFraction = 0.0; ///< differing pixels allowed, fraction of all (renderings)
  int shiftRadius = 1;         ///< neighbourhood searched for a matching pixel (renderings)
};

struct Arguments {
  bool help = false;
  bool requiresCuda = false;
  Kind kind = Kind::Auto;
  Tolerances tolerances;
  std::string output;
  std::string baseline;
  std::string diffImage;            ///< empty: none written
  std::vector<std::string> command; ///< --test: run this first; empty: compare only
  app::ToolOptions tool;            ///< --version, --json, --quiet, --verbose, --threads
};

/// Parses `argv` by the program's option table (Arguments.cxx; cumed/app/CommandLine.h). Throws
/// app::UsageError naming the option and value.
Arguments ParseArguments(int argc, const char* const* argv);

/// The --help text, made from the option table.
std::string HelpText();

} // namespace cumed::compareapp
