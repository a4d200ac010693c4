#pragma once
// Internal: what the registration's backends do differently, behind one interface, in the pattern
// every CuMed module follows (Documentation/platform.md, "One CPU/CUDA pattern"): the CPU engine
// (cpu/RegistrationEngineCpu.cxx: OpenMP, the reference), the CUDA engine
// (cuda/RegistrationEngineCuda.cxx: kernels) and MakeRegistrationEngine
// (src/RegistrationEngine.cxx), the one place that picks. Engines are stateless: what lives
// across iterations (a level's images, tables and buffers) lives in the objects they make.
#include "cumed/core/Backend.h"
#include "cumed/core/Image.h"
#include "src/AffineObjective.h"
#include "src/DisplacementFieldBackends.h"
#include "src/JacobianMath.h"
#include "src/LbfgsSpace.h"
#include "src/OutputMath.h"
#include "src/RegistrationObjective.h"
#include "src/Regularisers.h"

#include <cstddef>
#include <memory>
#include <vector>

namespace cumed::registration::detail {

class RegistrationEngine {
public:
  virtual ~RegistrationEngine() = default;
  virtual Backend backend() const noexcept = 0;
  /// Where the engine reads and writes images (fields, Jacobians): the host or the device.
  virtual MemoryLocation memory() const noexcept = 0;
  /// One B-spline level's cost and gradient (uploads the level's images once on CUDA).
  virtual std::unique_ptr<RegistrationObjective> objective(const LevelProblem& problem) = 0;
  /// `count` optimiser vectors of `size` doubles in the engine's memory (src/LbfgsSpace.h): the
  /// B-spline levels' L-BFGS runs there, next to the objective's evaluateDevice on CUDA.
  virtual std::unique_ptr<LbfgsSpace> optimiserSpace(std::size_t size, int count) = 0;
  /// One affine-stage level's similarity and gradient.
  virtual std::unique_ptr<AffineObjective> affineObjective(const LevelProblem& problem,
                                                           const AffineFrame& frame) = 0;
  /// The penalties on control-grid coefficients in the engine's memory (`stream`: CUDA's, or
  /// null for the default stream; unused on the CPU).
  virtual std::unique_ptr<RegulariserComputer> regulariser(const ControlGridShape& shape,
                                                           const RegularisationWeights& weights,
                                                           CUstream_st* stream) = 0;
  /// The B-spline's displacement at every fixed voxel: 3 floats per voxel into `field`, in the
  /// engine's memory.
  virtual void displacementField(const Sampling& sampling,
                                 const std::vector<AxisSupport>& separable,
                                 const double* const coefficients[3], std::size_t controlPoints,
                                 float* field) = 0;
  /// det(I + grad u) of `field` into `jacobian`, both in the engine's memory.
  virtual void jacobianDeterminant(const FieldShape& shape, const float* field,
                                   float* jacobian) = 0;
  /// u := A(x + u) + t - x on every fixed voxel of `field` (engine memory), in place.
  virtual void composeAffine(const GridToPhysical& fixed, const double matrix[9],
                             const double offset[3], float* field) = 0;
  /// moving(x + d(x)) for every fixed voxel (`outsideValue` outside): pixels, field and warped
  /// image in the engine's memory.
  virtual void resampleMoving(const GridToPhysical& fixed, const PhysicalToGrid& moving,
                              const float* movingPixels, const float* field, float outsideValue,
                              float* warped) = 0;
};

/// The engine of `backend` (CPU or CUDA, resolved). CudaError naming the missing backend when
/// CUDA is asked for in a build without it.
std::unique_ptr<RegistrationEngine> MakeRegistrationEngine(Backend backend);

/// The engines themselves (cpu/, cuda/; the CUDA one exists in CUDA builds only).
std::unique_ptr<RegistrationEngine> MakeRegistrationEngineCpu();
std::unique_ptr<RegistrationEngine> MakeRegistrationEngineCuda();

} // namespace cumed::registration::detail
