#include "DicomOutput.h"

#include "cumed/io/DicomSeriesWriter.h"
#include "cumed/seg/DicomSeg.h"

#include <algorithm>

namespace cumed::morphologyapp {
namespace {

// Lowest value of the image: HU below -1024 need signed storage.
std::int16_t Lowest(const cumed::io::HounsfieldImage* image) {
  const auto count = image->GetLargestPossibleRegion().GetNumberOfPixels();
  const std::int16_t* values = image->GetBufferPointer();
  return count == 0 ? 0 : *std::min_element(values, values + count);
}

} // namespace

std::string WriteDicomOutput(const cumed::io::HounsfieldImage* image, const std::string& directory,
                             const std::string& description, const cumed::io::CtSeries* source) {
  cumed::io::DicomWriteOptions options;
  options.seriesDescription = description;
  options.derivationDescription = description;
  options.derived = true;
  // Scanner-like storage (uint16, intercept -1024) when the values allow it; else signed.
  options.unsignedWithIntercept = Lowest(image) >= -1024;
  if (source) options.source = &source->info;
  // The writer writes the series beside OUTPUT under a temporary name and renames it once
  // complete (CuMed::OutputSafety): a run stopped half-way leaves no partial series.
  return cumed::io::WriteDicomCtSeries(image, directory, options);
}

std::string WriteSegOutput(const cumed::io::HounsfieldImage* result, double foreground,
                           const cumed::io::CtSeries& source, const std::string& file,
                           const std::string& description) {
  const auto mask = cumed::seg::ThresholdLabels(*result, foreground, foreground);
  cumed::seg::DicomSegOptions options;
  options.segmentLabels[1] = description;
  options.contentDescription = description;
  options.seriesDescription = description;
  return cumed::seg::WriteDicomSeg(mask.GetPointer(), source, file, options);
}

} // namespace cumed::morphologyapp
