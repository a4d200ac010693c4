#pragma once
// A bound on how deeply a DICOM file can nest sequences, checked before any parser sees it:
// DCMTK and GDCM both descend into nested sequences recursively, so a file nesting thousands of
// levels (a few hundred kilobytes) overflows the thread's stack.
#include <cstddef>
#include <string>
#include <string_view>

namespace cumed::io::detail {

/// Every nesting level needs one Item tag (FFFE,E000), so their count bounds the depth. Real CT
/// slices hold a few dozen; the parsers' stacks hold well over this many levels. A file with more
/// (an enhanced multi-frame CT holds several per frame, compressed frames one per fragment) is
/// parsed only once the structure walk has shown it nests at most kMaxSequenceDepth levels.
inline constexpr std::size_t kMaxSequenceItems = 2000;
/// No file holding more Item tags than this is read at all (a 20,000-frame enhanced CT holds
/// about 200,000).
inline constexpr std::size_t kMaxSequenceItemsWalked = 2000000;

/// How deeply the structure walk (DicomElementWalk) follows nested sequences before refusing the
/// file. It recurses once per level on a decode worker's stack, which is smaller than the main
/// thread's (and a sanitizer build's frames are several times larger); real CT nests a handful.
inline constexpr std::size_t kMaxSequenceDepth = 256;

/// The number of Item tags (in either byte order) in `path`'s bytes, up to kMaxSequenceItemsWalked
/// (DicomError naming `path` beyond). Reads the whole file once, sequentially; does not parse it.
/// A deflated data set hides its items: count its inflated bytes (DicomInflate.h) with the
/// overload below. Over kMaxSequenceItems, the caller must walk the structure before parsing.
std::size_t CountSequenceItems(const std::string& path);
/// The same count in the inflated data set of the deflated file `path`.
std::size_t CountSequenceItems(const std::string& path, std::string_view inflatedDataSet);

} // namespace cumed::io::detail
