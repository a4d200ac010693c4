#include "cumed/piv/Pathlines.h"

#include "cumed/core/Error.h"
#include "cumed/piv/PathlineTracing.h"

#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkDataArray.h>
#include <vtkFloatArray.h>
#include <vtkIdTypeArray.h>
#include <vtkImageData.h>
#include <vtkMatrix3x3.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace cumed::piv {

namespace {

/// The fields' common grid in plane coordinates (world lengths along the grid's axes from its
/// origin) with their in-plane velocities, the form TraceGridPathlines integrates.
struct PlaneSequence {
  double origin[3], spacing[3], direction[9]; // columns of direction: the grid's axes in world
  PathlineGrid grid;

  /// World point -> coordinates along the grid's three axes (the direction is orthonormal).
  std::array<double, 3> ToPlane(const double p[3]) const {
    const double d[3] = {p[0] - origin[0], p[1] - origin[1], p[2] - origin[2]};
    return Along(d);
  }
  /// A world vector's components along the grid's three axes.
  std::array<double, 3> Along(const double w[3]) const {
    std::array<double, 3> a{};
    for (int axis = 0; axis < 3; ++axis)
      a[axis] = direction[axis] * w[0] + direction[3 + axis] * w[1] + direction[6 + axis] * w[2];
    return a;
  }
  void ToWorld(double a, double b, double c, double p[3]) const {
    for (int r = 0; r < 3; ++r)
      p[r] = origin[r] + direction[3 * r] * a + direction[3 * r + 1] * b + direction[3 * r + 2] * c;
  }
};

PlaneSequence SequenceOf(const std::vector<vtkImageData*>& fields, const PathlineOptions& o) {
  if (fields.empty()) throw InvalidArgument("pathlines: no fields given");
  PlaneSequence s;
  for (std::size_t k = 0; k < fields.size(); ++k) {
    const std::string which = "pathlines: field " + std::to_string(k);
    vtkImageData* f = fields[k];
    if (!f) throw InvalidArgument(which + " is null");
    int dims[3];
    f->GetDimensions(dims);
    vtkDataArray* v = f->GetPointData()->GetArray(o.velocityArray);
    if (!v || v->GetNumberOfComponents() != 3)
      throw InvalidArgument(which + " has no 3-component point array \"" + o.velocityArray + "\"");
    if (k == 0) {
      s.grid.columns = dims[0];
      s.grid.rows = dims[1];
      f->GetOrigin(s.origin);
      f->GetSpacing(s.spacing);
      const double* m = f->GetDirectionMatrix()->GetData();
      std::copy(m, m + 9, s.direction);
      s.grid.spacingX = s.spacing[0];
      s.grid.spacingY = s.spacing[1];
      if (s.grid.columns < 1 || s.grid.rows < 1)
        throw InvalidArgument("pathlines: field 0 has no points");
    } else if (dims[0] != s.grid.columns || dims[1] != s.grid.rows) {
      throw InvalidArgument(which + " is a " + std::to_string(dims[0]) + " x " +
                            std::to_string(dims[1]) + " grid but field 0 is " +
                            std::to_string(s.grid.columns) + " x " + std::to_string(s.grid.rows));
    }
    // The velocity along the grid's axes (its out-of-plane part, zero for FieldToImageData's
    // fields, is not followed).
    const vtkIdType n = vtkIdType(s.grid.columns) * s.grid.rows;
    std::vector<double> u(static_cast<std::size_t>(n)), w(u.size());
    for (vtkIdType i = 0; i < n; ++i) {
      double world[3];
      v->GetTuple(i, world);
      const std::array<double, 3> along = s.Along(world);
      u[std::size_t(i)] = along[0];
      w[std::size_t(i)] = along[1];
    }
    s.grid.u.push_back(std::move(u));
    s.grid.v.push_back(std::move(w));
  }
  return s;
}

} // namespace

vtkSmartPointer<vtkPolyData> TracePathlines(const std::vector<vtkImageData*>& fields,
                                            const std::vector<std::array<double, 3>>& seeds,
                                            const PathlineOptions& options) {
  PathlineTraceOptions trace;
  trace.fieldInterval = options.fieldInterval;
  trace.stepsPerInterval = options.stepsPerInterval;
  trace.scheme = options.scheme;
  const PlaneSequence s = SequenceOf(fields, options);
  std::vector<std::array<double, 2>> planeSeeds;
  std::vector<double> offsets; // each seed's distance from the field plane, kept along its line
  for (const auto& seed : seeds) {
    const std::array<double, 3> a = s.ToPlane(seed.data());
    planeSeeds.push_back({a[0], a[1]});
    offsets.push_back(a[2]);
  }
  const PathlineSetDouble traced = TraceGridPathlines(s.grid, planeSeeds, trace);

  auto points = vtkSmartPointer<vtkPoints>::New();
  auto lines = vtkSmartPointer<vtkCellArray>::New();
  auto time = vtkSmartPointer<vtkFloatArray>::New();
  time->SetName("time");
  auto speed = vtkSmartPointer<vtkFloatArray>::New();
  speed->SetName("speed");
  auto seedIds = vtkSmartPointer<vtkIdTypeArray>::New();
  seedIds->SetName("seed");
  for (std::size_t seedIndex = 0; seedIndex < seeds.size(); ++seedIndex) {
    const int length = traced.length[seedIndex];
    if (length < 2) continue; // a VTK line needs two points
    const std::size_t first = seedIndex * std::size_t(traced.pointsPerLine);
    std::vector<vtkIdType> ids;
    for (int n = 0; n < length; ++n) {
      double p[3];
      s.ToWorld(traced.x[first + n], traced.y[first + n], offsets[seedIndex], p);
      ids.push_back(points->InsertNextPoint(p));
      time->InsertNextValue(float(n * traced.timeStep));
      speed->InsertNextValue(float(traced.speed[first + n]));
    }
    lines->InsertNextCell(vtkIdType(ids.size()), ids.data());
    seedIds->InsertNextValue(vtkIdType(seedIndex));
  }
  auto output = vtkSmartPointer<vtkPolyData>::New();
  output->SetPoints(points);
  output->SetLines(lines);
  output->GetPointData()->AddArray(time);
  output->GetPointData()->AddArray(speed);
  output->GetPointData()->SetActiveScalars("speed");
  output->GetCellData()->AddArray(seedIds);
  return output;
}

std::vector<std::array<double, 3>> GridSeeds(vtkImageData* field, int every) {
  if (!field) throw InvalidArgument("pathline seeds: no field image");
  if (every < 1)
    throw InvalidArgument("pathline seeds at every " + std::to_string(every) +
                          "-th point: must be at least 1");
  int dims[3];
  field->GetDimensions(dims);
  std::vector<std::array<double, 3>> seeds;
  for (int j = 0; j < dims[1]; j += every)
    for (int i = 0; i < dims[0]; i += every) {
      double p[3];
      field->GetPoint(vtkIdType(j) * dims[0] + i, p);
      seeds.push_back({p[0], p[1], p[2]});
    }
  return seeds;
}

} // namespace cumed::piv
