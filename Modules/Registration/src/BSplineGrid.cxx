#include "cumed/registration/BSplineGrid.h"

#include "cumed/core/Error.h"
#include "src/Matrix3.h"

#include <cmath>
#include <sstream>
#include <string>
#include <utility>

namespace cumed::registration {
namespace {

constexpr const char* kAxis[3] = {"x", "y", "z"};

void CheckDomain(const TransformDomain& domain) {
  for (int a = 0; a < 3; ++a) {
    if (domain.meshSize[a] == 0)
      throw InvalidArgument(std::string("B-spline mesh size along ") + kAxis[a] +
                            " is 0; expected at least 1 cell");
    const double extent = domain.physicalDimensions[a];
    if (!(std::isfinite(extent) && extent > 0.0)) {
      std::ostringstream message;
      message << "B-spline transform domain's physical dimension along " << kAxis[a] << " is "
              << extent << " mm; expected a finite value > 0";
      throw InvalidArgument(message.str());
    }
    if (!std::isfinite(domain.origin[a]))
      throw InvalidArgument(std::string("B-spline transform domain's origin along ") + kAxis[a] +
                            " is not finite");
  }
  detail::CheckDirection(domain.direction, "B-spline transform domain's direction");
}

void CheckCoefficientGeometry(const ImageGeometry& geometry) {
  for (int a = 0; a < 3; ++a) {
    if (geometry.size[a] < BSplineGrid::kOrder + 1)
      throw InvalidArgument(std::string("B-spline coefficient grid size along ") + kAxis[a] +
                            " is " + std::to_string(geometry.size[a]) +
                            "; expected at least 4 (mesh size + 3)");
    const double spacing = geometry.spacing[a];
    if (!(std::isfinite(spacing) && spacing > 0.0)) {
      std::ostringstream message;
      message << "B-spline coefficient grid spacing along " << kAxis[a] << " is " << spacing
              << " mm; expected a finite value > 0";
      throw InvalidArgument(message.str());
    }
    if (!std::isfinite(geometry.origin[a]))
      throw InvalidArgument(std::string("B-spline coefficient grid origin along ") + kAxis[a] +
                            " is not finite");
  }
  detail::CheckDirection(geometry.direction, "B-spline coefficient grid direction");
}

} // namespace

BSplineGrid::BSplineGrid(const TransformDomain& domain) {
  CheckDomain(domain);
  // ITK's SetFixedParametersFromTransformDomainInformation: the grid extends one cell (half the
  // order minus one, times the spacing) before the domain's origin along each domain axis.
  std::array<double, 3> shift{};
  for (int a = 0; a < 3; ++a) {
    geometry_.size[a] = domain.meshSize[a] + kOrder;
    geometry_.spacing[a] = domain.physicalDimensions[a] / static_cast<double>(domain.meshSize[a]);
    shift[a] = -0.5 * geometry_.spacing[a] * (kOrder - 1);
  }
  for (int r = 0; r < 3; ++r) {
    double rotated = 0.0;
    for (int c = 0; c < 3; ++c) rotated += domain.direction[3 * r + c] * shift[c];
    geometry_.origin[r] = rotated + domain.origin[r];
  }
  geometry_.direction = domain.direction;
  for (auto& c : coefficients_) c.assign(numberOfControlPoints(), 0.0);
}

BSplineGrid::BSplineGrid(const ImageGeometry& coefficientGeometry,
                         std::array<std::vector<double>, 3> coefficients)
    : geometry_(coefficientGeometry) {
  CheckCoefficientGeometry(geometry_);
  setCoefficients(std::move(coefficients));
}

std::array<std::size_t, 3> BSplineGrid::meshSize() const noexcept {
  return {geometry_.size[0] - kOrder, geometry_.size[1] - kOrder, geometry_.size[2] - kOrder};
}

TransformDomain BSplineGrid::domain() const {
  // ITK's GetTransformDomainOrigin / PhysicalDimensions / Direction / MeshSize.
  TransformDomain domain;
  domain.meshSize = meshSize();
  domain.direction = geometry_.direction;
  std::array<double, 3> shift{};
  for (int a = 0; a < 3; ++a) {
    domain.physicalDimensions[a] = static_cast<double>(domain.meshSize[a]) * geometry_.spacing[a];
    shift[a] = geometry_.spacing[a] * 0.5 * (kOrder - 1);
  }
  for (int r = 0; r < 3; ++r) {
    double rotated = 0.0;
    for (int c = 0; c < 3; ++c) rotated += geometry_.direction[3 * r + c] * shift[c];
    domain.origin[r] = rotated + geometry_.origin[r];
  }
  return domain;
}

const std::vector<double>& BSplineGrid::coefficients(int component) const {
  if (component < 0 || component > 2)
    throw InvalidArgument("B-spline coefficient component " + std::to_string(component) +
                          " does not exist; expected 0, 1 or 2");
  return coefficients_[component];
}

double* BSplineGrid::coefficientData(int component) {
  return const_cast<double*>(std::as_const(*this).coefficients(component).data());
}

void BSplineGrid::setCoefficients(std::array<std::vector<double>, 3> coefficients) {
  const std::size_t expected = numberOfControlPoints();
  for (int c = 0; c < 3; ++c)
    if (coefficients[c].size() != expected)
      throw InvalidArgument("B-spline coefficient array " + std::to_string(c) + " has " +
                            std::to_string(coefficients[c].size()) + " values; expected " +
                            std::to_string(expected) + " (" + std::to_string(geometry_.size[0]) +
                            " x " + std::to_string(geometry_.size[1]) + " x " +
                            std::to_string(geometry_.size[2]) + " control points)");
  coefficients_ = std::move(coefficients);
}

} // namespace cumed::registration
