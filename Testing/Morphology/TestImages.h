#pragma once
// Small images for the program's tests: random pixels on a deliberately awkward grid (odd sizes,
// non-unit spacing, an origin, a rotated direction), file IO, and exact comparisons.
#include <gtest/gtest.h>
#include <itkImage.h>
#include <itkImageFileReader.h>
#include <itkImageFileWriter.h>
#include <itkImageIOBase.h>
#include <itkImageIOFactory.h>

#include <cmath>
#include <cstddef>
#include <cstring>
#include <filesystem>
#include <random>
#include <string>
#include <type_traits>

namespace cumed::morphologytest {

/// An image of `size` with random values in [low, high] (integers for integer pixels), spacing
/// 0.7, 1.3, 2.1..., origin -10, 5, 30, and a direction rotated by 30 degrees about z.
template <class TImage>
typename TImage::Pointer RandomImage(const typename TImage::SizeType& size, double low, double high,
                                     unsigned seed) {
  constexpr unsigned D = TImage::ImageDimension;
  using Pixel = typename TImage::PixelType;
  auto image = TImage::New();
  image->SetRegions(size);
  typename TImage::SpacingType spacing;
  typename TImage::PointType origin;
  const double spacings[3] = {0.7, 1.3, 2.1};
  const double origins[3] = {-10.0, 5.0, 30.0};
  for (unsigned i = 0; i < D; ++i) {
    spacing[i] = spacings[i];
    origin[i] = origins[i];
  }
  typename TImage::DirectionType direction;
  direction.SetIdentity();
  const double angle = 30.0 * 3.14159265358979323846 / 180.0;
  direction(0, 0) = std::cos(angle);
  direction(0, 1) = -std::sin(angle);
  direction(1, 0) = std::sin(angle);
  direction(1, 1) = std::cos(angle);
  image->SetSpacing(spacing);
  image->SetOrigin(origin);
  image->SetDirection(direction);
  image->Allocate();
  std::mt19937 random(seed);
  Pixel* pixels = image->GetBufferPointer();
  const std::size_t count = image->GetLargestPossibleRegion().GetNumberOfPixels();
  if constexpr (std::is_integral_v<Pixel>) {
    std::uniform_int_distribution<long> values(static_cast<long>(low), static_cast<long>(high));
    for (std::size_t i = 0; i < count; ++i) pixels[i] = static_cast<Pixel>(values(random));
  } else {
    std::uniform_real_distribution<double> values(low, high);
    for (std::size_t i = 0; i < count; ++i) pixels[i] = static_cast<Pixel>(values(random));
  }
  return image;
}

template <class TImage> void SaveImage(const TImage* image, const std::filesystem::path& file) {
  auto writer = itk::ImageFileWriter<TImage>::New();
  writer->SetInput(image);
  writer->SetFileName(file.string());
  writer->UseCompressionOn();
  writer->Update();
}

template <class TImage> typename TImage::Pointer LoadImage(const std::filesystem::path& file) {
  auto reader = itk::ImageFileReader<TImage>::New();
  reader->SetFileName(file.string());
  reader->Update();
  return reader->GetOutput();
}

/// Dimension and component type that the file itself declares.
inline std::pair<unsigned, itk::IOComponentEnum> FileLayout(const std::filesystem::path& file) {
  auto io =
      itk::ImageIOFactory::CreateImageIO(file.string().c_str(), itk::ImageIOFactory::ReadMode);
  if (!io) return {0, itk::IOComponentEnum::UNKNOWNCOMPONENTTYPE};
  io->SetFileName(file.string());
  io->ReadImageInformation();
  return {io->GetNumberOfDimensions(), io->GetComponentType()};
}

/// Size, spacing, origin and direction agree (within `tolerance` for the real numbers).
template <class TImage>
void ExpectSameGeometry(const TImage* actual, const TImage* expected, double tolerance = 1e-9) {
  constexpr unsigned D = TImage::ImageDimension;
  EXPECT_EQ(actual->GetLargestPossibleRegion().GetSize(),
            expected->GetLargestPossibleRegion().GetSize());
  for (unsigned i = 0; i < D; ++i) {
    EXPECT_NEAR(actual->GetSpacing()[i], expected->GetSpacing()[i], tolerance) << "spacing " << i;
    EXPECT_NEAR(actual->GetOrigin()[i], expected->GetOrigin()[i], tolerance) << "origin " << i;
    for (unsigned j = 0; j < D; ++j) {
      EXPECT_NEAR(actual->GetDirection()(i, j), expected->GetDirection()(i, j), tolerance)
          << "direction " << i << "," << j;
    }
  }
}

/// Every pixel equal (bit for bit for floats: the operations only select and subtract).
template <class TImage> void ExpectSamePixels(const TImage* actual, const TImage* expected) {
  const std::size_t count = expected->GetLargestPossibleRegion().GetNumberOfPixels();
  ASSERT_EQ(actual->GetLargestPossibleRegion().GetNumberOfPixels(), count);
  const auto* a = actual->GetBufferPointer();
  const auto* e = expected->GetBufferPointer();
  std::size_t differing = 0, first = count;
  for (std::size_t i = 0; i < count; ++i) {
    if (std::memcmp(&a[i], &e[i], sizeof a[i]) != 0) {
      if (differing++ == 0) first = i;
    }
  }
  EXPECT_EQ(differing, 0u) << "of " << count << " pixels; first at index " << first << ": "
                           << +a[first < count ? first : 0] << " instead of "
                           << +e[first < count ? first : 0];
}

} // namespace cumed::morphologytest
