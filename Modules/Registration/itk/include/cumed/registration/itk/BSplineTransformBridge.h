#pragma once
// BSplineGrid <-> itk::BSplineTransform<double, 3, 3>. Both sides use the same layout (ITK's fixed
// parameters are the coefficient images' size, origin, spacing and direction; the parameters are
// the x, y and z coefficients in image index order), so the conversion copies numbers and never
// recomputes geometry: a round trip returns identical values.
#include "cumed/core/Error.h"
#include "cumed/registration/BSplineGrid.h"

#include <itkBSplineTransform.h>

#include <array>
#include <cmath>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace cumed::registration {

using ItkBSplineTransform = itk::BSplineTransform<double, 3, 3>;

/// A new ITK transform with the grid's coefficient geometry and a copy of its coefficients.
inline ItkBSplineTransform::Pointer ToItkBSplineTransform(const BSplineGrid& grid) {
  const ImageGeometry& g = grid.coefficientGeometry();
  ItkBSplineTransform::FixedParametersType fixed(3 * (3 + 3));
  for (unsigned a = 0; a < 3; ++a) {
    fixed[a] = static_cast<double>(g.size[a]);
    fixed[3 + a] = g.origin[a];
    fixed[6 + a] = g.spacing[a];
  }
  for (unsigned e = 0; e < 9; ++e) fixed[9 + e] = g.direction[e]; // both row-major
  auto transform = ItkBSplineTransform::New();
  transform->SetFixedParameters(fixed);

  const std::size_t n = grid.numberOfControlPoints();
  ItkBSplineTransform::ParametersType parameters(static_cast<unsigned>(3 * n));
  for (int c = 0; c < 3; ++c) {
    const std::vector<double>& values = grid.coefficients(c);
    for (std::size_t p = 0; p < n; ++p) parameters[c * n + p] = values[p];
  }
  // By value: SetParameters would keep a pointer to this local array.
  transform->SetParametersByValue(parameters);
  return transform;
}

/// The grid of an ITK transform: its coefficient images' geometry and coefficients. Throws
/// InvalidArgument as BSplineGrid does (e.g. a grid smaller than 4 control points along an axis).
inline BSplineGrid FromItkBSplineTransform(const ItkBSplineTransform& transform) {
  const ItkBSplineTransform::FixedParametersType& fixed = transform.GetFixedParameters();
  ImageGeometry g;
  for (unsigned a = 0; a < 3; ++a) {
    // A grid size that is no whole number of points (or absurdly large) cannot be converted.
    if (!(fixed[a] >= 0.0 && fixed[a] <= 1e12 && std::floor(fixed[a]) == fixed[a]))
      throw InvalidArgument("itk::BSplineTransform's grid size along " +
                            std::string(1, char('x' + a)) + " is " + std::to_string(fixed[a]) +
                            "; expected a whole number of control points");
    g.size[a] = static_cast<std::size_t>(fixed[a]);
    g.origin[a] = fixed[3 + a];
    g.spacing[a] = fixed[6 + a];
  }
  for (unsigned e = 0; e < 9; ++e) g.direction[e] = fixed[9 + e];
  const auto& images = transform.GetCoefficientImages();
  std::array<std::vector<double>, 3> coefficients;
  for (int c = 0; c < 3; ++c) {
    const auto size = images[c]->GetLargestPossibleRegion().GetNumberOfPixels();
    const double* data = images[c]->GetBufferPointer();
    coefficients[c].assign(data, data + (data ? size : 0));
  }
  return BSplineGrid(g, std::move(coefficients));
}

} // namespace cumed::registration
