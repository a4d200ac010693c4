#include "SurfaceMeasures.h"

#include <vtkMassProperties.h>
#include <vtkNew.h>
#include <vtkPolyData.h>

#include <algorithm>

namespace cumed::ctsurface {

double EnclosedVolumeMm3(vtkPolyData* surface) {
  if (!surface || surface->GetNumberOfPolys() == 0) return 0.0;
  vtkNew<vtkMassProperties> mass;
  mass->SetInputData(surface);
  mass->Update();
  return mass->GetVolume();
}

} // namespace cumed::ctsurface
