#include "VtkOrderChecks.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

namespace cumed::surface::test {
namespace {

/// Equal bits, or both NaN (the sign and payload of a NaN carry no meaning here).
bool SameFloat(float a, float b) {
  return std::memcmp(&a, &b, sizeof(float)) == 0 || (std::isnan(a) && std::isnan(b));
}

/// A normal's component `a` against VTK's `b`: within the tolerance, or NaN where VTK has NaN,
/// or 0 where VTK has NaN (CuMed keeps a zero gradient's normal the zero vector; VTK's
/// vtkImageTransform divides it by its zero length).
bool Near(float a, float b, float tolerance) {
  if (std::isnan(b)) return std::isnan(a) || a == 0.0f;
  return !std::isnan(a) && std::fabs(a - b) <= tolerance;
}

std::string Tuple(const MeshArray<float>& values, std::int64_t index, int n) {
  std::string text = "(";
  for (int c = 0; c < n; ++c) {
    char number[32];
    std::snprintf(number, sizeof(number), "%.9g", values[n * index + c]);
    text += (c ? ", " : "") + std::string(number);
  }
  return text + ")";
}

} // namespace

testing::AssertionResult SameAsVtkInOrder(const SurfaceMesh& actual, const SurfaceMesh& vtk,
                                          const InOrderTolerances& tolerances) {
  const std::int64_t points = vtk.numberOfPoints();
  if (actual.numberOfPoints() != points || actual.numberOfTriangles() != vtk.numberOfTriangles())
    return testing::AssertionFailure()
           << actual.numberOfPoints() << " points and " << actual.numberOfTriangles()
           << " triangles, VTK " << points << " and " << vtk.numberOfTriangles();
  for (std::int64_t p = 0; p < points; ++p)
    for (int c = 0; c < 3; ++c)
      if (!SameFloat(actual.points[3 * p + c], vtk.points[3 * p + c]))
        return testing::AssertionFailure()
               << "point " << p << " of " << points << " is at " << Tuple(actual.points, p, 3)
               << ", VTK's at " << Tuple(vtk.points, p, 3);
  for (std::size_t n = 0; n < vtk.triangles.size(); ++n)
    if (actual.triangles[n] != vtk.triangles[n])
      return testing::AssertionFailure()
             << "triangle " << n / 3 << " is (" << actual.triangles[n - n % 3] << ", "
             << actual.triangles[n - n % 3 + 1] << ", " << actual.triangles[n - n % 3 + 2]
             << "), VTK's (" << vtk.triangles[n - n % 3] << ", " << vtk.triangles[n - n % 3 + 1]
             << ", " << vtk.triangles[n - n % 3 + 2] << ")";
  if (!vtk.normals.empty()) {
    if (actual.normals.size() != vtk.normals.size())
      return testing::AssertionFailure() << "no normals, or not one per point";
    for (std::int64_t p = 0; p < points; ++p)
      for (int c = 0; c < 3; ++c)
        if (!Near(actual.normals[3 * p + c], vtk.normals[3 * p + c], tolerances.normal))
          return testing::AssertionFailure()
                 << "normal of point " << p << " is " << Tuple(actual.normals, p, 3) << ", VTK's "
                 << Tuple(vtk.normals, p, 3) << " (tolerance " << tolerances.normal << ")";
  }
  if (!vtk.scalars.empty()) {
    if (actual.scalars.size() != vtk.scalars.size())
      return testing::AssertionFailure() << "no scalars, or not one per point";
    for (std::int64_t p = 0; p < points; ++p)
      if (!SameFloat(actual.scalars[p], vtk.scalars[p]))
        return testing::AssertionFailure() << "scalar of point " << p << " is " << actual.scalars[p]
                                           << ", VTK's " << vtk.scalars[p];
  }
  return testing::AssertionSuccess();
}

} // namespace cumed::surface::test
