#pragma once
// The regularisers' per-node formulas both backends run (host and device code). At an interior
// control point the B-spline's derivatives are 3x3x3 stencils over the coefficients; the penalty
// there is a function of those 27 stencil sums (3 components x 9 channels), and its derivative
// with respect to them (the node's "adjoint") is what the gradient gathers back through the same
// stencils. Doubles throughout.
#include "cumed/core/HostDevice.h"
#include "src/Regularisers.h"

#include <cmath>
#include <cstdint>

namespace cumed::registration::detail {

/// The checked shape and weights as plain numbers (a kernel parameter).
struct RegulariserParams {
  std::int64_t size[3];     ///< control points per axis (each >= 3)
  std::int64_t interior[3]; ///< size - 2: the nodes evaluated per axis
  double inverseSpacing[3];
  double direction[9];
  bool planar;
  /// The weights divided by the number of interior nodes (the penalties are averages).
  double bending, elasticity, logJacobian;
};

/// Throws InvalidArgument naming the field when the shape or the weights cannot be used (a size
/// below 3, a spacing that is not positive, a singular direction, a negative weight).
RegulariserParams CheckedRegulariserParams(const ControlGridShape& shape,
                                           const RegularisationWeights& weights);

/// Channels of the stencil sums: first derivatives x, y, z; second xx, yy, zz, xy, xz, yz.
constexpr int kChannels = 9;
/// Below this determinant the log-Jacobian penalty continues as its second-order Taylor
/// polynomial at this point: C2, finite for any determinant and steep (slope about -180 at 0).
constexpr double kLogJacobianKnee = 0.1;

/// The cubic B-spline at its nodes, per axis, at offsets -1, 0, 1: 0 value (1, 4, 1)/6,
/// 1 first derivative (-1, 0, 1)/2, 2 second derivative (1, -2, 1) (index units).
CUMED_HOST_DEVICE double NodeStencil(int order, int offset) {
  if (order == 0) return offset == 0 ? 4.0 / 6.0 : 1.0 / 6.0;
  if (order == 1) return 0.5 * offset;
  return offset == 0 ? -2.0 : 1.0;
}

/// The derivative order a channel takes along an axis.
CUMED_HOST_DEVICE int ChannelOrder(int channel, int axis) {
  if (channel < 3) return channel == axis ? 1 : 0;
  if (channel < 6) return channel - 3 == axis ? 2 : 0;
  return channel - 6 == 2 - axis ? 0 : 1; // xy (6) skips z, xz (7) skips y, yz (8) skips x
}

/// Channels that differentiate along z, left out on a planar grid.
CUMED_HOST_DEVICE bool UsesZ(int channel) {
  return channel == 2 || channel == 5 || channel == 7 || channel == 8;
}

/// The weight of the coefficient at offset (ox, oy, oz) from a node in a channel's stencil.
CUMED_HOST_DEVICE double ChannelWeight(int channel, int ox, int oy, int oz) {
  return NodeStencil(ChannelOrder(channel, 0), ox) * NodeStencil(ChannelOrder(channel, 1), oy) *
         NodeStencil(ChannelOrder(channel, 2), oz);
}

/// The index of the interior node (x, y, z) (each coordinate in 1 .. size - 2).
CUMED_HOST_DEVICE std::int64_t InteriorIndex(const RegulariserParams& p, std::int64_t x,
                                             std::int64_t y, std::int64_t z) {
  return (x - 1) + p.interior[0] * ((y - 1) + p.interior[1] * (z - 1));
}

/// The stencil sums s[k][c] at interior node (x, y, z); `coefficients` holds 3 x controlPoints.
CUMED_HOST_DEVICE void NodeStencilSums(const RegulariserParams& p, const float* coefficients,
                                       std::int64_t x, std::int64_t y, std::int64_t z,
                                       double s[3][kChannels]) {
  const std::int64_t n = p.size[0] * p.size[1] * p.size[2];
  for (int k = 0; k < 3; ++k)
    for (int c = 0; c < kChannels; ++c) s[k][c] = 0.0;
  for (int oz = -1; oz <= 1; ++oz)
    for (int oy = -1; oy <= 1; ++oy)
      for (int ox = -1; ox <= 1; ++ox) {
        const std::int64_t q = (x + ox) + p.size[0] * ((y + oy) + p.size[1] * (z + oz));
        const double u[3] = {coefficients[q], coefficients[n + q], coefficients[2 * n + q]};
        for (int c = 0; c < kChannels; ++c) {
          if (p.planar && UsesZ(c)) continue;
          const double w = ChannelWeight(c, ox, oy, oz);
          for (int k = 0; k < 3; ++k) s[k][c] += w * u[k];
        }
      }
}

/// The log-Jacobian penalty of a determinant and its derivative.
CUMED_HOST_DEVICE double LogJacobianPenalty(double det, double* slope) {
  if (det >= kLogJacobianKnee) {
    const double l = std::log(det);
    *slope = 2.0 * l / det;
    return l * l;
  }
  const double l = std::log(kLogJacobianKnee), t = kLogJacobianKnee;
  const double p0 = l * l, p1 = 2.0 * l / t, p2 = (2.0 - 2.0 * l) / (t * t);
  const double d = det - t;
  *slope = p1 + p2 * d;
  return p0 + p1 * d + 0.5 * p2 * d * d;
}

/// The weighted penalty at one node from its stencil sums, and its derivative with respect to
/// each sum (`adjoint`, same layout).
CUMED_HOST_DEVICE double NodePenalty(const RegulariserParams& p, const double s[3][kChannels],
                                     double adjoint[3][kChannels]) {
  const double* D = p.direction;
  const double* ih = p.inverseSpacing;
  // Physical gradient G[k][j] = du_k/dx_j = sum_a (index derivative along a / h_a) D[j][a].
  double Gi[3][3], G[3][3], dG[3][3];
  for (int k = 0; k < 3; ++k)
    for (int a = 0; a < 3; ++a) Gi[k][a] = s[k][a] * ih[a];
  for (int k = 0; k < 3; ++k)
    for (int j = 0; j < 3; ++j) {
      G[k][j] = Gi[k][0] * D[3 * j] + Gi[k][1] * D[3 * j + 1] + Gi[k][2] * D[3 * j + 2];
      dG[k][j] = 0.0;
    }
  double value = 0.0;
  for (int k = 0; k < 3; ++k)
    for (int c = 0; c < kChannels; ++c) adjoint[k][c] = 0.0;

  if (p.elasticity > 0.0) {
    double e = 0.0;
    for (int k = 0; k < 3; ++k)
      for (int j = 0; j < 3; ++j) {
        const double sym = G[k][j] + G[j][k];
        e += 0.25 * sym * sym;
        dG[k][j] += p.elasticity * sym;
      }
    value += p.elasticity * e;
  }
  if (p.logJacobian > 0.0) {
    const double J[3][3] = {{1.0 + G[0][0], G[0][1], G[0][2]},
                            {G[1][0], 1.0 + G[1][1], G[1][2]},
                            {G[2][0], G[2][1], 1.0 + G[2][2]}};
    const double cof[3][3] = {
        {J[1][1] * J[2][2] - J[1][2] * J[2][1], J[1][2] * J[2][0] - J[1][0] * J[2][2],
         J[1][0] * J[2][1] - J[1][1] * J[2][0]},
        {J[0][2] * J[2][1] - J[0][1] * J[2][2], J[0][0] * J[2][2] - J[0][2] * J[2][0],
         J[0][1] * J[2][0] - J[0][0] * J[2][1]},
        {J[0][1] * J[1][2] - J[0][2] * J[1][1], J[0][2] * J[1][0] - J[0][0] * J[1][2],
         J[0][0] * J[1][1] - J[0][1] * J[1][0]}};
    const double det = J[0][0] * cof[0][0] + J[0][1] * cof[0][1] + J[0][2] * cof[0][2];
    double slope = 0.0;
    value += p.logJacobian * LogJacobianPenalty(det, &slope);
    for (int k = 0; k < 3; ++k)
      for (int j = 0; j < 3; ++j) dG[k][j] += p.logJacobian * slope * cof[k][j];
  }
  // Back through G = Gi D^T and Gi = s / h.
  for (int k = 0; k < 3; ++k)
    for (int a = 0; a < 3; ++a)
      adjoint[k][a] = (dG[k][0] * D[a] + dG[k][1] * D[3 + a] + dG[k][2] * D[6 + a]) * ih[a];

  if (p.bending > 0.0) {
    for (int k = 0; k < 3; ++k) {
      // Index Hessian over the spacings, M, and the physical Hessian H = D M D^T.
      double M[3][3];
      for (int a = 0; a < 3; ++a) M[a][a] = s[k][3 + a] * ih[a] * ih[a];
      M[0][1] = M[1][0] = s[k][6] * ih[0] * ih[1];
      M[0][2] = M[2][0] = s[k][7] * ih[0] * ih[2];
      M[1][2] = M[2][1] = s[k][8] * ih[1] * ih[2];
      double DM[3][3], H[3][3];
      for (int i = 0; i < 3; ++i)
        for (int b = 0; b < 3; ++b)
          DM[i][b] = D[3 * i] * M[0][b] + D[3 * i + 1] * M[1][b] + D[3 * i + 2] * M[2][b];
      double e = 0.0;
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
          H[i][j] = DM[i][0] * D[3 * j] + DM[i][1] * D[3 * j + 1] + DM[i][2] * D[3 * j + 2];
          e += H[i][j] * H[i][j];
        }
      value += p.bending * e;
      // dE/dM = D^T (2 H) D, then back through M = s / (h_a h_b) (off-diagonal sums twice).
      double HD_[3][3], dM[3][3];
      for (int i = 0; i < 3; ++i)
        for (int b = 0; b < 3; ++b)
          HD_[i][b] = H[i][0] * D[b] + H[i][1] * D[3 + b] + H[i][2] * D[6 + b];
      for (int a = 0; a < 3; ++a)
        for (int b = 0; b < 3; ++b)
          dM[a][b] =
              2.0 * p.bending * (D[a] * HD_[0][b] + D[3 + a] * HD_[1][b] + D[6 + a] * HD_[2][b]);
      for (int a = 0; a < 3; ++a) adjoint[k][3 + a] = dM[a][a] * ih[a] * ih[a];
      adjoint[k][6] = (dM[0][1] + dM[1][0]) * ih[0] * ih[1];
      adjoint[k][7] = (dM[0][2] + dM[2][0]) * ih[0] * ih[2];
      adjoint[k][8] = (dM[1][2] + dM[2][1]) * ih[1] * ih[2];
    }
  }
  if (p.planar)
    for (int k = 0; k < 3; ++k)
      for (int c = 0; c < kChannels; ++c)
        if (UsesZ(c)) adjoint[k][c] = 0.0;
  return value;
}

