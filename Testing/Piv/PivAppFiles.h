#pragma once
// What the cumed-piv tests share: a fresh working directory per test, the program run there,
// particle frames written as PNG (8-bit) or TIFF (16-bit), fields read back.
#include "ParticleImages.h"
#include "ProgramRun.h"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace cumed::pivtest {

/// A new, empty directory for the current test.
std::filesystem::path FreshWorkDirectory();

apptest::RunResult RunPiv(const std::vector<std::string>& arguments,
                          const std::filesystem::path& directory);

/// Writes a rendered float frame quantised to 8 bits (.png, .bmp) or 16 bits (.tif).
void WriteFrame(const Image& frame, const std::filesystem::path& file);

/// Renders a pair with a uniform shift (dx, dy) and writes it as `first` and `second`.
void WritePair(const std::filesystem::path& first, const std::filesystem::path& second, double dx,
               double dy, std::uint32_t seed = 1, int width = 128, int height = 96);

/// The vectors of a cumed-piv .txt file.
struct TextVector {
  float x, y, u, v;
  int flags;
};
std::vector<TextVector> ReadFieldText(const std::filesystem::path& file);

/// ../shared/data/piv/<name> beside the checkout, or nothing.
std::optional<std::filesystem::path> SharedPivData(const std::string& name);

} // namespace cumed::pivtest
