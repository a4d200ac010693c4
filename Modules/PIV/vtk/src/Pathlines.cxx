#include "cumed/piv/Pathlines.h"

#include "cumed/core/Error.h"

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

/// The fields' common grid and their velocity arrays.
struct FieldSequence {
  int columns = 0, rows = 0;
  double origin[3], spacing[3], direction[9];
  std::vector<vtkDataArray*> velocity;

  /// Continuous grid index of a world point (the direction matrix is orthonormal).
  void IndexOf(const double p[3], double& i, double& j) const {
    const double d[3] = {p[0] - origin[0], p[1] - origin[1], p[2] - origin[2]};
    i = (direction[0] * d[0] + direction[3] * d[1] + direction[6] * d[2]) / spacing[0];
    j = (direction[1] * d[0] + direction[4] * d[1] + direction[7] * d[2]) / spacing[1];
  }
  bool Inside(double i, double j) const {
    return i >= 0 && j >= 0 && i <= columns - 1 && j <= rows - 1;
  }
  /// Bilinear velocity of field k at grid index (i, j), inside the grid.
  void Sample(int k, double i, double j, double v[3]) const {
    const int i0 = std::min(int(i), std::max(columns - 2, 0));
    const int j0 = std::min(int(j), std::max(rows - 2, 0));
    const int i1 = std::min(i0 + 1, columns - 1), j1 = std::min(j0 + 1, rows - 1);
    const double fx = i - i0, fy = j - j0;
    const vtkIdType ids[4] = {vtkIdType(j0) * columns + i0, vtkIdType(j0) * columns + i1,
                              vtkIdType(j1) * columns + i0, vtkIdType(j1) * columns + i1};
    const double w[4] = {(1 - fx) * (1 - fy), fx * (1 - fy), (1 - fx) * fy, fx * fy};
    v[0] = v[1] = v[2] = 0;
    for (int c = 0; c < 4; ++c)
      for (int a = 0; a < 3; ++a) v[a] += w[c] * velocity[k]->GetComponent(ids[c], a);
  }
  /// Velocity at world point p and time t (in field intervals), linear between fields; false
  /// outside the grid.
  bool At(const double p[3], double t, double v[3]) const {
    double i, j;
    IndexOf(p, i, j);
    if (!Inside(i, j)) return false;
    const int last = int(velocity.size()) - 1;
    const int k = std::clamp(int(std::floor(t)), 0, std::max(last - 1, 0));
    const double f = last > 0 ? std::clamp(t - k, 0.0, 1.0) : 0.0;
    double a[3], b[3] = {0, 0, 0};
    Sample(k, i, j, a);
    if (f > 0) Sample(k + 1, i, j, b);
    for (int c = 0; c < 3; ++c) v[c] = (1 - f) * a[c] + f * b[c];
    return true;
  }
};

FieldSequence SequenceOf(const std::vector<vtkImageData*>& fields, const PathlineOptions& o) {
  if (fields.empty()) throw InvalidArgument("pathlines: no fields given");
  FieldSequence s;
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
      s.columns = dims[0];
      s.rows = dims[1];
      f->GetOrigin(s.origin);
      f->GetSpacing(s.spacing);
      const double* m = f->GetDirectionMatrix()->GetData();
      std::copy(m, m + 9, s.direction);
    } else if (dims[0] != s.columns || dims[1] != s.rows) {
      throw InvalidArgument(which + " is a " + std::to_string(dims[0]) + " x " +
                            std::to_string(dims[1]) + " grid but field 0 is " +
                            std::to_string(s.columns) + " x " + std::to_string(s.rows));
    }
    s.velocity.push_back(v);
  }
  if (s.columns < 1 || s.rows < 1) throw InvalidArgument("pathlines: field 0 has no points");
  return s;
}

} // namespace

vtkSmartPointer<vtkPolyData> TracePathlines(const std::vector<vtkImageData*>& fields,
                                            const std::vector<std::array<double, 3>>& seeds,
                                            const PathlineOptions& options) {
  if (!(options.fieldInterval > 0) || !std::isfinite(options.fieldInterval))
    throw InvalidArgument("pathlines: fieldInterval = " + std::to_string(options.fieldInterval) +
                          " must be positive and finite");
  if (options.stepsPerInterval < 1 || options.stepsPerInterval > 1000)
    throw InvalidArgument("pathlines: stepsPerInterval = " +
                          std::to_string(options.stepsPerInterval) + " is out of range: 1..1000");
  const FieldSequence s = SequenceOf(fields, options);
  const int intervals = std::max(int(fields.size()) - 1, 1);
  const int steps = intervals * options.stepsPerInterval;
  const double h = 1.0 / options.stepsPerInterval; // in field intervals
  const double dt = h * options.fieldInterval;     // in the velocity's time unit

  auto points = vtkSmartPointer<vtkPoints>::New();
  auto lines = vtkSmartPointer<vtkCellArray>::New();
  auto time = vtkSmartPointer<vtkFloatArray>::New();
  time->SetName("time");
  auto speed = vtkSmartPointer<vtkFloatArray>::New();
  speed->SetName("speed");
  auto seedIds = vtkSmartPointer<vtkIdTypeArray>::New();
  seedIds->SetName("seed");
  for (std::size_t seedIndex = 0; seedIndex < seeds.size(); ++seedIndex) {
    // The line's points and values, kept only when it has the two points a VTK line needs.
    std::vector<std::array<double, 3>> path;
    std::vector<float> times, speeds;
    double p[3] = {seeds[seedIndex][0], seeds[seedIndex][1], seeds[seedIndex][2]}, v[3];
    for (int n = 0; n <= steps; ++n) {
      const double t = n * h;
      if (!s.At(p, t, v)) break;
      path.push_back({p[0], p[1], p[2]});
      times.push_back(float(t * options.fieldInterval));
      speeds.push_back(float(std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2])));
      if (n == steps) break;
      // Midpoint rule: the velocity half a step ahead moves the point a whole step.
      double mid[3], vm[3];
      for (int c = 0; c < 3; ++c) mid[c] = p[c] + 0.5 * dt * v[c];
      if (!s.At(mid, t + 0.5 * h, vm)) break;
      for (int c = 0; c < 3; ++c) p[c] += dt * vm[c];
    }
    if (path.size() < 2) continue;
    std::vector<vtkIdType> ids;
    for (std::size_t k = 0; k < path.size(); ++k) {
      ids.push_back(points->InsertNextPoint(path[k].data()));
      time->InsertNextValue(times[k]);
      speed->InsertNextValue(speeds[k]);
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

} // namespace cumed::piv
