#include "src/LatticeMath.h"

#include "cumed/core/Error.h"
#include "cumed/core/NumberRules.h"

#include <cmath>
#include <sstream>
#include <string>

namespace cumed::deformation::detail {

LocalFrame MakeLocalFrame(const Lattice& l) {
  // Columns S, T, U; the inverse by cofactors (the lattice is valid: non-zero determinant).
  const double m[3][3] = {
      {l.s[0], l.t[0], l.u[0]}, {l.s[1], l.t[1], l.u[1]}, {l.s[2], l.t[2], l.u[2]}};
  const double det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
                     m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
                     m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
  LocalFrame frame{};
  for (int r = 0; r < 3; ++r) {
    frame.origin[r] = l.origin[r];
    for (int c = 0; c < 3; ++c) {
      // inverse[r][c] = cofactor[c][r] / det
      const int r0 = (c + 1) % 3, r1 = (c + 2) % 3, c0 = (r + 1) % 3, c1 = (r + 2) % 3;
      frame.inverse[3 * r + c] = (m[r0][c0] * m[r1][c1] - m[r0][c1] * m[r1][c0]) / det;
    }
  }
  return frame;
}

ControlDisplacements MakeDisplacements(const Lattice& lattice, const std::vector<double>& rest,
                                       const std::vector<double>& controlPoints) {
  const std::int64_t count = lattice.numberOfControlPoints();
  if (static_cast<std::int64_t>(controlPoints.size()) != 3 * count)
    throw InvalidArgument(
        "FFD: " + std::to_string(controlPoints.size()) + " control-point coordinates for a " +
        std::to_string(lattice.dimensions[0]) + "x" + std::to_string(lattice.dimensions[1]) + "x" +
        std::to_string(lattice.dimensions[2]) + " lattice; expected " + std::to_string(3 * count) +
        " (x,y,z of " + std::to_string(count) + " points)");
  ControlDisplacements d;
  for (int a = 0; a < 3; ++a) d.n[a] = lattice.dimensions[a];
  d.xyz.resize(controlPoints.size());
  for (std::size_t i = 0; i < controlPoints.size(); ++i) {
    if (!std::isfinite(controlPoints[i]))
      throw InvalidArgument("FFD: control point " + std::to_string(i / 3) + " has a non-finite " +
                            "xyz"[i % 3] + " coordinate (" + std::to_string(controlPoints[i]) +
                            ")");
    // The displacement is a float on every backend: beyond kFloatSafe it (and the points it
    // moves) would overflow to inf.
    const double moved = controlPoints[i] - rest[i];
    if (!(std::abs(moved) <= numbers::kFloatSafe))
      numbers::RequireInRange(
          "FFD: control point " + std::to_string(i / 3) + " " + "xyz"[i % 3] + " displacement",
          moved, -numbers::kFloatSafe, numbers::kFloatSafe, "deformed points are floats");
    d.xyz[i] = static_cast<float>(moved);
    if (d.xyz[i] != 0.0f) d.zero = false;
  }
  return d;
}

void ThrowNonFinitePoint(std::int64_t p, const float* xyz) {
  std::ostringstream text;
  text << "FFD: point " << p << " has a non-finite coordinate (" << xyz[0] << ", " << xyz[1] << ", "
       << xyz[2] << ")";
  throw InvalidArgument(text.str());
}

void ThrowBadPointId(std::int64_t t, std::int64_t id, std::int64_t points) {
  throw InvalidArgument("FFD: triangle " + std::to_string(t) + " refers to point " +
                        std::to_string(id) + " but the mesh has " + std::to_string(points) +
                        " points");
}

} // namespace cumed::deformation::detail
