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

constexpr char kDeflatedSyntax[] = "1.2.840.10008.1.2.1.99";

} // namespace

void CheckSequenceNestingBound(const std::string& path) {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"),
                                                       &std::fclose);
  if (!file) throw DicomError(path + ": cannot be opened for reading");
  // Chunks overlap by 3 bytes so that a tag split between two reads is still seen once.
  constexpr std::size_t kChunk = 1 << 18, kOverlap = 3;
  std::vector<unsigned char> buffer(kChunk + kOverlap);
  std::size_t kept = 0, items = 0;
  bool first = true;
  while (true) {
    const std::size_t read = std::fread(buffer.data() + kept, 1, kChunk, file.get());
    const std::size_t size = kept + read;
    if (first) {
      // The file meta header (never deflated) names the transfer syntax near the start.
      const std::size_t head = std::min<std::size_t>(size, 4096);
      if (std::search(buffer.begin(), buffer.begin() + head, std::begin(kDeflatedSyntax),
                      std::end(kDeflatedSyntax) - 1) != buffer.begin() + head)
        throw DicomError(path + ": " + Describe(kTransferSyntaxUid) + " is deflated (" +
                         kDeflatedSyntax + "), which is not supported: its sequence nesting " +
                         "cannot be bounded before inflating");
      first = false;
    }
    // Count tags starting before the overlap kept for the next round (all of them at the end).
    const std::size_t limit = read == 0 ? size : size - std::min(size, kOverlap);
    for (std::size_t at = 0; at < limit;) {
      const void* found = std::memchr(buffer.data() + at, 0xFE, limit - at);
      if (found == nullptr) break;
      at = static_cast<const unsigned char*>(found) - buffer.data();
      if (ItemTagAt(buffer.data(), at, size) && ++items > kMaxSequenceItems)
        throw DicomError(path + ": holds more than " + std::to_string(kMaxSequenceItems) +
                         " sequence items (FFFE,E000); sequences nested that deeply are not read");
      ++at;
    }
    if (read == 0) break;
    kept = size - limit;
    std::memmove(buffer.data(), buffer.data() + limit, kept);
  }
  if (std::ferror(file.get())) throw DicomError(path + ": read error while scanning the file");
}

} // namespace cumed::io::detail
