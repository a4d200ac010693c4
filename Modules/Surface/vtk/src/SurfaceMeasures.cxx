#include "cumed/surface/SurfaceMeasures.h"

#include <vtkDataArray.h>
#include <vtkImageData.h>
#include <vtkMassProperties.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPolyData.h>
#include <vtkType.h>

#include <cstddef>

namespace cumed::surface {
namespace {

// One pass over the voxels, marking each label found; stops once all are found.
template <class T>
void MarkPresent(const T* values, vtkIdType count, const std::vector<double>& labels,
                 std::vector<char>& found) {
  std::size_t missing = labels.size();
  for (vtkIdType i = 0; i < count && missing > 0; ++i) {
    const double value = static_cast<double>(values[i]);
    for (std::size_t l = 0; l < labels.size(); ++l) {
      if (!found[l] && value == labels[l]) {
        found[l] = 1;
        --missing;
      }
    }
  }
}

} // namespace

double EnclosedVolumeMm3(vtkPolyData* surface) {
  if (!surface || surface->GetNumberOfPolys() == 0) return 0.0;
  vtkNew<vtkMassProperties> mass;
  mass->SetInputData(surface);
  mass->Update();
  return mass->GetVolume();
}

std::vector<double> AbsentLabels(vtkImageData* image, const std::vector<double>& labels) {
  vtkDataArray* scalars = image->GetPointData()->GetScalars();
  std::vector<char> found(labels.size(), 0);
  if (scalars && scalars->GetNumberOfComponents() == 1) {
    const vtkIdType count = scalars->GetNumberOfTuples();
    switch (scalars->GetDataType()) {
      vtkTemplateMacro(MarkPresent(static_cast<const VTK_TT*>(scalars->GetVoidPointer(0)), count,
                                   labels, found));
    }
  }
  std::vector<double> absent;
  for (std::size_t l = 0; l < labels.size(); ++l) {
    if (!found[l]) absent.push_back(labels[l]);
  }
  return absent;
}

} // namespace cumed::surface
