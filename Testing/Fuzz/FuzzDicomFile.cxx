// libFuzzer target: one DICOM file through what the series reader does with each slice: the
// DCMTK header scan (ScanDicomFile), an enhanced multi-frame CT file's expansion into frames
// (ExpandEnhancedCtFrames), the checks and geometry (ValidateAndSortSlices, CT not required so
// that any modality reaches the decoder) and the pixel decode with ITK's GDCM IO
// (ReadHounsfieldVolume) or, for frames, GDCM (ReadEnhancedCtVolume). Documented refusals
// (cumed::Error) are fine; anything else is a finding.
#include "DicomFileHeader.h"
#include "DicomSliceStack.h"
#include "EnhancedCtFrames.h"
#include "EnhancedCtPixels.h"
#include "FuzzSupport.h"
#include "HounsfieldVolumeReader.h"

#include <cstddef>
#include <cstdint>
#include <map>

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  cumed::fuzz::QuietLibraries();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace detail = cumed::io::detail;
  static const cumed::fuzz::ScratchDirectory scratch("dicom-file");
  const std::string file = scratch.Write("slice.dcm", data, size);
  try {
    std::optional<detail::DicomFileHeader> header = detail::ScanDicomFile(file);
    if (!header) return 0; // not DICOM: the reader skips it
    std::map<std::string, std::vector<detail::DicomFileHeader>> series;
    series["fuzz"].push_back(std::move(*header));
    detail::ExpandEnhancedCtFrames(series);
    std::vector<detail::DicomFileHeader>& slices = series["fuzz"];
    const detail::SliceStackGeometry geometry =
        detail::ValidateAndSortSlices(slices, /*requireCT=*/false);
    detail::HounsfieldRounding rounding;
    if (slices.front().frame >= 0)
      detail::ReadEnhancedCtVolume(slices, geometry, &rounding);
    else
      detail::ReadHounsfieldVolume({file}, geometry, /*threads=*/1, &rounding);
  } catch (const cumed::Error& error) {
    cumed::fuzz::NoteRefusal(error);
  }
  return 0;
}
