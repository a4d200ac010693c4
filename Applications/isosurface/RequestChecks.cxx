#include "RequestChecks.h"

#include "Arguments.h"

#include "cumed/app/Messages.h"
#include "cumed/core/Device.h"

#include <vtkDataArray.h>
#include <vtkImageData.h>
#include <vtkPointData.h>
#include <vtkType.h>

#include <algorithm>
#include <cstdio>

namespace cumed::isosurfaceapp {
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

int GpusToUse(int requested) {
  const cumed::DeviceProbeResult& probe = cumed::ProbeDevices();
  const int usable = probe.usable ? static_cast<int>(probe.devices.size()) : 0;
  if (requested <= usable) return requested;
  char message[256];
  std::snprintf(message, sizeof message,
                "--gpus %d asks for more CUDA devices than the %d usable here%s%s%s; using %d",
                requested, usable, usable == 0 ? " (" : "", usable == 0 ? probe.reason.c_str() : "",
                usable == 0 ? ")" : "", usable);
  app::Warn(kProgramName,
            std::string(message) + (usable == 0 ? " (the CPU runs the contour)" : ""));
  return std::max(usable, 1);
}

} // namespace cumed::isosurfaceapp
