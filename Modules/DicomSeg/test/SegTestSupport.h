#pragma once
// What the SEG and derived-series tests share: a generated source CT series with a known patient
// and study, and the independent validators (dciodvfy, GDCM).
#include "DicomTestSupport.h"
#include "cumed/seg/DicomSeg.h"

#include <string>
#include <vector>

namespace cumed::seg::test {

using io::test::TemporaryDirectory;
using io::test::VolumeGeometry;

/// The patient and study the generated source series is written with.
io::DicomWriteOptions SourceStudyOptions();

/// A random CT volume of `geometry` written as a series in `directory` with
/// SourceStudyOptions(), and read back (the source a derived object refers to).
io::CtSeries MakeSourceSeries(const VolumeGeometry& geometry, const std::string& directory,
                              unsigned seed = 1234);

/// 1 where `image` >= `threshold` HU, else 0: a mask on the image's grid.
LabelImage::Pointer ThresholdMask(const io::HounsfieldImage& image, int threshold);

/// dciodvfy's output for `file` (also printed), one line per entry; `available` false when dciodvfy
/// is not installed (the caller skips).
struct IodCheck {
  bool available = false;
  std::vector<std::string> lines;
  std::vector<std::string> errors; ///< the lines that start with "Error"
};
IodCheck RunDciodvfy(const std::string& file);

} // namespace cumed::seg::test
