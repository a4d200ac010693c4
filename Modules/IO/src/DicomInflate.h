#pragma once
// The data set of a file in Deflated Explicit VR Little Endian (1.2.840.10008.1.2.1.99), inflated
// in memory so that the checks which read raw bytes (DicomNestingBound.h, DicomElementWalk.h) see
// the elements the parsers will see. DCMTK and GDCM inflate such files themselves when parsing.
#include <cstdint>
#include <string>

namespace cumed::io::detail {

inline constexpr char kDeflatedTransferSyntax[] = "1.2.840.10008.1.2.1.99";

/// A decompression bomb stops here: a few kB of deflate stream can expand to gigabytes. A
/// deflated CT slice inflates to about its native size (0.5 MB for 512 x 512 x 16 bits).
inline constexpr std::uint64_t kMaxInflatedBytes = std::uint64_t(1) << 30;

/// Inflates `path` from byte `dataSetStart` (the end of its file meta group) to the end of its
/// deflate stream (raw deflate, RFC 1951, as PS3.5 A.5 specifies; a trailing padding byte is
/// allowed). DicomError naming the file and TransferSyntaxUID (0002,0010) when the stream is
/// damaged, ends before its last block (a truncated file), or inflates past kMaxInflatedBytes.
/// Inflates twice: first only to measure (so a bomb is refused holding nothing), then into one
/// allocation of the measured size.
std::string InflateDataSet(const std::string& path, std::uint64_t dataSetStart);

} // namespace cumed::io::detail
