// The CPU backend of the affine stage's level cost.
#include "src/AffineKernels.h"
#include "src/AffineObjective.h"
#include "src/FieldSimilarity.h"

namespace cumed::registration::detail {
namespace {

class AffineObjectiveCpu final : public AffineObjective {
public:
  AffineObjectiveCpu(const LevelProblem& problem, const AffineFrame& frame)
      : problem_(problem), frame_(frame),
        similarity_(problem.geometry, *problem.fixed, *problem.moving, problem.mask, problem.metric,
                    problem.movingMask) {}

  double evaluate(const AffineParameters& a, double* gradient) override {
    AffineFieldCpu(problem_.geometry, frame_, a, similarity_.field());
    const double value = similarity_.evaluate(gradient != nullptr);
    if (gradient)
      AffineGradientCpu(problem_.geometry, frame_, similarity_.voxelGradient(), gradient);
    return value;
  }

private:
  const LevelProblem& problem_;
  AffineFrame frame_;
  FieldSimilarityCpu similarity_;
};

} // namespace

std::unique_ptr<AffineObjective> MakeAffineObjectiveCpu(const LevelProblem& problem,
                                                        const AffineFrame& frame) {
  return std::make_unique<AffineObjectiveCpu>(problem, frame);
}

} // namespace cumed::registration::detail
