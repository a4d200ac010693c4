// The CUDA engine of the registration (src/RegistrationEngine.h): the kernels of cuda/, launched
// through plain C++ entry points (no CUDA headers here).
#include "src/RegistrationEngine.h"

#include "src/OutputBackends.h"

namespace cumed::registration::detail {
namespace {

class RegistrationEngineCuda final : public RegistrationEngine {
public:
  Backend backend() const noexcept override { return Backend::CUDA; }
  MemoryLocation memory() const noexcept override { return MemoryLocation::Device; }
  std::unique_ptr<RegistrationObjective> objective(const LevelProblem& problem) override {
    return MakeObjectiveCuda(problem);
  }
  std::unique_ptr<LbfgsSpace> optimiserSpace(std::size_t size, int count) override {
    return MakeLbfgsSpaceCuda(size, count);
  }
  std::unique_ptr<AffineObjective> affineObjective(const LevelProblem& problem,
                                                   const AffineFrame& frame) override {
    return MakeAffineObjectiveCuda(problem, frame);
  }
  std::unique_ptr<RegulariserComputer> regulariser(const ControlGridShape& shape,
                                                   const RegularisationWeights& weights,
                                                   CUstream_st* stream) override {
    return MakeRegulariserCuda(shape, weights, stream);
  }
  void displacementField(const Sampling& sampling, const std::vector<AxisSupport>& separable,
                         const double* const coefficients[3], std::size_t controlPoints,
                         float* field) override {
    DisplacementFieldCuda(sampling, separable, coefficients, controlPoints, field);
  }
  void jacobianDeterminant(const FieldShape& shape, const float* field, float* jacobian) override {
    JacobianDeterminantCuda(shape, field, jacobian);
  }
  void composeAffine(const GridToPhysical& fixed, const double matrix[9], const double offset[3],
                     float* field) override {
    ComposeAffineCuda(fixed, matrix, offset, field);
  }
  void resampleMoving(const GridToPhysical& fixed, const PhysicalToGrid& moving,
                      const float* movingPixels, const float* field, float outsideValue,
                      float* warped) override {
    ResampleMovingCuda(fixed, moving, movingPixels, field, outsideValue, warped);
  }
};

} // namespace

std::unique_ptr<RegistrationEngine> MakeRegistrationEngineCuda() {
  return std::make_unique<RegistrationEngineCuda>();
}

} // namespace cumed::registration::detail
