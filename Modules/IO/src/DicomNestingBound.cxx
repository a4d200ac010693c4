#include "DicomNestingBound.h"

#include "DicomTags.h"
#include "cumed/io/DicomSeriesReader.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <memory>
#include <vector>

namespace cumed::io::detail {
namespace {

// (FFFE,E000) as little endian (FE FF 00 E0) and big endian (FF FE E0 00) bytes: both contain
// 0xFE, which memchr finds quickly in CT pixel data.
bool ItemTagAt(const unsigned char* bytes, std::size_t at, std::size_t size) {
  const bool little =
      at + 3 < size && bytes[at + 1] == 0xFF && bytes[at + 2] == 0x00 && bytes[at + 3] == 0xE0;
  const bool big = at >= 1 && at + 2 < size && bytes[at - 1] == 0xFF && bytes[at + 1] == 0xE0 &&
                   bytes[at + 2] == 0x00;
  return little || big;
}

// Counts the Item tags that start before `limit` in bytes[0, size) into `items`; DicomError
// naming `path` once they exceed kMaxSequenceItemsWalked.
void CountItemTags(const std::string& path, const unsigned char* bytes, std::size_t limit,
                   std::size_t size, std::size_t& items) {
  for (std::size_t at = 0; at < limit;) {
    const void* found = std::memchr(bytes + at, 0xFE, limit - at);
    if (found == nullptr) break;
    at = static_cast<const unsigned char*>(found) - bytes;
    if (ItemTagAt(bytes, at, size) && ++items > kMaxSequenceItemsWalked)
      throw DicomError(path + ": holds more than " + std::to_string(kMaxSequenceItemsWalked) +
                       " sequence items (FFFE,E000); a file with that many is not read");
    ++at;
  }
}

} // namespace

std::size_t CountSequenceItems(const std::string& path, std::string_view inflatedDataSet) {
  std::size_t items = 0;
  const auto* bytes = reinterpret_cast<const unsigned char*>(inflatedDataSet.data());
  CountItemTags(path, bytes, inflatedDataSet.size(), inflatedDataSet.size(), items);
  return items;
}

std::size_t CountSequenceItems(const std::string& path) {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"),
                                                       &std::fclose);
  if (!file) throw DicomError(path + ": cannot be opened for reading");
  // Chunks overlap by 3 bytes so that a tag split between two reads is still seen once.
  constexpr std::size_t kChunk = 1 << 18, kOverlap = 3;
  std::vector<unsigned char> buffer(kChunk + kOverlap);
  std::size_t kept = 0, items = 0;
  while (true) {
    const std::size_t read = std::fread(buffer.data() + kept, 1, kChunk, file.get());
    const std::size_t size = kept + read;
    // Count tags starting before the overlap kept for the next round (all of them at the end).
    const std::size_t limit = read == 0 ? size : size - std::min(size, kOverlap);
    CountItemTags(path, buffer.data(), limit, size, items);
    if (read == 0) break;
    kept = size - limit;
    std::memmove(buffer.data(), buffer.data() + limit, kept);
  }
  if (std::ferror(file.get())) throw DicomError(path + ": read error while scanning the file");
  return items;
}

} // namespace cumed::io::detail
