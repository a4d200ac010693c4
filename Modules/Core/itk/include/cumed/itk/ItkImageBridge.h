#pragma once
// The one place where itk::Image and CuMed's image types meet. Every conversion is zero-copy:
// CuMed reads and writes an ITK buffer in place (HostView, AdoptItkImage), and an ITK image can
// wrap a CuMed host image's pixels (ToItkImage). Geometry includes the direction matrix; 2D ITK
// images are CuMed images one slice deep.
#include "cumed/core/Error.h"
#include "cumed/core/Image.h"
#include "cumed/core/PixelType.h"

#include <itkImage.h>
#include <itkImportImageContainer.h>
#include <itkVector.h>

#include <memory>
#include <string>
#include <type_traits>

namespace cumed {

/// Scalar pixel and component count of an ITK pixel type: T -> (T, 1), itk::Vector<T, N> -> (T, N).
template <class TPixel> struct ItkPixelTraits {
  using ComponentType = TPixel;
  static constexpr int Components = 1;
};
template <class T, unsigned int N> struct ItkPixelTraits<itk::Vector<T, N>> {
  using ComponentType = T;
  static constexpr int Components = static_cast<int>(N);
};

/// True when CuMed has a pixel type for the ITK image's components (uint8, int16, uint16, float).
template <class TImage> constexpr bool IsCuMedPixel() {
  using C = typename ItkPixelTraits<typename TImage::PixelType>::ComponentType;
  return std::is_same_v<C, std::uint8_t> || std::is_same_v<C, std::int16_t> ||
         std::is_same_v<C, std::uint16_t> || std::is_same_v<C, float>;
}

/// Restricts the templates below to ITK images (so VTK types passed to the VTK bridge's
/// overloads never match them).
template <class TImage> using IfItkImage = std::enable_if_t<(TImage::ImageDimension > 0), int>;

/// Geometry of the image's buffered region: size, spacing, origin (of the region's first pixel)
/// and direction.
template <class TImage, IfItkImage<TImage> = 0> ImageGeometry GeometryOf(const TImage& image) {
  constexpr unsigned D = TImage::ImageDimension;
  static_assert(D == 2 || D == 3, "CuMed images are 2D or 3D");
  const auto& region = image.GetBufferedRegion();
  ImageGeometry geometry;
  geometry.size = {1, 1, 1}; // a 2D image is one slice deep
  typename TImage::PointType origin;
  image.TransformIndexToPhysicalPoint(region.GetIndex(), origin);
  for (unsigned i = 0; i < D; ++i) {
    geometry.size[i] = region.GetSize(i);
    geometry.spacing[i] = image.GetSpacing()[i];
    geometry.origin[i] = origin[i];
    for (unsigned j = 0; j < D; ++j) geometry.direction[3 * i + j] = image.GetDirection()(i, j);
  }
  return geometry;
}

/// Gives an ITK image CuMed's geometry (regions, spacing, origin, direction). A 2D image takes
/// the first two axes; a z size other than 1 is an error.
template <class TImage, IfItkImage<TImage> = 0>
void ApplyGeometry(const ImageGeometry& geometry, TImage& image) {
  constexpr unsigned D = TImage::ImageDimension;
  static_assert(D == 2 || D == 3, "CuMed images are 2D or 3D");
  if (D == 2 && geometry.size[2] != 1)
    throw InvalidArgument("a 2D ITK image cannot hold " + std::to_string(geometry.size[2]) +
                          " slices");
  typename TImage::RegionType region;
  typename TImage::SpacingType spacing;
  typename TImage::PointType origin;
  typename TImage::DirectionType direction;
  for (unsigned i = 0; i < D; ++i) {
    region.SetSize(i, geometry.size[i]);
    spacing[i] = geometry.spacing[i];
    origin[i] = geometry.origin[i];
    for (unsigned j = 0; j < D; ++j) direction(i, j) = geometry.direction[3 * i + j];
  }
  image.SetRegions(region);
  image.SetSpacing(spacing);
  image.SetOrigin(origin);
  image.SetDirection(direction);
}

/// The image's host pixels as a CuMed view (no copy). The image must be allocated.
template <class TImage, IfItkImage<TImage> = 0> auto HostView(const TImage& image) {
  using C = typename ItkPixelTraits<typename TImage::PixelType>::ComponentType;
  const auto* pixels = reinterpret_cast<const C*>(image.GetBufferPointer());
  if (!pixels) throw InvalidArgument("the ITK image has no pixel buffer (not allocated)");
  return ImageView<const C>{pixels, GeometryOf(image), MemoryLocation::Host,
                            ItkPixelTraits<typename TImage::PixelType>::Components};
}
template <class TImage, IfItkImage<TImage> = 0> auto MutableHostView(TImage& image) {
  using C = typename ItkPixelTraits<typename TImage::PixelType>::ComponentType;
  auto* pixels = reinterpret_cast<C*>(image.GetBufferPointer());
  if (!pixels) throw InvalidArgument("the ITK image has no pixel buffer (not allocated)");
  return ImageView<C>{pixels, GeometryOf(image), MemoryLocation::Host,
                      ItkPixelTraits<typename TImage::PixelType>::Components};
}

/// A CuMed Image that shares the ITK image's buffer and keeps the ITK image alive.
template <class TImage> Image AdoptItkImage(TImage* image) {
  using C = typename ItkPixelTraits<typename TImage::PixelType>::ComponentType;
  if (!image) throw InvalidArgument("null ITK image");
  itk::SmartPointer<TImage> owner(image);
  std::shared_ptr<void> keepAlive(static_cast<void*>(image), [owner](void*) {});
  return Image::Adopt(MutableHostView(*image).data, PixelTypeOf<C>(), GeometryOf(*image),
                      MemoryLocation::Host, std::move(keepAlive),
                      ItkPixelTraits<typename TImage::PixelType>::Components);
}

namespace detail {
/// An ITK pixel container over memory that a shared owner keeps alive (ITK does not free it).
template <class TPixel>
class SharedImportContainer : public itk::ImportImageContainer<itk::SizeValueType, TPixel> {
public:
  using Self = SharedImportContainer;
  using Pointer = itk::SmartPointer<Self>;
  itkNewMacro(Self);
  void Share(TPixel* pixels, itk::SizeValueType count, std::shared_ptr<void> owner) {
    this->SetImportPointer(pixels, count, false);
    m_Owner = std::move(owner);
  }

private:
  std::shared_ptr<void> m_Owner;
};
} // namespace detail

/// An ITK image over a CuMed host image's pixels, without a copy; the ITK image keeps the CuMed
/// image alive. Throws InvalidArgument for device images and mismatched pixel types.
template <class TImage> typename TImage::Pointer ToItkImage(Image image) {
  using Pixel = typename TImage::PixelType;
  using C = typename ItkPixelTraits<Pixel>::ComponentType;
  if (image.location() != MemoryLocation::Host)
    throw InvalidArgument("ToItkImage needs a host image; call Image::toHost() first");
  if (image.pixelType() != PixelTypeOf<C>() ||
      image.components() != ItkPixelTraits<Pixel>::Components)
    throw InvalidArgument(std::string("ToItkImage: the image holds ") +
                          ToString(image.pixelType()) + " x" + std::to_string(image.components()) +
                          " pixels, which the ITK pixel type does not match");
  auto result = TImage::New();
  ApplyGeometry(image.geometry(), *result);
  auto owner = std::make_shared<Image>(std::move(image));
  auto container = detail::SharedImportContainer<Pixel>::New();
  container->Share(static_cast<Pixel*>(owner->data()), owner->geometry().numberOfPixels(), owner);
  result->SetPixelContainer(container);
  return result;
}

} // namespace cumed
