#pragma once
// Sorting the files of a directory into DICOM series, without reading pixel data.
#include "DicomFileHeader.h"

#include <map>
#include <string>
#include <vector>

namespace cumed::io::detail {

/// SeriesInstanceUIDs longer than this are refused (PS3.5's limit for UI values).
inline constexpr std::size_t kMaxUidLength = 64;
/// A tree walk reads directories this many levels below its root at most (a CD export uses 3-4).
inline constexpr int kMaxDirectoryDepth = 16;

/// Digits and single dots, at most kMaxUidLength characters (PS3.5 9.1).
bool IsStandardUid(const std::string& uid);

struct DicomDirectoryScan {
  std::map<std::string, std::vector<DicomFileHeader>> series; ///< by SeriesInstanceUID
  std::vector<std::string> skippedFiles; ///< not DICOM, or DICOM outside any series (DICOMDIR)
  std::vector<std::string> directories;  ///< the directories scanned, in path order
  /// Files left out as copies: same series and SOPInstanceUID (and frame) as a file of another
  /// directory scanned before (in path order).
  std::vector<std::string> duplicateFiles;
};

/// Scans the regular files directly in `directory` (sub-directories are skipped, with a warning
/// naming each when `warnSubdirectories`), in name order. A file named DICOMDIR (any case) is
/// skipped with a debug line: an index of the files, which are scanned themselves. Files that are
/// not DICOM are skipped with a warning each, so that a stray README or thumbnail next to the
/// slices does not stop the read. DicomError when the directory is missing, and for what may be a
/// damaged slice: a file that cannot be opened (or a link to nothing named *.dcm), a *.dcm file
/// that is not DICOM, an image without SeriesInstanceUID, an SeriesInstanceUID that is over 64
/// characters or holds control or non-ASCII characters (the message prints it with \\xNN escapes).
/// A printable UID that is not a standard one (an anonymiser's hash) is accepted with a debug line.
/// The files are read on up to `threads` threads; the warnings, the result and the error (that of
/// the first file in name order) are the same as with one. A directory without any DICOM series
/// gives an empty `series` (RequireSeries refuses it).
DicomDirectoryScan ScanDicomDirectory(const std::string& directory, int threads,
                                      bool warnSubdirectories = true);

/// `root` and, when `recursive`, its sub-directories down to kMaxDirectoryDepth levels (deeper
/// ones are named in a warning; symbolic links to directories and hidden directories, such as
/// the .cumed-partial-* of an interrupted write, are not followed), each scanned
/// as ScanDicomDirectory does, merged by SeriesInstanceUID. A file of a series whose
/// SOPInstanceUID (and frame) was already found in another directory is a copy: left out, listed
/// in `duplicateFiles`, with one warning per directory. Not recursive: ScanDicomDirectory with its
/// warning per sub-directory.
DicomDirectoryScan ScanDicomTree(const std::string& root, int threads, bool recursive);

/// DicomError "no DICOM series in 'DIRECTORY' (N non-DICOM files skipped)" when `scan` found none.
void RequireSeries(const DicomDirectoryScan& scan, const std::string& directory);

} // namespace cumed::io::detail
