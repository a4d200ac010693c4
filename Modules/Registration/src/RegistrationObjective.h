#pragma once
// The cost a registration level minimises and its gradient with respect to the control-point
// coefficients, computed by one backend. The backend object holds the level's images, tables
// and work buffers (on the device for CUDA) for all the evaluations of the level; the
// optimiser hands it coefficients and gets the cost and gradient back: host vectors through
// evaluate(), or, on CUDA, device vectors through evaluateDevice() (the optimiser's vectors then
// stay on the device, src/LbfgsSpace.h).
#include "src/LevelGeometry.h"
#include "src/LevelImage.h"
#include "src/LevelTables.h"
#include "src/Regularisers.h"
#include "src/SimilarityMetrics.h"

#include "cumed/core/Error.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace cumed::registration::detail {

/// Everything a level's evaluation needs, on the host.
struct LevelProblem {
  LevelGeometry geometry; ///< axis tables pointing into `tables`
  const LevelTables* tables = nullptr;
  const LevelImage* fixed = nullptr;
  const LevelImage* moving = nullptr;
  const std::vector<std::uint8_t>* mask = nullptr; ///< empty or null: every voxel counts
  /// On the moving level's grid (src/MovingMask.h); empty or null: no moving mask.
  const std::vector<std::uint8_t>* movingMask = nullptr;
  MetricSettings metric;
  ControlGridShape grid;
  RegularisationWeights weights;
};

struct CostParts {
  double similarity = 0.0;
  double regularisation = 0.0;
};

class RegistrationObjective {
public:
  virtual ~RegistrationObjective() = default;
  /// The cost (similarity + regularisation) at `coefficients` (3 x controlPoints, structure of
  /// arrays, host memory). `gradient` (same layout, host) receives its gradient when not null.
  virtual double evaluate(const float* coefficients, float* gradient, CostParts* parts) = 0;
  /// The same cost with `coefficients` and `gradient` as doubles in device memory (rounded to
  /// float as evaluate's caller rounds them); only backends whose engine memory is the device.
  virtual double evaluateDevice(const double* /*coefficients*/, double* /*gradient*/,
                                CostParts* /*parts*/) {
    throw Error("RegistrationObjective: this backend has no device evaluation");
  }
};

std::unique_ptr<RegistrationObjective> MakeObjectiveCpu(const LevelProblem& problem);
/// Defined only in CUDA builds: uploads the level's images and tables once.
std::unique_ptr<RegistrationObjective> MakeObjectiveCuda(const LevelProblem& problem);

} // namespace cumed::registration::detail
