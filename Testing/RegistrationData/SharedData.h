#pragma once
// ../shared/data beside the checkout (CUMED_SOURCE_DIR, set by cumed_add_gtest), or nothing.
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

namespace cumed::regdata {

inline std::optional<std::filesystem::path> SharedDataFile(const std::string& relative) {
  const char* source = std::getenv("CUMED_SOURCE_DIR");
  if (!source) return std::nullopt;
  const auto path = std::filesystem::path(source) / ".." / "shared" / "data" / relative;
  if (!std::filesystem::exists(path)) return std::nullopt;
  return path;
}

} // namespace cumed::regdata
