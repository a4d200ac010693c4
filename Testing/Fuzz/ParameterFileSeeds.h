#pragma once
// The seed corpus of cumed_fuzz_parameter_file (ParameterFileSelector.h): one valid file of each
// kind and a few near misses, each after the byte that selects its kind.
#include <filesystem>

namespace cumed::fuzz {

/// Writes OUTPUT/parameter_file/*.
void WriteParameterFileSeeds(const std::filesystem::path& output);

} // namespace cumed::fuzz
