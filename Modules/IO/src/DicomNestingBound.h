#pragma once
// A bound on how deeply a DICOM file can nest sequences, checked before any parser sees it:
// DCMTK and GDCM both descend into nested sequences recursively, so a file nesting thousands of
// levels (a few hundred kilobytes) overflows the thread's stack.
#include <cstddef>
#include <string>

namespace cumed::io::detail {

/// Every nesting level needs one Item tag (FFFE,E000), so their count bounds the depth. Real CT
/// slices hold a few dozen; the parsers' stacks hold well over this many levels.
inline constexpr std::size_t kMaxSequenceItems = 2000;

/// How deeply the structure walk (DicomElementWalk) follows nested sequences before refusing the
/// file. It recurses once per level on a decode worker's stack, which is smaller than the main
/// thread's (and a sanitizer build's frames are several times larger); real CT nests a handful.
inline constexpr std::size_t kMaxSequenceDepth = 256;

/// DicomError naming `path` when its bytes hold more than kMaxSequenceItems Item tags (in either
/// byte order), or when its data set is deflated (its items cannot be counted before inflating).
/// Reads the whole file once, sequentially; does not parse it.
void CheckSequenceNestingBound(const std::string& path);

} // namespace cumed::io::detail
