#pragma once
// Checks on the paths a program is given, so that it never writes into its input.
#include <filesystem>

namespace cumed::output {

/// True when `path` is `ancestor` or lies below it. Both are resolved through symlinks as far as
/// they exist, so "./out/../dicom" and a symlink to the series count as the series.
bool IsSameOrInside(const std::filesystem::path& path, const std::filesystem::path& ancestor);

/// The running program's file (Linux: /proc/self/exe), resolved; empty when unknown.
std::filesystem::path ExecutablePath();

} // namespace cumed::output
