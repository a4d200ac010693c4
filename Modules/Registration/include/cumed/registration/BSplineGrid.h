#pragma once
// A cubic B-spline control grid laid out as ITK's itk::BSplineTransform<double, 3, 3>: the
// coefficient images' geometry follows from the transform domain exactly as ITK computes it, and
// each displacement component's coefficients are stored in ITK's index order (x fastest).
#include "cumed/core/Image.h"

#include <array>
#include <cstddef>
#include <vector>

namespace cumed::registration {

/// ITK's "transform domain": the region the B-spline covers, divided into meshSize cells per axis.
struct TransformDomain {
  std::array<double, 3> origin{0.0, 0.0, 0.0};                ///< mm, first corner of the domain
  std::array<double, 3> physicalDimensions{1.0, 1.0, 1.0};    ///< mm along each domain axis
  std::array<double, 9> direction{1, 0, 0, 0, 1, 0, 0, 0, 1}; ///< row-major, columns = axes
  std::array<std::size_t, 3> meshSize{1, 1, 1};               ///< cells along each axis
};

class BSplineGrid {
public:
  static constexpr int kOrder = 3;

  /// The grid covering `domain`, all coefficients zero (the identity transform). Throws
  /// InvalidArgument naming the axis and value for a mesh size of 0, a physical dimension that
  /// is not finite and positive, or a singular direction.
  explicit BSplineGrid(const TransformDomain& domain);

  /// A grid given by its coefficient images' geometry (ITK's fixed parameters) and the three
  /// coefficient arrays (displacements in mm along x, y, z of physical space). Throws
  /// InvalidArgument for a size below kOrder + 1, a spacing that is not finite and positive, a
  /// singular direction, or an array whose length is not the number of control points.
  BSplineGrid(const ImageGeometry& coefficientGeometry,
              std::array<std::vector<double>, 3> coefficients);

  /// Origin, spacing, size (meshSize + 3) and direction of ITK's coefficient images.
  const ImageGeometry& coefficientGeometry() const noexcept { return geometry_; }
  std::array<std::size_t, 3> meshSize() const noexcept;
  /// The transform domain, as ITK's GetTransformDomain*() computes it from the fixed parameters.
  TransformDomain domain() const;

  std::size_t numberOfControlPoints() const noexcept { return geometry_.numberOfPixels(); }
  /// Coefficients of displacement component 0, 1 or 2 (x fastest, then y, then z).
  const std::vector<double>& coefficients(int component) const;
  /// Replaces all coefficients; throws InvalidArgument when an array has the wrong length.
  void setCoefficients(std::array<std::vector<double>, 3> coefficients);
  /// Writable view of one component's coefficients (numberOfControlPoints() values).
  double* coefficientData(int component);

private:
  ImageGeometry geometry_;
  std::array<std::vector<double>, 3> coefficients_;
};

} // namespace cumed::registration
