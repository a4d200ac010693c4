// The CPU backend of a registration level: the transform kernels, the metric and the
// regulariser on host buffers allocated once per level.
#include "src/RegistrationObjective.h"
#include "src/TransformKernels.h"

namespace cumed::registration::detail {
namespace {

class ObjectiveCpu final : public RegistrationObjective {
public:
  explicit ObjectiveCpu(const LevelProblem& problem)
      : problem_(problem), voxels_(problem.geometry.voxels()),
        scratch_(static_cast<std::size_t>(TransformScratchFloats(problem.geometry))),
        field_(3 * voxels_), warped_(voxels_), voxelGradient_(3 * voxels_), derivative_(voxels_),
        counted_(static_cast<std::size_t>(voxels_)),
        metric_(MakeSimilarityMetricCpu(problem.metric)) {
    if (problem.weights.any()) regulariser_ = MakeRegulariserCpu(problem.grid, problem.weights);
  }

  double evaluate(const float* coefficients, float* gradient, CostParts* parts) override {
    const LevelGeometry& g = problem_.geometry;
    const bool wantGradient = gradient != nullptr;
    FieldFromCoefficientsCpu(g, coefficients, scratch_.data(), field_.data());
    const std::uint8_t* mask =
        problem_.mask && !problem_.mask->empty() ? problem_.mask->data() : nullptr;
    WarpCpu(g, problem_.moving->pixels.data(), field_.data(), warped_.data(),
            wantGradient ? voxelGradient_.data() : nullptr, mask, counted_.data());
    const double similarity =
        metric_->evaluate(problem_.fixed->pixels.data(), warped_.data(), counted_.data(),
                          wantGradient ? derivative_.data() : nullptr);
    if (wantGradient) {
      ScaleGradientCpu(g, derivative_.data(), voxelGradient_.data());
      AdjointToCoefficientsCpu(g, voxelGradient_.data(), scratch_.data(), gradient);
    }
    const double regularisation =
        regulariser_ ? regulariser_->evaluate(coefficients, gradient) : 0.0;
    if (parts) *parts = {similarity, regularisation};
    return similarity + regularisation;
  }

private:
  const LevelProblem& problem_;
  std::int64_t voxels_;
  std::vector<float> scratch_, field_, warped_, voxelGradient_, derivative_;
  std::vector<std::uint8_t> counted_; ///< fixed mask and inside the moving image, per evaluation
  std::unique_ptr<SimilarityMetricComputer> metric_;
  std::unique_ptr<RegulariserComputer> regulariser_;
};

} // namespace

std::unique_ptr<RegistrationObjective> MakeObjectiveCpu(const LevelProblem& problem) {
  return std::make_unique<ObjectiveCpu>(problem);
}

} // namespace cumed::registration::detail
