#pragma once
// The affine stage's cost at one pyramid level and its gradient with respect to the 12 affine
// parameters, computed by one backend: field u = L (x - c) + t (src/AffineKernels.h), the shared
// warp and metric (src/FieldSimilarity.h, cuda/FieldSimilarityCuda.h), then the 12 ordered sums.
// The backend object keeps the level's images and buffers for all the evaluations of the level.
#include "src/AffineKernelMath.h"
#include "src/RegistrationObjective.h"

#include <memory>

namespace cumed::registration::detail {

class AffineObjective {
public:
  virtual ~AffineObjective() = default;
  /// The similarity at `a`. `gradient` (kAffineSums doubles, host) receives dCost/dL (row-major)
  /// then dCost/dt when not null. Throws InvalidArgument when no voxel is counted.
  virtual double evaluate(const AffineParameters& a, double* gradient) = 0;
};

/// `problem`: the level's warp geometry (DescribeWarp), images, mask and metric; its tables,
/// grid and weights are not used. Both keep references to `problem`.
std::unique_ptr<AffineObjective> MakeAffineObjectiveCpu(const LevelProblem& problem,
                                                        const AffineFrame& frame);
/// Defined only in CUDA builds: uploads the level's images once.
std::unique_ptr<AffineObjective> MakeAffineObjectiveCuda(const LevelProblem& problem,
                                                         const AffineFrame& frame);

} // namespace cumed::registration::detail