/// The gradient at control point (x, y, z): the adjoints of the interior nodes in its 3x3x3
/// neighbourhood through their stencils. `adjoint` holds 3 x kChannels arrays of one value per
/// interior node (channel-major: (k * kChannels + c) * interiorNodes + node).
CUMED_HOST_DEVICE void GatherNodeGradient(const RegulariserParams& p, const double* adjoint,
                                          std::int64_t x, std::int64_t y, std::int64_t z,
                                          double g[3]) {
  const std::int64_t nodes = p.interior[0] * p.interior[1] * p.interior[2];
  g[0] = g[1] = g[2] = 0.0;
  for (int oz = -1; oz <= 1; ++oz)
    for (int oy = -1; oy <= 1; ++oy)
      for (int ox = -1; ox <= 1; ++ox) {
        // The node at (x, y, z) - o sees this point at offset o.
        const std::int64_t nx = x - ox, ny = y - oy, nz = z - oz;
        if (nx < 1 || ny < 1 || nz < 1 || nx > p.interior[0] || ny > p.interior[1] ||
            nz > p.interior[2])
          continue;
        const std::int64_t node = InteriorIndex(p, nx, ny, nz);
        for (int c = 0; c < kChannels; ++c) {
          if (p.planar && UsesZ(c)) continue;
          const double w = ChannelWeight(c, ox, oy, oz);
          for (int k = 0; k < 3; ++k) g[k] += w * adjoint[(k * kChannels + c) * nodes + node];
        }
      }
}

} // namespace cumed::registration::detail
