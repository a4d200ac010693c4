#pragma once
// Penalties on the B-spline control grid (CPU: cpu/RegularisersCpu.cxx, CUDA:
// cuda/RegularisersCuda.cu), evaluated at the control points from the cubic B-spline's
// derivatives there (per axis: value (1, 4, 1)/6, first derivative (-1, 0, 1)/(2h), second
// derivative (1, -2, 1)/h^2 over nodes c-1, c, c+1), averaged over the control points evaluated:
//   bending energy     sum over components of u_xx^2 + u_yy^2 + u_zz^2 + 2(u_xy^2 + u_xz^2 +
//   u_yz^2) linear elasticity  mu-free form: sum of squared symmetric strain (du_i/dx_j +
//   du_j/dx_i)^2 / 4 log-Jacobian       (log det(I + grad u))^2, with a steep finite penalty where
//   det <= 0
// Derivatives are in physical space (the grid's direction applied). A 2D grid (one voxel thick
// fixed image) skips the z terms.
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

std::unique_ptr<RegulariserComputer> MakeRegulariserCpu(const ControlGridShape& shape,
                                                        const RegularisationWeights& weights);
/// Defined only in CUDA builds; evaluate() returns after the work queued on `stream` finished.
std::unique_ptr<RegulariserComputer> MakeRegulariserCuda(const ControlGridShape& shape,
                                                         const RegularisationWeights& weights,
                                                         CUstream_st* stream);

} // namespace cumed::registration::detail
