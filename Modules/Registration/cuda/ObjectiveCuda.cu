// The CUDA backend of a registration level: images, tables and work buffers live on the device
// for the whole level; each evaluation uploads the coefficients and downloads the gradient
// (three floats per control point, a fraction of a megabyte) for the host's optimiser.
#include "src/DeviceLevelTables.h"
#include "src/RegistrationObjective.h"
#include "src/TransformKernels.h"

#include "cumed/core/DeviceBuffer.h"
#include "cumed/core/Stream.h"

#include <vector>

namespace cumed::registration::detail {
namespace {

template <class T> DeviceBuffer Upload(const T* data, std::size_t count, const Stream& stream) {
  DeviceBuffer buffer(count * sizeof(T));
  if (count) buffer.upload(data, count * sizeof(T), &stream);
  return buffer;
}

template <class T> DeviceBuffer Upload(const std::vector<T>& v, const Stream& stream) {
  return Upload(v.data(), v.size(), stream);
}

std::size_t Floats(std::int64_t n) {
  return static_cast<std::size_t>(n) * sizeof(float);
}

class ObjectiveCuda final : public RegistrationObjective {
public:
  explicit ObjectiveCuda(const LevelProblem& problem) : geometry_(problem.geometry) {
    const std::int64_t voxels = geometry_.voxels();
    const std::int64_t nodes = geometry_.controlPoints();
    tables_ = UploadLevelTables(*problem.tables, geometry_);
    fixed_ = Upload(problem.fixed->pixels, stream_);
    moving_ = Upload(problem.moving->pixels, stream_);
    if (problem.mask && !problem.mask->empty()) mask_ = Upload(*problem.mask, stream_);
    scratch_ = DeviceBuffer(Floats(TransformScratchFloats(geometry_)));
    field_ = DeviceBuffer(Floats(3 * voxels));
    warped_ = DeviceBuffer(Floats(voxels));
    voxelGradient_ = DeviceBuffer(Floats(3 * voxels));
    derivative_ = DeviceBuffer(Floats(voxels));
    counted_ = DeviceBuffer(static_cast<std::size_t>(voxels));
    coefficients_ = DeviceBuffer(Floats(3 * nodes));
    gradient_ = DeviceBuffer(Floats(3 * nodes));
    metric_ = MakeSimilarityMetricCuda(problem.metric, stream_.native());
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
                              field_.as<float>(), s);
    WarpCuda(geometry_, moving_.as<float>(), field_.as<float>(), warped_.as<float>(),
             wantGradient ? voxelGradient_.as<float>() : nullptr, s);
    const double similarity = metric_->evaluate(fixed_.as<float>(), warped_.as<float>(),
                                                mask_.empty() ? nullptr : mask_.as<std::uint8_t>(),
                                                wantGradient ? derivative_.as<float>() : nullptr);
    if (wantGradient) {
      ScaleGradientCuda(geometry_, derivative_.as<float>(), voxelGradient_.as<float>(), s);
      AdjointToCoefficientsCuda(geometry_, voxelGradient_.as<float>(), scratch_.as<float>(),
                                gradient_.as<float>(), s);
    }
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
  DeviceBuffer fixed_, moving_, mask_, scratch_, field_, warped_, voxelGradient_, derivative_,
      coefficients_, gradient_;
  DeviceBuffer counted_; ///< fixed mask and inside the moving image, per evaluation
  std::unique_ptr<SimilarityMetricComputer> metric_;
  std::unique_ptr<RegulariserComputer> regulariser_;
};

} // namespace

std::unique_ptr<RegistrationObjective> MakeObjectiveCuda(const LevelProblem& problem) {
  return std::make_unique<ObjectiveCuda>(problem);
}

} // namespace cumed::registration::detail
