#include "cumed/registration/itk/QaPictures.h"

#include "cumed/core/Error.h"
#include "cumed/io/ImageFiles.h"

#include <itkImageFileWriter.h>
#include <itkLinearInterpolateImageFunction.h>
#include <itkPNGImageIO.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace cumed::registration {
namespace {

using Picture = itk::Image<unsigned char, 2>;

/// One slice of values, x fastest.
struct Slice {
  std::size_t width = 0, height = 0;
  std::vector<double> values;
};

template <unsigned D>
typename FloatImage<D>::IndexType SliceIndex(const FloatImage<D>* image, std::size_t x,
                                             std::size_t y) {
  typename FloatImage<D>::IndexType index = image->GetLargestPossibleRegion().GetIndex();
  index[0] += long(x);
  index[1] += long(y);
  if constexpr (D == 3) index[2] += long(image->GetLargestPossibleRegion().GetSize(2) / 2);
  return index;
}

/// The middle slice of `fixed`'s grid with values of `image` there: the same grid (warped), or
/// sampled linearly through `transform` (MOVING before the registration; outside: 0).
template <unsigned D>
Slice SampleSlice(const FloatImage<D>* fixed, const FloatImage<D>* image,
                  const AffineTransformType<D>* transform, bool sameGrid) {
  Slice slice;
  slice.width = fixed->GetLargestPossibleRegion().GetSize(0);
  slice.height = fixed->GetLargestPossibleRegion().GetSize(1);
  auto interpolator = itk::LinearInterpolateImageFunction<FloatImage<D>, double>::New();
  interpolator->SetInputImage(image);
  for (std::size_t y = 0; y < slice.height; ++y)
    for (std::size_t x = 0; x < slice.width; ++x) {
      const auto index = SliceIndex<D>(fixed, x, y);
      if (sameGrid) {
        slice.values.push_back(image->GetPixel(index));
        continue;
      }
      typename FloatImage<D>::PointType point;
      fixed->TransformIndexToPhysicalPoint(index, point);
      if (transform) point = transform->TransformPoint(point);
      slice.values.push_back(interpolator->IsInsideBuffer(point) ? interpolator->Evaluate(point)
                                                                 : 0.0);
    }
  return slice;
}

unsigned char Grey(double value, double low, double high) {
  const double scaled = high > low ? 255.0 * (value - low) / (high - low) : 0.0;
  return static_cast<unsigned char>(std::lround(std::clamp(scaled, 0.0, 255.0)));
}

void WritePng(const Slice& fixed, const Slice& other, bool checkerboard, double low, double high,
              const std::filesystem::path& file) {
  auto picture = Picture::New();
  Picture::RegionType region;
  region.SetSize(0, fixed.width);
  region.SetSize(1, fixed.height);
  picture->SetRegions(region);
  picture->Allocate();
  const std::size_t tile = std::max<std::size_t>(1, std::max(fixed.width, fixed.height) / 8);
  unsigned char* pixels = picture->GetBufferPointer();
  for (std::size_t y = 0; y < fixed.height; ++y)
    for (std::size_t x = 0; x < fixed.width; ++x) {
      const std::size_t i = y * fixed.width + x;
      if (checkerboard)
        pixels[i] =
            Grey(((x / tile + y / tile) % 2 == 0) ? fixed.values[i] : other.values[i], low, high);
      else
        pixels[i] = Grey(std::fabs(fixed.values[i] - other.values[i]), 0.0, high - low);
    }
  auto writer = itk::ImageFileWriter<Picture>::New();
  writer->SetImageIO(itk::PNGImageIO::New());
  writer->SetInput(picture);
  writer->SetFileName(file.string());
  try {
    writer->Update();
  } catch (const itk::ExceptionObject& e) {
    throw cumed::Error("cannot write '" + file.string() + "': " + io::ItkErrorText(e));
  }
}

} // namespace

template <unsigned D>
void WriteQaPictures(const FloatImage<D>* fixed, const FloatImage<D>* moving,
                     const AffineTransformType<D>* initial, const FloatImage<D>* warped,
                     const QaPictureFiles& files) {
  const Slice reference = SampleSlice<D>(fixed, fixed, nullptr, true);
  const Slice before = SampleSlice<D>(fixed, moving, initial, false);
  const Slice after = SampleSlice<D>(fixed, warped, nullptr, true);
  const auto [low, high] = std::minmax_element(reference.values.begin(), reference.values.end());
  WritePng(reference, before, true, *low, *high, files.checkerboardBefore);
  WritePng(reference, after, true, *low, *high, files.checkerboardAfter);
  WritePng(reference, before, false, *low, *high, files.differenceBefore);
  WritePng(reference, after, false, *low, *high, files.differenceAfter);
}

template void WriteQaPictures<2>(const FloatImage<2>*, const FloatImage<2>*,
                                 const AffineTransformType<2>*, const FloatImage<2>*,
                                 const QaPictureFiles&);
template void WriteQaPictures<3>(const FloatImage<3>*, const FloatImage<3>*,
                                 const AffineTransformType<3>*, const FloatImage<3>*,
                                 const QaPictureFiles&);

} // namespace cumed::registration
