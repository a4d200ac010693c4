#pragma once
// Counting the bytes a compressed stream really holds, in a small scratch buffer, before the
// image's buffer is allocated: ITK's MetaImage and NIfTI readers leave the missing part of a
// short or corrupt stream as zeros without an error.
#include <cstdint>
#include <filesystem>
#include <string>

namespace cumed::io::detail {

struct StreamCount {
  std::uint64_t bytes = 0; ///< decompressed, up to the limit given (+ 1 when there is more)
  std::string problem;     ///< empty when the stream ended cleanly
};

/// Inflates the zlib or gzip stream of `length` bytes at `offset` in `file` (MetaImage
/// CompressedData), stopping once more than `limit` bytes came out.
StreamCount CountInflatedBytes(const std::filesystem::path& file, std::uint64_t offset,
                               std::uint64_t length, std::uint64_t limit);

/// Reads the whole gzip file `file` (all members, as zlib's gzread does for NIfTI's .nii.gz),
/// stopping once more than `limit` bytes came out.
StreamCount CountGzipFileBytes(const std::filesystem::path& file, std::uint64_t limit);

} // namespace cumed::io::detail
