#pragma once
// A bound on how deeply a DICOM file can nest sequences, checked before any parser sees it:
// DCMTK and GDCM both descend into nested sequences recursively, so a file nesting thousands of
// levels (a few hundred kilobytes) overflows the thread's stack.
#include <cstddef>
#include <string>
#include <string_view>

namespace cumed::io::detail {

/// Every nesting level needs one Item tag (FFFE,E000), so their count bounds the depth. Real CT
/// slices hold a few dozen; the parsers' stacks hold well over this many levels.
inline constexpr std::size_t kMaxSequenceItems = 2000;

/// How deeply the structure walk (DicomElementWalk) follows nested sequences before refusing the
/// file. It recurses once per level on a decode worker's stack, which is smaller than the main
/// thread's (and a sanitizer build's frames are several times larger); real CT nests a handful.
inline constexpr std::size_t kMaxSequenceDepth = 256;

/// DicomError naming `path` when its bytes hold more than kMaxSequenceItems Item tags (in either
/// byte order). Reads the whole file once, sequentially; does not parse it. A deflated data set
/// hides its items: check its inflated bytes (DicomInflate.h) with the overload below.
void CheckSequenceNestingBound(const std::string& path);
/// The same bound on the inflated data set of the deflated file `path`.
void CheckSequenceNestingBound(const std::string& path, std::string_view inflatedDataSet);

} // namespace cumed::io::detail
