#include "cumed/io/ImageInputChecks.h"

#include "cumed/core/Error.h"

#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <sstream>

namespace fs = std::filesystem;

namespace cumed::io {
namespace {

std::string Number(double value) {
  std::ostringstream text;
  text.precision(17);
  text << value;
  return text.str();
}

std::string List(const std::vector<double>& values) {
  std::string text;
  for (double value : values) text += (text.empty() ? "" : " ") + Number(value);
  return text;
}

// Determinant by Gaussian elimination with partial pivoting (any dimension).
double Determinant(std::vector<double> m, std::size_t n) {
  double det = 1.0;
  for (std::size_t c = 0; c < n; ++c) {
    std::size_t pivot = c;
    for (std::size_t r = c + 1; r < n; ++r) {
      if (std::fabs(m[r * n + c]) > std::fabs(m[pivot * n + c])) pivot = r;
    }
    if (m[pivot * n + c] == 0.0) return 0.0;
    if (pivot != c) {
      for (std::size_t k = 0; k < n; ++k) std::swap(m[c * n + k], m[pivot * n + k]);
      det = -det;
    }
    det *= m[c * n + c];
    for (std::size_t r = c + 1; r < n; ++r) {
      const double factor = m[r * n + c] / m[c * n + c];
      for (std::size_t k = c; k < n; ++k) m[r * n + k] -= factor * m[c * n + k];
    }
  }
  return det;
}

std::string Bytes(std::uint64_t bytes) {
  std::string text = std::to_string(bytes) + " bytes";
  if (bytes >= (1ull << 20))
    text += " (" + Number(std::round(bytes / 1048576.0 * 10) / 10) + " MiB)";
  return text;
}

// "2G" -> 2^31; 0 when the text is not a whole number with an optional K/M/G/T suffix.
std::uint64_t ParseMemoryAmount(const std::string& text) {
  char* end = nullptr;
  const unsigned long long value = std::strtoull(text.c_str(), &end, 10);
  if (end == text.c_str()) return 0;
  unsigned shift = 0;
  const std::string suffix(end);
  if (suffix == "K" || suffix == "k")
    shift = 10;
  else if (suffix == "M" || suffix == "m")
    shift = 20;
  else if (suffix == "G" || suffix == "g")
    shift = 30;
  else if (suffix == "T" || suffix == "t")
    shift = 40;
  else if (!suffix.empty())
    return 0;
  if (value > (std::numeric_limits<std::uint64_t>::max() >> shift)) return 0;
  return static_cast<std::uint64_t>(value) << shift;
}

} // namespace

std::string InputName(const fs::path& file) {
  return "INPUT '" + file.string() + "'";
}

void CheckHeaderNumbers(const fs::path& file, const std::string& field, const std::string& value,
                        bool positive) {
  std::istringstream tokens(value);
  std::string token;
  while (tokens >> token) {
    char* end = nullptr;
    const double number = std::strtod(token.c_str(), &end);
    const char* problem = nullptr;
    if (end == token.c_str() || *end != '\0')
      problem = "is not a number";
    else if (!std::isfinite(number))
      problem = "is not finite";
    else if (positive && number <= 0)
      problem = "is not > 0";
    if (problem) {
      throw cumed::Error(InputName(file) + ": header field " + field + " = '" + value +
                         "': the value '" + token + "' " + problem);
    }
  }
}

std::string SizeText(const std::vector<std::uint64_t>& size) {
  std::string text;
  for (std::uint64_t n : size) text += (text.empty() ? "" : "x") + std::to_string(n);
  return text;
}

std::uint64_t VoxelCount(const fs::path& file, const std::vector<std::uint64_t>& size) {
  std::uint64_t count = 1;
  for (std::size_t axis = 0; axis < size.size(); ++axis) {
    if (size[axis] == 0) {
      throw cumed::Error(InputName(file) + " claims size " + SizeText(size) + ": axis " +
                         std::to_string(axis) + " has no voxels");
    }
    if (count > std::numeric_limits<std::uint64_t>::max() / size[axis]) {
      throw cumed::Error(InputName(file) + " claims size " + SizeText(size) +
                         ": the voxel count overflows 64 bits");
    }
    count *= size[axis];
  }
  return count;
}

void CheckGridGeometry(const fs::path& file, const ImageGridClaim& grid) {
  const std::size_t n = grid.size.size();
  for (std::size_t axis = 0; axis < n; ++axis) {
    const double spacing = grid.spacing[axis];
    if (!std::isfinite(spacing) || spacing <= 0.0) {
      throw cumed::Error(InputName(file) + " has spacing " + List(grid.spacing) + ": the value " +
                         Number(spacing) + " on axis " + std::to_string(axis) +
                         " is not a finite number > 0");
    }
    if (!std::isfinite(grid.origin[axis])) {
      throw cumed::Error(InputName(file) + " has origin " + List(grid.origin) + ": the value " +
                         Number(grid.origin[axis]) + " on axis " + std::to_string(axis) +
                         " is not finite");
    }
  }
  for (double value : grid.direction) {
    if (!std::isfinite(value)) {
      throw cumed::Error(InputName(file) + " has direction " + List(grid.direction) +
                         ": the value " + Number(value) + " is not finite");
    }
  }
  const double det = Determinant(grid.direction, n);
  if (!(std::fabs(det) > 1e-6)) {
    throw cumed::Error(InputName(file) + " has direction " + List(grid.direction) +
                       ": the matrix is singular (determinant " + Number(det) +
                       "), so its axes do not span space");
  }
  // The far corner, origin + direction * (size x spacing): every point of the grid lies between.
  // Surfaces (and NIfTI) keep coordinates as 32-bit floats, so the corner must fit in one.
  for (std::size_t row = 0; row < n; ++row) {
    double corner = grid.origin[row];
    for (std::size_t axis = 0; axis < n; ++axis) {
      corner += grid.direction[row * n + axis] *
                (static_cast<double>(grid.size[axis]) * grid.spacing[axis]);
    }
    if (!(std::fabs(corner) <= std::numeric_limits<float>::max()) ||
        !(std::fabs(grid.origin[row]) <= std::numeric_limits<float>::max())) {
      throw cumed::Error(InputName(file) + " has origin " + List(grid.origin) + ", spacing " +
                         List(grid.spacing) + " and size " + SizeText(grid.size) +
                         ": the physical extent (origin + size x spacing) overflows on axis " +
                         std::to_string(row) + " (beyond 3.4e38, the largest 32-bit float, " +
                         "which surface coordinates use)");
    }
  }
}

std::uint64_t AvailableMemoryBytes(std::string* source) {
  if (const char* setting = std::getenv("CUMED_AVAILABLE_MEMORY"); setting && *setting) {
    const std::uint64_t bytes = ParseMemoryAmount(setting);
    if (bytes == 0) {
      throw cumed::Error(std::string("CUMED_AVAILABLE_MEMORY='") + setting +
                         "' is not a number of bytes > 0 (optionally with K, M, G or T)");
    }
    if (source) *source = "CUMED_AVAILABLE_MEMORY";
    return bytes;
  }
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  std::uint64_t kib = 0;
  std::string unit;
  while (meminfo >> key >> kib >> unit) {
    if (key == "MemAvailable:") {
      if (source) *source = "MemAvailable in /proc/meminfo";
      return kib * 1024;
    }
  }
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long pageSize = sysconf(_SC_PAGE_SIZE);
  if (source) *source = "physical memory (sysconf)";
  if (pages <= 0 || pageSize <= 0) return std::numeric_limits<std::uint64_t>::max();
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(pageSize);
}

void CheckFitsInMemory(const fs::path& file, const std::string& sizeText,
                       std::uint64_t bytesNeeded) {
  std::string source;
  const std::uint64_t available = AvailableMemoryBytes(&source);
  if (bytesNeeded > available) {
    throw cumed::Error(InputName(file) + " of size " + sizeText + " needs about " +
                       Bytes(bytesNeeded) + " of memory; " + Bytes(available) + " are available (" +
                       source + ")");
  }
}

void CheckCompressedBound(const fs::path& file, std::uint64_t compressedBytes,
                          std::uint64_t expectedBytes) {
  constexpr std::uint64_t kDeflateMaxRatio = 1032;
  const bool fits = compressedBytes > UINT64_MAX / kDeflateMaxRatio ||
                    expectedBytes <= compressedBytes * kDeflateMaxRatio;
  if (!fits) {
    throw cumed::Error(InputName(file) + " claims " + Bytes(expectedBytes) +
                       " of image data, but its " + std::to_string(compressedBytes) +
                       " bytes of data can hold at most " +
                       Bytes(compressedBytes * kDeflateMaxRatio) +
                       " even compressed (deflate expands at most 1032 times): the file is "
                       "truncated or its header is wrong");
  }
}

} // namespace cumed::io
