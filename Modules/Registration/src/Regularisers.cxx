#include "src/Matrix3.h"
#include "src/RegulariserMath.h"

#include "cumed/core/Error.h"

#include <array>
#include <cmath>
#include <sstream>

namespace cumed::registration::detail {
namespace {

void CheckWeight(double weight, const char* name) {
  if (!(std::isfinite(weight) && weight >= 0.0)) {
    std::ostringstream message;
    message << "regulariser weight " << name << " is " << weight
            << "; expected a finite value >= 0";
    throw InvalidArgument(message.str());
  }
}

} // namespace

RegulariserParams CheckedRegulariserParams(const ControlGridShape& shape,
                                           const RegularisationWeights& weights) {
  static const char* const kAxes = "xyz";
  RegulariserParams p{};
  std::int64_t nodes = 1;
  for (int a = 0; a < 3; ++a) {
    if (shape.size[a] < 3) {
      std::ostringstream message;
      message << "regulariser control grid has " << shape.size[a] << " control points along "
              << kAxes[a] << "; expected at least 3 (a node with both neighbours)";
      throw InvalidArgument(message.str());
    }
    if (!(std::isfinite(shape.spacing[a]) && shape.spacing[a] > 0.0)) {
      std::ostringstream message;
      message << "regulariser control grid spacing along " << kAxes[a] << " is " << shape.spacing[a]
              << "; expected a positive finite value (mm)";
      throw InvalidArgument(message.str());
    }
    p.size[a] = shape.size[a];
    p.interior[a] = shape.size[a] - 2;
    p.inverseSpacing[a] = 1.0 / shape.spacing[a];
    nodes *= p.interior[a];
  }
  std::array<double, 9> direction{};
  for (int e = 0; e < 9; ++e) direction[e] = p.direction[e] = shape.direction[e];
  CheckDirection(direction, "regulariser control grid direction");
  CheckWeight(weights.bendingEnergy, "bendingEnergy");
  CheckWeight(weights.linearElasticity, "linearElasticity");
  CheckWeight(weights.logJacobian, "logJacobian");
  p.planar = shape.planar;
  p.bending = weights.bendingEnergy / double(nodes);
  p.elasticity = weights.linearElasticity / double(nodes);
  p.logJacobian = weights.logJacobian / double(nodes);
  return p;
}

} // namespace cumed::registration::detail
