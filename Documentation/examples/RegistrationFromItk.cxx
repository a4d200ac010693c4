// A cubic B-spline grid in ITK's layout, its displacement field on a fixed grid (CUDA when a GPU
// is usable, else the CPU), and the same grid as an itk::BSplineTransform: the field equals
// TransformPoint(x) - x. Exit 0 when it does within 1e-4 mm everywhere.
#include <cumed/registration/DisplacementField.h>
#include <cumed/registration/itk/BSplineTransformBridge.h>

#include <algorithm>
#include <cmath>
#include <iostream>

namespace reg = cumed::registration;

int main() {
  reg::TransformDomain domain;                      // ITK's transform domain
  domain.origin = {-60.0, -60.0, -40.0};            // mm
  domain.physicalDimensions = {120.0, 120.0, 80.0}; // mm
  domain.meshSize = {6, 6, 4};                      // cells; control points: mesh + 3 per axis
  reg::BSplineGrid grid(domain);                    // all coefficients 0: the identity
  for (int c = 0; c < 3; ++c)                       // made-up coefficients, mm
    for (std::size_t p = 0; p < grid.numberOfControlPoints(); ++p)
      grid.coefficientData(c)[p] = 3.0 * std::sin(0.7 * double(p) + c);

  cumed::ImageGeometry fixed; // e.g. the fixed image's geometry()
  fixed.size = {64, 64, 40};
  fixed.spacing = {2.0, 2.0, 2.0};
  fixed.origin = {-63.0, -63.0, -39.0};
  reg::DisplacementFieldOptions options; // backend Auto, result on the host
  const cumed::Image field = reg::DisplacementField(grid, fixed, options);
  const float* u = field.view<float>().data; // u_x, u_y, u_z per voxel, x fastest

  // The same transform in ITK: x maps to x + u(x).
  itk::BSplineTransform<double, 3, 3>::Pointer transform = reg::ToItkBSplineTransform(grid);
  double worst = 0.0;
  std::size_t v = 0;
  for (std::size_t k = 0; k < fixed.size[2]; ++k)
    for (std::size_t j = 0; j < fixed.size[1]; ++j)
      for (std::size_t i = 0; i < fixed.size[0]; ++i, ++v) {
        itk::Point<double, 3> x;
        x[0] = fixed.origin[0] + double(i) * fixed.spacing[0];
        x[1] = fixed.origin[1] + double(j) * fixed.spacing[1];
        x[2] = fixed.origin[2] + double(k) * fixed.spacing[2];
        const itk::Point<double, 3> y = transform->TransformPoint(x);
        for (int c = 0; c < 3; ++c)
          worst = std::max(worst, std::fabs(u[3 * v + c] - (y[c] - x[c])));
      }
  std::cout << "largest difference from ITK: " << worst << " mm\n";
  return worst <= 1e-4 ? 0 : 1;
}
