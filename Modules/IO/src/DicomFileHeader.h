#pragma once
// One DICOM file's header, read with DCMTK without loading its pixel values: the values the
// series reader validates.
#include "DicomTags.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cumed::io::detail {

struct DicomFileHeader {
  std::string path;
  std::string transferSyntaxUid;        ///< from the file meta header, else the one detected
  bool transferSyntaxDecodable = false; ///< GDCM (hence ITK's GDCMImageIO) can decode the pixels
  bool pixelDataPresent = false;
  bool pixelDataEncapsulated = false; ///< compressed fragments: length unknown until decoded
  std::uint64_t pixelDataLength = 0;  ///< bytes, as declared (native pixel data only)
  /// Why the file could not be parsed completely (e.g. truncated pixel data, junk after the pixel
  /// data); "" when it could.
  /// Only fatal when the file belongs to the series being read.
  std::string damage;
  std::map<std::uint32_t, std::string> values; ///< the tags of DicomTags.h that are present
  /// -1 for a single-frame file; else which frame (0-based) of an enhanced multi-frame file this
  /// header stands for (one header per frame, with that frame's position, orientation, spacing
  /// and rescale in `values`).
  int frame = -1;

  bool Has(const DicomTag& tag) const;
  /// The value as text, surrounding spaces removed; "" when absent.
  std::string Text(const DicomTag& tag) const;
  /// Exactly `count` backslash-separated numbers; DicomError names the file and tag otherwise.
  std::vector<double> Numbers(const DicomTag& tag, std::size_t count) const;
  double Number(const DicomTag& tag) const;
  double NumberOr(const DicomTag& tag, double fallback) const;
  long Integer(const DicomTag& tag) const;
  long IntegerOr(const DicomTag& tag, long fallback) const;
};

/// GE's private syntax: implicit VR little endian, pixel values big endian. DCMTK and GDCM read it.
inline constexpr char kGePrivateTransferSyntax[] = "1.2.840.113619.5.2";

/// "Explicit VR Little Endian (1.2.840.10008.1.2.1)", "GE private implicit VR big endian
/// (1.2.840.113619.5.2)", or "an unknown transfer syntax (<uid>)": how messages name a syntax.
std::string NameTransferSyntax(const std::string& uid);

/// `text` for a message: printable ASCII as is, any other byte as \xNN (a last resort: the
/// scan reads text values as text, UN ones included).
std::string Printable(std::string_view text);

/// Bytes of elements that may follow PixelData (padding, signatures) left to GDCM to parse.
inline constexpr std::uintmax_t kMaxBytesAfterPixelData = 65536;

/// Sets DCMTK up for the scan, once per process, on the calling thread (so that concurrent
/// ScanDicomFile calls only read DCMTK's globals): loads the data dictionary; stops the parse of
/// a data set after its PixelData (dcmStopParsingAfterElement) and prints DCMTK's dcmdata
/// messages from errors up only. Both settings are process-wide. True when the dictionary is
/// loaded.
bool PrepareDcmtk();

/// Reads `path`'s header (large values such as the pixels stay on disk; nothing after PixelData is
/// parsed). nullopt: not a DICOM file. DicomError when the file cannot be opened, nests too many
/// sequence items (DicomNestingBound.h), or has the "DICM" marker but cannot be parsed far
/// enough to know its series, so that a damaged slice never silently drops out. Other damage
/// (truncated pixels, junk after them) is recorded in `damage`.
/// Safe to call from several threads at once (each call has its own DCMTK objects).
std::optional<DicomFileHeader> ScanDicomFile(const std::string& path);

} // namespace cumed::io::detail
