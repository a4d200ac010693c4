#pragma once
// One seed's pathline: sampling (bilinear in space, linear in time), RK2/RK4 steps and the
// stopping rule, shared by the CPU loop and the CUDA kernel (host+device) and by float (PIV
// fields) and double (VTK grids), so every backend follows the same points.
#include "cumed/core/HostDevice.h"

#include <cmath>
#include <cstdint>

namespace cumed::piv::detail {

template <class Real> struct FlowGrid {
  int columns, rows, fields;
  Real originX, originY, spacingX, spacingY;
  const Real *u, *v;           ///< fields * columns * rows velocities, position units per time
  const std::uint8_t* blocked; ///< same layout, nonzero: no flow there; may be null
};

template <class Real> struct Stepping {
  int steps; ///< per line; the line has at most steps + 1 points
  Real h;    ///< one step in field intervals
  Real dt;   ///< one step in time units
  bool rungeKutta4;
};

CUMED_HOST_DEVICE float SquareRoot(float x) {
  return sqrtf(x);
}
CUMED_HOST_DEVICE double SquareRoot(double x) {
  return sqrt(x);
}

/// Bilinear velocity of field k at grid index (i, j) inside the grid; false when a corner of
/// the cell is blocked.
template <class Real>
CUMED_HOST_DEVICE bool SampleField(const FlowGrid<Real>& g, int k, Real i, Real j, Real& vx,
                                   Real& vy) {
  const int lastI = g.columns - 2 > 0 ? g.columns - 2 : 0, lastJ = g.rows - 2 > 0 ? g.rows - 2 : 0;
  const int i0 = int(i) < lastI ? int(i) : lastI, j0 = int(j) < lastJ ? int(j) : lastJ;
  const int i1 = i0 + 1 < g.columns ? i0 + 1 : g.columns - 1;
  const int j1 = j0 + 1 < g.rows ? j0 + 1 : g.rows - 1;
  const Real fx = i - Real(i0), fy = j - Real(j0);
  const std::int64_t base = std::int64_t(k) * g.columns * g.rows;
  const std::int64_t ids[4] = {
      base + std::int64_t(j0) * g.columns + i0, base + std::int64_t(j0) * g.columns + i1,
      base + std::int64_t(j1) * g.columns + i0, base + std::int64_t(j1) * g.columns + i1};
  const Real w[4] = {(1 - fx) * (1 - fy), fx * (1 - fy), (1 - fx) * fy, fx * fy};
  vx = 0;
  vy = 0;
  for (int c = 0; c < 4; ++c) {
    if (g.blocked && g.blocked[ids[c]]) return false;
    vx += w[c] * g.u[ids[c]];
    vy += w[c] * g.v[ids[c]];
  }
  return true;
}

/// Velocity at (x, y) and time t (in field intervals, >= 0), linear between fields; false
/// outside the grid or where SampleField refuses.
template <class Real>
CUMED_HOST_DEVICE bool SampleFlow(const FlowGrid<Real>& g, Real x, Real y, Real t, Real& vx,
                                  Real& vy) {
  const Real i = (x - g.originX) / g.spacingX, j = (y - g.originY) / g.spacingY;
  // Written so that NaN fails too.
  if (!(i >= 0 && j >= 0 && i <= Real(g.columns - 1) && j <= Real(g.rows - 1))) return false;
  const int last = g.fields - 1;
  int k = int(t); // t >= 0: truncation is the floor
  if (k > last - 1) k = last - 1;
  if (k < 0) k = 0;
  Real f = last > 0 ? t - Real(k) : Real(0);
  f = f < 0 ? Real(0) : (f > 1 ? Real(1) : f);
  Real ax, ay, bx = 0, by = 0;
  if (!SampleField(g, k, i, j, ax, ay)) return false;
  if (f > 0 && !SampleField(g, k + 1, i, j, bx, by)) return false;
  vx = (1 - f) * ax + f * bx;
  vy = (1 - f) * ay + f * by;
  return true;
}

/// Moves (x, y), with velocity (vx, vy) there at time t, one step; false (unmoved) when a
/// stage samples where there is no flow.
template <class Real>
CUMED_HOST_DEVICE bool Advance(const FlowGrid<Real>& g, const Stepping<Real>& s, Real t, Real vx,
                               Real vy, Real& x, Real& y) {
  const Real half = Real(0.5) * s.dt, halfT = t + Real(0.5) * s.h;
  Real mx, my;
  if (!SampleFlow(g, x + half * vx, y + half * vy, halfT, mx, my)) return false;
  if (!s.rungeKutta4) {
    x += s.dt * mx;
    y += s.dt * my;
    return true;
  }
  Real nx, ny, ex, ey;
  if (!SampleFlow(g, x + half * mx, y + half * my, halfT, nx, ny)) return false;
  if (!SampleFlow(g, x + s.dt * nx, y + s.dt * ny, t + s.h, ex, ey)) return false;
  const Real sixth = s.dt / Real(6);
  x += sixth * (vx + Real(2) * mx + Real(2) * nx + ex);
  y += sixth * (vy + Real(2) * my + Real(2) * ny + ey);
  return true;
}

/// Traces one seed into xs, ys, speeds (room for steps + 1 points); returns its point count.
template <class Real>
CUMED_HOST_DEVICE int TraceSeed(const FlowGrid<Real>& g, const Stepping<Real>& s, Real x, Real y,
                                Real* xs, Real* ys, Real* speeds) {
  int count = 0;
  for (int n = 0; n <= s.steps; ++n) {
    const Real t = Real(n) * s.h;
    Real vx, vy;
    if (!SampleFlow(g, x, y, t, vx, vy)) break;
    xs[count] = x;
    ys[count] = y;
    speeds[count] = SquareRoot(vx * vx + vy * vy);
    ++count;
    if (n == s.steps || !Advance(g, s, t, vx, vy, x, y)) break;
  }
  return count;
}

} // namespace cumed::piv::detail
