#include "SurfaceMeasures.h"

#include <vtkMassProperties.h>
#include <vtkNew.h>
#include <vtkPolyData.h>

#include <algorithm>

namespace cumed::ctsurface {

std::uint64_t CountVoxelsAtOrAbove(const HounsfieldImage* image, double isoHu) {
  const auto* begin = image->GetBufferPointer();
  const auto* end = begin + image->GetBufferedRegion().GetNumberOfPixels();
  return static_cast<std::uint64_t>(
      std::count_if(begin, end, [isoHu](std::int16_t hu) { return hu >= isoHu; }));
}

double VoxelVolumeMm3(const HounsfieldImage* image) {
  const auto& spacing = image->GetSpacing();
  return spacing[0] * spacing[1] * spacing[2];
}

double EnclosedVolumeMm3(vtkPolyData* surface) {
  if (!surface || surface->GetNumberOfPolys() == 0) return 0.0;
  vtkNew<vtkMassProperties> mass;
  mass->SetInputData(surface);
  mass->Update();
  return mass->GetVolume();
}

} // namespace cumed::ctsurface
