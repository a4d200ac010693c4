#include "cumed/regression/Compare.h"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <vector>

namespace cumed::regression {
namespace {

std::uintmax_t SizeOf(const std::string& path) {
  std::error_code error;
  const std::uintmax_t size = std::filesystem::file_size(path, error);
  if (error) throw FileError("cannot read '" + path + "': " + error.message());
  return size;
}

std::ifstream Open(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw FileError("cannot read '" + path + "': cannot open it");
  return in;
}

} // namespace

bool SameBytes(const std::string& a, const std::string& b) {
  const std::uintmax_t size = SizeOf(a);
  if (size != SizeOf(b)) return false;
  std::ifstream inA = Open(a), inB = Open(b);
  constexpr std::size_t kChunk = 1 << 20;
  std::vector<char> bufferA(kChunk), bufferB(kChunk);
  for (std::uintmax_t left = size; left > 0;) {
    const auto n = static_cast<std::streamsize>(std::min<std::uintmax_t>(left, kChunk));
    inA.read(bufferA.data(), n);
    inB.read(bufferB.data(), n);
    if (inA.gcount() != n || inB.gcount() != n)
      throw FileError("cannot read '" + (inA.gcount() != n ? a : b) + "': it ended early");
    if (!std::equal(bufferA.begin(), bufferA.begin() + n, bufferB.begin())) return false;
    left -= static_cast<std::uintmax_t>(n);
  }
  return true;
}

} // namespace cumed::regression
