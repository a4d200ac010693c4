#include "cumed/vtk/VtkImageBridge.h"

#include <vtkImageData.h>
#include <vtkMatrix3x3.h>

namespace cumed {

ImageGeometry GeometryOf(vtkImageData* image, const int extent[6]) {
  ImageGeometry geometry;
  const double* spacing = image->GetSpacing();
  const double* origin = image->GetOrigin();
  vtkMatrix3x3* direction = image->GetDirectionMatrix();
  for (int r = 0; r < 3; ++r) {
    geometry.size[r] = static_cast<std::size_t>(extent[2 * r + 1] - extent[2 * r] + 1);
    geometry.spacing[r] = spacing[r];
    geometry.origin[r] = origin[r];
    for (int c = 0; c < 3; ++c) {
      geometry.direction[3 * r + c] = direction->GetElement(r, c);
      geometry.origin[r] += direction->GetElement(r, c) * spacing[c] * extent[2 * c];
    }
  }
  return geometry;
}

ImageGeometry GeometryOf(vtkImageData* image) {
  return GeometryOf(image, image->GetExtent());
}

void ApplyGeometry(const ImageGeometry& geometry, vtkImageData* image) {
  image->SetExtent(0, static_cast<int>(geometry.size[0]) - 1, 0,
                   static_cast<int>(geometry.size[1]) - 1, 0,
                   static_cast<int>(geometry.size[2]) - 1);
  image->SetSpacing(geometry.spacing.data());
  image->SetOrigin(geometry.origin.data());
  image->SetDirectionMatrix(geometry.direction.data());
}

bool IsCuMedScalarType(int vtkType) noexcept {
  return vtkType == VTK_UNSIGNED_CHAR || vtkType == VTK_SHORT || vtkType == VTK_UNSIGNED_SHORT ||
         vtkType == VTK_FLOAT;
}

int VtkScalarTypeOf(PixelType type) noexcept {
  switch (type) {
  case PixelType::UInt8:
    return VTK_UNSIGNED_CHAR;
  case PixelType::Int16:
    return VTK_SHORT;
  case PixelType::UInt16:
    return VTK_UNSIGNED_SHORT;
  case PixelType::Float32:
    return VTK_FLOAT;
  }
  return VTK_VOID;
}

template <class T> ImageView<const T> HostView(vtkImageData* image, vtkDataArray* scalars) {
  if (!scalars) throw InvalidArgument("the image has no scalars");
  const std::string name = scalars->GetName() ? scalars->GetName() : "(unnamed)";
  if (scalars->GetDataType() != VtkScalarTypeOf(PixelTypeOf<T>()))
    throw InvalidArgument("array " + name + " holds " + scalars->GetDataTypeAsString() + ", not " +
                          ToString(PixelTypeOf<T>()));
  if (scalars->GetNumberOfComponents() != 1 || !scalars->HasStandardMemoryLayout())
    throw InvalidArgument("array " + name + " is not one contiguous single-component array");
  if (scalars->GetNumberOfTuples() != image->GetNumberOfPoints())
    throw InvalidArgument("array " + name + " has " + std::to_string(scalars->GetNumberOfTuples()) +
                          " values for " + std::to_string(image->GetNumberOfPoints()) + " points");
  return {static_cast<const T*>(scalars->GetVoidPointer(0)), GeometryOf(image),
          MemoryLocation::Host};
}

template ImageView<const std::uint8_t> HostView(vtkImageData*, vtkDataArray*);
template ImageView<const std::int16_t> HostView(vtkImageData*, vtkDataArray*);
template ImageView<const std::uint16_t> HostView(vtkImageData*, vtkDataArray*);
template ImageView<const float> HostView(vtkImageData*, vtkDataArray*);

} // namespace cumed
