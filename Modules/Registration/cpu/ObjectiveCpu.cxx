// The CPU backend of a registration level: the transform kernels, the metric and the
// regulariser on host buffers allocated once per level.
#include "cpu/SampledTransformCpu.h"
#include "src/FieldSimilarity.h"
#include "src/RegistrationObjective.h"
#include "src/TransformKernels.h"

namespace cumed::registration::detail {
namespace {

class ObjectiveCpu final : public RegistrationObjective {
public:
  explicit ObjectiveCpu(const LevelProblem& problem)
      : problem_(problem),
        scratch_(static_cast<std::size_t>(TransformScratchFloats(problem.geometry))),
        similarity_(problem.geometry, *problem.fixed, *problem.moving, problem.mask, problem.metric,
                    problem.movingMask) {
    if (problem.weights.any()) regulariser_ = MakeRegulariserCpu(problem.grid, problem.weights);
  }

  double evaluate(const float* coefficients, float* gradient, CostParts* parts) override {
    const LevelGeometry& g = problem_.geometry;
    // Random sampling: the field and its adjoint at the drawn voxels only (a few thousand);
    // full and strided keep the separable passes over every voxel.
    const bool sparse = problem_.metric.sampling.kind == VoxelSampling::Kind::Random;
    const std::vector<std::int64_t>& voxels = similarity_.subset().voxels;
    if (sparse)
      FieldAtVoxelsCpu(g, coefficients, voxels, similarity_.field());
    else
      FieldFromCoefficientsCpu(g, coefficients, scratch_.data(), similarity_.field());
    const double similarity = similarity_.evaluate(gradient != nullptr);
    if (gradient && sparse)
      AdjointAtVoxelsCpu(g, similarity_.voxelGradient(), voxels, accumulator_, gradient);
    else if (gradient)
      AdjointToCoefficientsCpu(g, similarity_.voxelGradient(), scratch_.data(), gradient);
    const double regularisation =
        regulariser_ ? regulariser_->evaluate(coefficients, gradient) : 0.0;
    if (parts) *parts = {similarity, regularisation};
    return similarity + regularisation;
  }

private:
  const LevelProblem& problem_;
  std::vector<float> scratch_;
  std::vector<double> accumulator_; ///< the sparse adjoint's sums
  FieldSimilarityCpu similarity_;
  std::unique_ptr<RegulariserComputer> regulariser_;
};

} // namespace

std::unique_ptr<RegistrationObjective> MakeObjectiveCpu(const LevelProblem& problem) {
  return std::make_unique<ObjectiveCpu>(problem);
}

} // namespace cumed::registration::detail
