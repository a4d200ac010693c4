#pragma once
// The 2D B-spline transform equivalent to a registration of 2D images. The registration treats a
// 2D image as a volume one slice thick, so its grid is 3D; on the slice's plane z = zSlice the 3D
// cubic B-spline sums each (i, j) column of control points with the z weights of that plane (1/6,
// 4/6, 1/6 when the plane lies on a control plane, as the registration places it). Those weighted
// sums are the coefficients of an itk::BSplineTransform<double, 2, 3> on the grid's x-y geometry,
// which then maps every point of the plane exactly as the 3D grid does (x and y components; the
// z component of a 2D registration is not used).
#include "cumed/core/Error.h"
#include "cumed/registration/BSplineGrid.h"

#include <itkBSplineTransform.h>

#include <array>
#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

namespace cumed::registration {

using ItkBSplineTransform2D = itk::BSplineTransform<double, 2, 3>;

/// The cubic B-spline weights of the 4 control points around continuous index `c` (ITK's
/// BSplineInterpolationWeightFunction), and the first of them (floor(c) - 1).
struct CubicSupport {
  long first = 0;
  std::array<double, 4> weights{0, 0, 0, 0};
};
inline CubicSupport CubicSupportAt(double c) {
  CubicSupport support;
  support.first = static_cast<long>(std::floor(c - 1.0));
  for (int k = 0; k < 4; ++k) {
    const double t = std::fabs(c - double(support.first + k));
    support.weights[k] = t < 1.0   ? (4.0 - 6.0 * t * t + 3.0 * t * t * t) / 6.0
                         : t < 2.0 ? (2.0 - t) * (2.0 - t) * (2.0 - t) / 6.0
                                   : 0.0;
  }
  return support;
}

/// The 2D transform of `grid` on the plane z = zSlice (mm). Throws InvalidArgument when the grid's
/// z axis is not the physical z axis (the plane then cuts across control columns). Where ITK's
/// 3D transform would leave the plane unchanged (its z support leaves the grid: continuous z
/// index outside [1, size - 2)), every coefficient is 0, as the 3D transform is there.
inline ItkBSplineTransform2D::Pointer ToItkBSplineTransform2D(const BSplineGrid& grid,
                                                              double zSlice = 0.0) {
  const ImageGeometry& g = grid.coefficientGeometry();
  const auto& d = g.direction;
  if (d[2] != 0 || d[5] != 0 || d[6] != 0 || d[7] != 0 || std::fabs(d[8]) != 1)
    throw InvalidArgument("the B-spline grid's z axis is not the physical z axis (direction "
                          "row 3 = " +
                          std::to_string(d[6]) + " " + std::to_string(d[7]) + " " +
                          std::to_string(d[8]) + "); no 2D transform is equivalent on a plane");
  const double cz = (zSlice - g.origin[2]) / (g.spacing[2] * d[8]);
  // ITK's InsideValidRegion: [1, size - 2), an index within 4 ULPs of the upper limit moved
  // just below it.
  const double upper = double(g.size[2]) - 2.0;
  double upperTolerance = upper;
  for (int ulp = 0; ulp < 4; ++ulp) upperTolerance = std::nextafter(upperTolerance, 2.0 * upper);
  const bool inside = cz >= 1.0 && cz <= upperTolerance;
  const CubicSupport support = CubicSupportAt(inside && cz >= upper ? std::nextafter(cz, 0.0) : cz);

  ItkBSplineTransform2D::FixedParametersType fixed(2 * (2 + 3)); // size, origin, spacing, direction
  for (unsigned a = 0; a < 2; ++a) {
    fixed[a] = double(g.size[a]);
    fixed[2 + a] = g.origin[a];
    fixed[4 + a] = g.spacing[a];
    for (unsigned b = 0; b < 2; ++b) fixed[6 + 2 * a + b] = d[3 * a + b]; // row-major
  }
  auto transform = ItkBSplineTransform2D::New();
  transform->SetFixedParameters(fixed);

  const std::size_t plane = g.size[0] * g.size[1];
  ItkBSplineTransform2D::ParametersType parameters(static_cast<unsigned>(2 * plane));
  parameters.Fill(0.0);
  if (inside) {
    for (int c = 0; c < 2; ++c) {
      const std::vector<double>& values = grid.coefficients(c);
      for (int k = 0; k < 4; ++k) {
        const long layer = support.first + k;
        if (support.weights[k] == 0.0 || layer < 0 || layer >= long(g.size[2])) continue;
        for (std::size_t p = 0; p < plane; ++p)
          parameters[c * plane + p] += support.weights[k] * values[std::size_t(layer) * plane + p];
      }
    }
  }
  transform->SetParametersByValue(parameters); // SetParameters would keep a pointer to a local
  return transform;
}

} // namespace cumed::registration
