#pragma once
// A walk over a DICOM file's element structure (tags, VRs, lengths; values stay on disk except
// those of the image attributes) before DCMTK and GDCM parse it. The two parsers disagree on
// malformed files: DCMTK reports them, Debian's GDCM (built with asserts) aborts on some, and both
// allocate what an element declares before noticing the file is shorter. The walk finds what
// either would misread, so that such a file is refused by name instead.
#include <cstdint>
#include <string>

namespace cumed::io::detail {

/// Scanned text values (UIDs, descriptions, numbers) longer than this are refused rather than
/// loaded: real ones are at most a few hundred bytes.
inline constexpr std::uint32_t kMaxScannedValueLength = 65536;

/// Walks `path` from its file meta group (Part 10 files: `partTen`, after the 132-byte preamble
/// and "DICM") or its first byte to its end (or to the end of PixelData when more than
/// kMaxBytesAfterPixelData bytes follow it, which the scan reports as junk). Returns "" for a
/// well-formed file, else what is wrong, naming the tag, the sizes and what was expected:
/// - a file meta group (0002) that is not explicit VR little endian, has an element with an
///   invalid VR, or whose group length (0002,0000) does not match its elements;
/// - an element whose value runs past the end of the file or of its enclosing item, or that is
///   cut off within its header (truncated or damaged);
/// - an invalid VR, or an undefined length on an element that is not a sequence (or encapsulated
///   PixelData);
/// - an image attribute that GDCM reads with a fixed VR and length (Rows, Columns, Bits*,
///   PixelSpacing, ...) with another VR or length, or a scanned value over
///   kMaxScannedValueLength bytes;
/// - a non-empty RecognitionCode (0008,0010) other than ACR-NEMA (GDCM asserts on it).
/// Image attributes may also have VR UN (the scan reads them through the dictionary's VR).
/// A deflated file's data set is walked in `inflatedDataSet` (DicomInflate.h; required for such a
/// file, else refused), offsets then counting from its start.
/// Bounds its own recursion (one level per nested sequence) at kMaxSequenceDepth; expects
/// DCMTK's dictionary to be loaded (implicit VR sequences are known from it).
std::string CheckDicomElementStructure(const std::string& path, bool partTen,
                                       const std::string* inflatedDataSet = nullptr);

/// Where a Part 10 file's meta group ends and the transfer syntax it names, by the walk's rules.
struct FileMetaGroup {
  std::uint64_t end = 0;         ///< 0 when the group is malformed (the walk says why)
  std::string transferSyntaxUid; ///< "" when absent or malformed
};
FileMetaGroup ReadFileMetaGroup(const std::string& path);

} // namespace cumed::io::detail
