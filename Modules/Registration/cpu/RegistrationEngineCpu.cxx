// The CPU engine of the registration (src/RegistrationEngine.h): OpenMP, the reference.
#include "src/RegistrationEngine.h"

#include "src/OutputBackends.h"

namespace cumed::registration::detail {
namespace {

class RegistrationEngineCpu final : public RegistrationEngine {
public:
  Backend backend() const noexcept override { return Backend::CPU; }
  MemoryLocation memory() const noexcept override { return MemoryLocation::Host; }
  std::unique_ptr<RegistrationObjective> objective(const LevelProblem& problem) override {
    return MakeObjectiveCpu(problem);
  }
  std::unique_ptr<LbfgsSpace> optimiserSpace(std::size_t size, int count) override {
    return MakeLbfgsSpaceHost(size, count);
  }
  std::unique_ptr<AffineObjective> affineObjective(const LevelProblem& problem,
                                                   const AffineFrame& frame) override {
    return MakeAffineObjectiveCpu(problem, frame);
  }
  std::unique_ptr<RegulariserComputer> regulariser(const ControlGridShape& shape,
                                                   const RegularisationWeights& weights,
                                                   CUstream_st* /*stream*/) override {
    return MakeRegulariserCpu(shape, weights);
  }
  void displacementField(const Sampling& sampling, const std::vector<AxisSupport>& separable,
                         const double* const coefficients[3], std::size_t /*controlPoints*/,
                         float* field) override {
    DisplacementFieldCpu(sampling, separable, coefficients, field);
  }
  void jacobianDeterminant(const FieldShape& shape, const float* field, float* jacobian) override {
    JacobianDeterminantCpu(shape, field, jacobian);
  }
  void composeAffine(const GridToPhysical& fixed, const double matrix[9], const double offset[3],
                     float* field) override {
    ComposeAffineCpu(fixed, matrix, offset, field);
  }
  void resampleMoving(const GridToPhysical& fixed, const PhysicalToGrid& moving,
                      const float* movingPixels, const float* field, float outsideValue,
                      float* warped) override {
    ResampleMovingCpu(fixed, moving, movingPixels, field, outsideValue, warped);
  }
};

} // namespace

std::unique_ptr<RegistrationEngine> MakeRegistrationEngineCpu() {
  return std::make_unique<RegistrationEngineCpu>();
}

} // namespace cumed::registration::detail
