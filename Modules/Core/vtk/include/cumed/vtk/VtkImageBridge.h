#pragma once
// The one place where vtkImageData and CuMed's image types meet: geometry (VTK's extent, spacing,
// origin and direction matrix), the scalar types CuMed computes on, and zero-copy views of a
// vtkImageData's point scalars.
#include "cumed/core/Error.h"
#include "cumed/core/Image.h"

#include <vtkDataArray.h>
#include <vtkType.h>

#include <cstdint>
#include <string>

class vtkImageData;

namespace cumed {

/// The part `extent` of `image` as CuMed's geometry. VTK adds the extent's minimum to every
/// index, so CuMed's pixel (0,0,0) lies at origin + direction * (spacing * extentMin).
ImageGeometry GeometryOf(vtkImageData* image, const int extent[6]);
/// The whole extent.
ImageGeometry GeometryOf(vtkImageData* image);

/// Gives `image` CuMed's geometry: extent [0, size-1] per axis, spacing, origin, direction.
void ApplyGeometry(const ImageGeometry& geometry, vtkImageData* image);

/// True for the VTK scalar types CuMed computes on: unsigned char, short, unsigned short, float.
bool IsCuMedScalarType(int vtkType) noexcept;

/// The VTK type id of CuMed's pixel type (VTK_UNSIGNED_CHAR, VTK_SHORT, ...).
int VtkScalarTypeOf(PixelType type) noexcept;

/// Calls f(T{}) with the C++ type of a CuMed scalar type; throws InvalidArgument naming the type
/// otherwise.
template <class F> decltype(auto) DispatchVtkScalarType(int vtkType, F&& f) {
  switch (vtkType) {
  case VTK_UNSIGNED_CHAR:
    return f(std::uint8_t{});
  case VTK_SHORT:
    return f(std::int16_t{});
  case VTK_UNSIGNED_SHORT:
    return f(std::uint16_t{});
  case VTK_FLOAT:
    return f(float{});
  default:
    throw InvalidArgument(std::string("VTK scalar type ") + vtkImageScalarTypeNameMacro(vtkType) +
                          " is not one CuMed computes on (unsigned char, short, unsigned short, "
                          "float)");
  }
}

/// The array's values over the whole image as a view (no copy). Throws InvalidArgument when the
/// array is not one contiguous single-component array of type T with one value per point.
template <class T> ImageView<const T> HostView(vtkImageData* image, vtkDataArray* scalars);

} // namespace cumed
