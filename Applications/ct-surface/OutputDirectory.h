#pragma once
// Where the outputs go. The input series is never touched: the output directory may be neither
// the input directory nor inside it.
#include <filesystem>

namespace cumed::ctsurface {

/// Checks that `output` is not `input` and does not lie inside it (UsageError), then creates it
/// if missing (cumed::Error when that fails or when it exists as a file). Returns its path.
std::filesystem::path PrepareOutputDirectory(const std::filesystem::path& output,
                                             const std::filesystem::path& input);

} // namespace cumed::ctsurface
