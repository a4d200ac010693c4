#pragma once
// What both backends need from a lattice and the moved control points, computed on the host:
// the world -> local frame, and the control points' displacements from rest. Internal.
#include "cumed/deformation/Lattice.h"
#include "src/FfdMath.h"

#include <cstdint>
#include <vector>

namespace cumed::deformation::detail {

/// The inverse of the lattice's frame (the lattice must be valid).
LocalFrame MakeLocalFrame(const Lattice& lattice);

/// Moved control points minus rest points, as floats (x,y,z per control point).
struct ControlDisplacements {
  int n[3] = {0, 0, 0};
  std::vector<float> xyz;
  bool zero = true; ///< no control point moved
};
/// Throws InvalidArgument when the count is not 3 per control point or a value is not finite.
/// `rest`: lattice.restPoints(), computed once by the caller.
ControlDisplacements MakeDisplacements(const Lattice& lattice, const std::vector<double>& rest,
                                       const std::vector<double>& controlPoints);

/// Calls f(Displacements<MaxAxis, Capacity>&) with the smallest kernel-parameter type that
/// holds `d` (the object lives on the stack for the call).
template <class F> void WithDisplacements(const ControlDisplacements& d, F&& f) {
  const int axis =
      d.n[0] > d.n[1] ? (d.n[0] > d.n[2] ? d.n[0] : d.n[2]) : (d.n[1] > d.n[2] ? d.n[1] : d.n[2]);
  const std::size_t count = d.xyz.size();
  auto fill = [&](auto& p) {
    p.nx = d.n[0];
    p.ny = d.n[1];
    p.nz = d.n[2];
    for (std::size_t i = 0; i < count; ++i) p.xyz[i] = d.xyz[i];
    f(p);
  };
  if (axis <= 4) {
    Displacements<4, 64> p;
    fill(p);
  } else if (axis <= 8 && count <= 3 * 512) {
    Displacements<8, 512> p;
    fill(p);
  } else {
    Displacements<16, 2048> p;
    fill(p);
  }
}

/// Throws InvalidArgument naming point p and its coordinates.
[[noreturn]] void ThrowNonFinitePoint(std::int64_t p, const float* xyz);
/// Throws InvalidArgument naming triangle t, its point id and the number of points.
[[noreturn]] void ThrowBadPointId(std::int64_t t, std::int64_t id, std::int64_t points);

} // namespace cumed::deformation::detail
