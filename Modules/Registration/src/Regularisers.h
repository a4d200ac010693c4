#pragma once
// Penalties on the B-spline control grid (CPU: cpu/RegularisersCpu.cxx, CUDA:
// cuda/RegularisersCuda.cu; the per-node formulas both run: src/RegulariserMath.h), evaluated at
// the control points from the cubic B-spline's derivatives there (per axis: value (1, 4, 1)/6,
// first derivative (-1, 0, 1)/(2h), second derivative (1, -2, 1)/h^2 over nodes c-1, c, c+1),
// averaged over the control points evaluated:
//   bending energy     sum over components of u_xx^2 + u_yy^2 + u_zz^2 + 2(u_xy^2 + u_xz^2 +
//   u_yz^2) linear elasticity  mu-free form: sum of squared symmetric strain (du_i/dx_j +
//   du_j/dx_i)^2 / 4 log-Jacobian       (log det(I + grad u))^2 for det >= 0.1; below, its
//   second-order Taylor
//                      polynomial at 0.1 (C2, finite for any det, slope about -180 at det = 0), so
//                      folding (det <= 0) costs much and is pushed out of, never a NaN
// Evaluated at the interior control points only (1 .. size-2 per axis), where all 3x3x3
// neighbours exist; the outer layer enters through its neighbours' stencils, so it is penalised
// too. The gradient is the exact gradient of that average. Derivatives are in physical space:
// index derivatives over the spacing, then rotated by the direction (H = D M D^T, G = Gi D^T).
// A planar grid (2D registration, one voxel thick fixed image) leaves out every z derivative;
// its z size must still be >= 3.
#include <cstdint>
#include <memory>

struct CUstream_st;

namespace cumed::registration::detail {

struct ControlGridShape {
  std::int64_t size[3] = {4, 4, 4};                  ///< control points along x, y, z
  double spacing[3] = {1.0, 1.0, 1.0};               ///< mm
  double direction[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}; ///< row-major, columns = grid axes
  bool planar = false;                               ///< 2D registration: no z derivatives
};

struct RegularisationWeights {
  double bendingEnergy = 0.0;
  double linearElasticity = 0.0;
  double logJacobian = 0.0;
  bool any() const { return bendingEnergy > 0 || linearElasticity > 0 || logJacobian > 0; }
};

class RegulariserComputer {
public:
  virtual ~RegulariserComputer() = default;
  /// The weighted sum of the penalties at `coefficients` (3 x controlPoints, structure of
  /// arrays). When `gradient` is not null the weighted penalties' gradient is ADDED to it (same
  /// layout). Host pointers for the CPU computer, device pointers for the CUDA one.
  virtual double evaluate(const float* coefficients, float* gradient) = 0;
};

/// Both throw InvalidArgument naming the field for a size below 3, a spacing that is not positive,
/// a singular direction or a negative weight. The value is deterministic (fixed summation order).
std::unique_ptr<RegulariserComputer> MakeRegulariserCpu(const ControlGridShape& shape,
                                                        const RegularisationWeights& weights);
/// evaluate() returns after the work queued on `stream` finished. A build without CUDA throws
/// CudaError.
std::unique_ptr<RegulariserComputer> MakeRegulariserCuda(const ControlGridShape& shape,
                                                         const RegularisationWeights& weights,
                                                         CUstream_st* stream);

} // namespace cumed::registration::detail
