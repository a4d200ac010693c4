#pragma once
// Inputs of cumed_fuzz_parameter_file: the first byte picks the kind of small text file (modulo
// their count), the rest is the file. Shared by the harness and the seed writer.
#include <string>
#include <vector>

namespace cumed::fuzz {

struct ParameterFileKind {
  std::string name;      ///< for the seed files' names
  std::string extension; ///< the file the harness writes
};

/// elastix parameter file (cumed-register --params), elastix point file (--points), transform
/// file (--initial-transform), keyframes (cumed-deform --keyframes), cumed-piv --settings.
inline const std::vector<ParameterFileKind>& ParameterFileKinds() {
  static const std::vector<ParameterFileKind> kinds{{"elastix-parameters", ".txt"},
                                                    {"elastix-points", ".txt"},
                                                    {"transform", ".tfm"},
                                                    {"keyframes", ".json"},
                                                    {"piv-settings", ".txt"}};
  return kinds;
}

} // namespace cumed::fuzz
