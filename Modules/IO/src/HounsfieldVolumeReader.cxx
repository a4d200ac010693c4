#include "HounsfieldVolumeReader.h"

#include "NumberText.h"

#include <itkGDCMImageIO.h>
#include <itkImageFileReader.h>

#include <cmath>
#include <cstdint>
#include <limits>

namespace cumed::io::detail {
namespace {

// GDCMImageIO applies RescaleSlope/Intercept. Reading into float keeps every value it can produce
// from integer slope and intercept exact within (and well beyond) the int16 range, so values
// outside it are detected instead of wrapping.
using SliceImage = itk::Image<float, 2>;

HounsfieldImage::Pointer AllocateVolume(const SliceStackGeometry& geometry) {
  auto volume = HounsfieldImage::New();
  HounsfieldImage::SizeType size;
  HounsfieldImage::SpacingType spacing;
  HounsfieldImage::PointType origin;
  HounsfieldImage::DirectionType direction;
  for (unsigned int i = 0; i < 3; ++i) {
    size[i] = geometry.size[i];
    spacing[i] = geometry.spacing[i];
    origin[i] = geometry.origin[i];
    for (unsigned int j = 0; j < 3; ++j) direction(i, j) = geometry.direction[i * 3 + j];
  }
  volume->SetRegions(HounsfieldImage::RegionType(size));
  volume->SetSpacing(spacing);
  volume->SetOrigin(origin);
  volume->SetDirection(direction);
  volume->Allocate();
  return volume;
}

SliceImage::Pointer ReadSlice(const std::string& file) {
  auto reader = itk::ImageFileReader<SliceImage>::New();
  reader->SetImageIO(itk::GDCMImageIO::New());
  reader->SetFileName(file);
  try {
    reader->Update();
  } catch (const itk::ExceptionObject& error) {
    throw DicomError(
        file + ": cannot read the pixel data with ITK's GDCMImageIO: " + error.GetDescription());
  }
  return reader->GetOutput();
}

} // namespace

HounsfieldImage::Pointer ReadHounsfieldVolume(const std::vector<std::string>& sortedFiles,
                                              const SliceStackGeometry& geometry) {
  HounsfieldImage::Pointer volume = AllocateVolume(geometry);
  const std::size_t columns = geometry.size[0];
  const std::size_t rows = geometry.size[1];
  std::int16_t* out = volume->GetBufferPointer();
  for (std::size_t k = 0; k < sortedFiles.size(); ++k) {
    const std::string& file = sortedFiles[k];
    SliceImage::Pointer slice = ReadSlice(file);
    const SliceImage::SizeType size = slice->GetLargestPossibleRegion().GetSize();
    if (size[0] != columns || size[1] != rows)
      throw DicomError(file + ": ITK decoded " + std::to_string(size[0]) + " x " +
                       std::to_string(size[1]) + " pixels but the header says " +
                       std::to_string(columns) + " x " + std::to_string(rows));
    const float* in = slice->GetBufferPointer();
    std::int16_t* outSlice = out + k * columns * rows;
    for (std::size_t i = 0; i < columns * rows; ++i) {
      const float hu = in[i];
      if (!(hu >= std::numeric_limits<std::int16_t>::min() &&
            hu <= std::numeric_limits<std::int16_t>::max()) ||
          hu != std::round(hu))
        throw DicomError(file + ": Hounsfield value " + FormatNumber(hu) + " at column " +
                         std::to_string(i % columns) + ", row " + std::to_string(i / columns) +
                         " is not an int16 value");
      outSlice[i] = static_cast<std::int16_t>(hu);
    }
  }
  return volume;
}

} // namespace cumed::io::detail
