#pragma once
// A public helper for pipelines that use ITK and VTK together: an itk::Image as a vtkImageData
// without copying the pixels. The VTK array points into the ITK buffer and keeps the ITK image
// alive until VTK releases the array. Header-only; needs CuMed::CoreItk and CuMed::CoreVtk.
#include "cumed/itk/ItkImageBridge.h"
#include "cumed/vtk/VtkImageBridge.h"

#include <itkLightObject.h>
#include <vtkAOSDataArrayTemplate.h>
#include <vtkImageData.h>
#include <vtkPointData.h>
#include <vtkSmartPointer.h>

#include <map>
#include <mutex>

namespace cumed {

namespace detail {
/// ITK images whose buffers VTK arrays point into, released by VTK's free callback (which gets
/// only the buffer pointer, so the owners are found through this table).
struct ItkBufferOwners {
  std::mutex mutex;
  std::multimap<void*, itk::LightObject::Pointer> owners;
  static ItkBufferOwners& Instance() {
    static ItkBufferOwners* table = new ItkBufferOwners(); // outlives VTK arrays freed at exit
    return *table;
  }
  static void Release(void* buffer) {
    ItkBufferOwners& table = Instance();
    std::lock_guard<std::mutex> lock(table.mutex);
    const auto it = table.owners.find(buffer);
    if (it != table.owners.end()) table.owners.erase(it);
  }
};
} // namespace detail

/// The ITK image's buffered region as a vtkImageData (point scalars named `scalarName`, with the
/// pixel's components), sharing the ITK buffer. Geometry includes the direction (VTK >= 9).
template <class TImage>
vtkSmartPointer<vtkImageData> ToVtkImage(TImage* image, const char* scalarName = "scalars") {
  using Traits = ItkPixelTraits<typename TImage::PixelType>;
  using C = typename Traits::ComponentType;
  if (!image) throw InvalidArgument("ToVtkImage: null ITK image");
  auto* pixels = reinterpret_cast<C*>(image->GetBufferPointer());
  if (!pixels) throw InvalidArgument("ToVtkImage: the ITK image has no pixel buffer");
  auto result = vtkSmartPointer<vtkImageData>::New();
  ApplyGeometry(GeometryOf(*image), result);
  auto scalars = vtkSmartPointer<vtkAOSDataArrayTemplate<C>>::New();
  scalars->SetName(scalarName);
  scalars->SetNumberOfComponents(Traits::Components);
  const auto values =
      static_cast<vtkIdType>(image->GetBufferedRegion().GetNumberOfPixels() * Traits::Components);
  {
    detail::ItkBufferOwners& table = detail::ItkBufferOwners::Instance();
    std::lock_guard<std::mutex> lock(table.mutex);
    table.owners.emplace(pixels, itk::LightObject::Pointer(image));
  }
  // VTK 9.1's SetArray maps VTK_DATA_ARRAY_USER_DEFINED to free(): hand the buffer over as not
  // owned, then set the function that releases the ITK image instead.
  scalars->SetArray(pixels, values, 1);
  scalars->SetArrayFreeFunction(&detail::ItkBufferOwners::Release);
  result->GetPointData()->SetScalars(scalars);
  return result;
}

} // namespace cumed
