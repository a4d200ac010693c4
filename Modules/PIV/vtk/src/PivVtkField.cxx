#include "cumed/piv/PivVtkField.h"

#include "cumed/core/Error.h"
#include "cumed/piv/DerivedFields.h"
#include "cumed/piv/FieldGrid.h"
#include "cumed/vtk/VtkImageBridge.h"

#include <vtkFloatArray.h>
#include <vtkImageData.h>
#include <vtkPointData.h>
#include <vtkUnsignedCharArray.h>

#include <cmath>
#include <string>

namespace cumed::piv {

namespace {

vtkSmartPointer<vtkFloatArray> FloatArray(const char* name, int components, vtkIdType tuples) {
  auto array = vtkSmartPointer<vtkFloatArray>::New();
  array->SetName(name);
  array->SetNumberOfComponents(components);
  array->SetNumberOfTuples(tuples);
  return array;
}

vtkSmartPointer<vtkFloatArray> CopyOf(const char* name, const std::vector<float>& values) {
  auto array = FloatArray(name, 1, vtkIdType(values.size()));
  for (std::size_t i = 0; i < values.size(); ++i) array->SetValue(vtkIdType(i), values[i]);
  return array;
}

/// (a, b, 0) in the frames' index axes, turned into world axes by the direction matrix.
void ToWorld(const ImageGeometry& g, double a, double b, float out[3]) {
  for (int k = 0; k < 3; ++k) out[k] = float(g.direction[3 * k] * a + g.direction[3 * k + 1] * b);
}

} // namespace

vtkSmartPointer<vtkImageData> FieldToImageData(const PivField& field, const ImageGeometry& frames,
                                               double timeBetweenFrames) {
  const double sx = frames.spacing[0], sy = frames.spacing[1];
  if (!(sx > 0) || std::abs(sx - sy) > 1e-9 * sx)
    throw InvalidArgument("PIV field: the frames' pixels must be square with a positive size, "
                          "but the spacing is " +
                          std::to_string(sx) + " x " + std::to_string(sy));
  PhysicalUnits units;
  units.pixelSize = sx;
  units.timeBetweenFrames = timeBetweenFrames; // checked by ComputeDerivedFields
  const DerivedFields derived = ComputeDerivedFields(field, units);

  auto image = vtkSmartPointer<vtkImageData>::New();
  FieldGrid grid;
  grid.columns = field.columns;
  grid.rows = field.rows;
  grid.step = field.step;
  grid.windowSize = field.windowSize;
  grid.firstX = field.size() ? field.x[0] : 0.f;
  grid.firstY = field.size() ? field.y[0] : 0.f;
  ApplyGeometry(FieldGeometry(grid, frames), image);
  const vtkIdType n = vtkIdType(field.size());
  auto velocity = FloatArray("velocity", 3, n);
  auto displacement = FloatArray("displacement", 3, n);
  auto flags = vtkSmartPointer<vtkUnsignedCharArray>::New();
  flags->SetName("flags");
  flags->SetNumberOfTuples(n);
  for (vtkIdType i = 0; i < n; ++i) {
    float w[3];
    ToWorld(frames, derived.velocityU[i], derived.velocityV[i], w);
    velocity->SetTypedTuple(i, w);
    const float d[3] = {field.u[i], field.v[i], 0.f};
    displacement->SetTypedTuple(i, d);
    flags->SetValue(i, field.flags[i]);
  }
  vtkPointData* pd = image->GetPointData();
  pd->SetVectors(velocity);
  pd->SetScalars(CopyOf("magnitude", derived.magnitude));
  pd->AddArray(CopyOf("vorticity", derived.vorticity));
  pd->AddArray(CopyOf("divergence", derived.divergence));
  pd->AddArray(displacement);
  pd->AddArray(CopyOf("peak", field.peak));
  pd->AddArray(CopyOf("peak_to_peak", field.peakToPeak));
  pd->AddArray(CopyOf("peak_to_mean", field.peakToMean));
  pd->AddArray(flags);
  return image;
}

} // namespace cumed::piv
