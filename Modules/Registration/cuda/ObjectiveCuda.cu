// The CUDA backend of a registration level: images, tables and work buffers live on the device
// for the whole level; each evaluation uploads the coefficients and downloads the gradient
// (three floats per control point, a fraction of a megabyte) for the host's optimiser.
#include "cuda/FieldSimilarityCuda.h"
#include "src/DeviceLevelTables.h"
#include "src/RegistrationObjective.h"
#include "src/TransformKernels.h"

#include "cumed/core/DeviceBuffer.h"
#include "cumed/core/Stream.h"

#include <optional>

namespace cumed::registration::detail {
namespace {

std::size_t Floats(std::int64_t n) {
  return static_cast<std::size_t>(n) * sizeof(float);
}

class ObjectiveCuda final : public RegistrationObjective {
public:
  explicit ObjectiveCuda(const LevelProblem& problem) : geometry_(problem.geometry) {
    const std::int64_t nodes = geometry_.controlPoints();
    tables_ = UploadLevelTables(*problem.tables, geometry_);
    similarity_.emplace(geometry_, *problem.fixed, *problem.moving, problem.mask, problem.metric,
                        stream_, problem.movingMask);
    scratch_ = DeviceBuffer(Floats(TransformScratchFloats(geometry_)));
    coefficients_ = DeviceBuffer(Floats(3 * nodes));
    gradient_ = DeviceBuffer(Floats(3 * nodes));
    if (problem.weights.any())
      regulariser_ = MakeRegulariserCuda(problem.grid, problem.weights, stream_.native());
    stream_.synchronize();
  }

  double evaluate(const float* coefficients, float* gradient, CostParts* parts) override {
    const bool wantGradient = gradient != nullptr;
    const std::size_t coefficientBytes = Floats(3 * geometry_.controlPoints());
    CUstream_st* s = stream_.native();
    coefficients_.upload(coefficients, coefficientBytes, &stream_);
    FieldFromCoefficientsCuda(geometry_, coefficients_.as<float>(), scratch_.as<float>(),
                              similarity_->field(), s);
    const double similarity = similarity_->evaluate(wantGradient);
    if (wantGradient)
      AdjointToCoefficientsCuda(geometry_, similarity_->voxelGradient(), scratch_.as<float>(),
                                gradient_.as<float>(), s);
    const double regularisation =
        regulariser_ ? regulariser_->evaluate(coefficients_.as<float>(),
                                              wantGradient ? gradient_.as<float>() : nullptr)
                     : 0.0;
    if (wantGradient) gradient_.download(gradient, coefficientBytes, &stream_);
    stream_.synchronize();
    if (parts) *parts = {similarity, regularisation};
    return similarity + regularisation;
  }

private:
  Stream stream_;
  LevelGeometry geometry_; ///< axis tables pointing to device memory
  DeviceLevelTables tables_;
  std::optional<FieldSimilarityCuda> similarity_; ///< built once geometry_ points to the device
  DeviceBuffer scratch_, coefficients_, gradient_;
  std::unique_ptr<RegulariserComputer> regulariser_;
};

} // namespace

std::unique_ptr<RegistrationObjective> MakeObjectiveCuda(const LevelProblem& problem) {
  return std::make_unique<ObjectiveCuda>(problem);
}

} // namespace cumed::registration::detail
