#pragma once
// One DICOM file's header, read with DCMTK without loading its pixel values: the values the
// series reader validates.
#include "DicomTags.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cumed::io::detail {

struct DicomFileHeader {
  std::string path;
  std::string transferSyntaxUid;        ///< from the file meta header, else the one detected
  bool transferSyntaxDecodable = false; ///< GDCM (hence ITK's GDCMImageIO) can decode the pixels
  bool pixelDataPresent = false;
  bool pixelDataEncapsulated = false; ///< compressed fragments: length unknown until decoded
  std::uint64_t pixelDataLength = 0;  ///< bytes, as declared (native pixel data only)
  /// Why the file could not be parsed completely (e.g. truncated pixel data); "" when it could.
  /// Only fatal when the file belongs to the series being read.
  std::string damage;
  std::map<std::uint32_t, std::string> values; ///< the tags of DicomTags.h that are present

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

/// Makes DCMTK load its global data dictionary now, on the calling thread, so that concurrent
/// ScanDicomFile calls only read it; true when it is loaded.
bool LoadDicomDictionary();

/// Reads `path`'s header (large values such as the pixels stay on disk). nullopt: not a DICOM
/// file. A file with the "DICM" marker is DICOM even when damaged: if it cannot be parsed far
/// enough to know its series, DicomError, so that a damaged slice never silently drops out.
/// Safe to call from several threads at once (each call has its own DCMTK objects).
std::optional<DicomFileHeader> ScanDicomFile(const std::string& path);

} // namespace cumed::io::detail
