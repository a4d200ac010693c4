#include "DicomFileSave.h"

#include "cumed/io/DicomSeriesReader.h"

#include <cstdint>
#include <filesystem>
#include <system_error>

namespace cumed::io::detail {

void SaveDicomFile(DcmFileFormat& file, const std::string& path, const std::string& shownName) {
  // Sequences with explicit lengths, so that DCMTK's count below is the file's length.
  const OFCondition status =
      file.saveFile(path.c_str(), EXS_LittleEndianExplicit, EET_ExplicitLength);
  if (status.bad())
    throw DicomError("cannot write '" + shownName + "' with DCMTK: " + status.text());
  // The expected length counts the preamble as DCMTK writes it.
  const std::uint64_t expected =
      file.calcElementLength(EXS_LittleEndianExplicit, EET_ExplicitLength);
  std::error_code error;
  const std::uint64_t written = std::filesystem::file_size(path, error);
  if (error || written != expected)
    throw DicomError("cannot write '" + shownName + "': DCMTK returned, but only " +
                     std::to_string(error ? 0 : written) + " of its " + std::to_string(expected) +
                     " bytes are in the file (is the file system full?)");
}

} // namespace cumed::io::detail
