// The CUDA backend of a registration level: images, tables and work buffers live on the device
// for the whole level. evaluate() uploads the coefficients and downloads the gradient (three
// floats per control point) for an optimiser on the host; evaluateDevice() reads and writes the
// device optimiser's double vectors (src/LbfgsSpace.h) in place: only the cost comes back.
#include "cuda/FieldSimilarityCuda.h"
#include "src/DeviceLevelTables.h"
#include "src/RegistrationObjective.h"
#include "src/TransformKernels.h"

#include "cumed/core/CudaCheck.h"
#include "cumed/core/DeviceBuffer.h"
#include "cumed/core/Stream.h"

#include <optional>

namespace cumed::registration::detail {
namespace {

std::size_t Floats(std::int64_t n) {
  return static_cast<std::size_t>(n) * sizeof(float);
}

constexpr int kConvertThreads = 256;

unsigned ConvertBlocks(std::int64_t n) {
  const std::int64_t blocks = (n + kConvertThreads - 1) / kConvertThreads;
  return static_cast<unsigned>(blocks < 4096 ? blocks : 4096);
}

/// Round to nearest, as the host's static_cast<float> rounds the optimiser's doubles.
__global__ void ToFloatKernel(const double* in, float* out, std::int64_t n) {
  for (std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += static_cast<std::int64_t>(gridDim.x) * blockDim.x)
    out[i] = __double2float_rn(in[i]);
}

__global__ void ToDoubleKernel(const float* in, double* out, std::int64_t n) {
  for (std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += static_cast<std::int64_t>(gridDim.x) * blockDim.x)
    out[i] = static_cast<double>(in[i]);
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
    coefficients_.upload(coefficients, coefficientBytes, &stream_);
    const CostParts found = run(wantGradient);
    if (wantGradient) gradient_.download(gradient, coefficientBytes, &stream_);
    stream_.synchronize();
    if (parts) *parts = found;
    return found.similarity + found.regularisation;
  }

  double evaluateDevice(const double* coefficients, double* gradient, CostParts* parts) override {
    const bool wantGradient = gradient != nullptr;
    const std::int64_t n = 3 * geometry_.controlPoints();
    CUstream_st* s = stream_.native();
    if (n > 0) {
      ToFloatKernel<<<ConvertBlocks(n), kConvertThreads, 0, s>>>(coefficients,
                                                                 coefficients_.as<float>(), n);
      CUMED_CHECK_LAUNCH("ToFloatKernel");
    }
    const CostParts found = run(wantGradient);
    if (wantGradient && n > 0) {
      ToDoubleKernel<<<ConvertBlocks(n), kConvertThreads, 0, s>>>(gradient_.as<float>(), gradient,
                                                                  n);
      CUMED_CHECK_LAUNCH("ToDoubleKernel");
    }
    stream_.synchronize();
    if (parts) *parts = found;
    return found.similarity + found.regularisation;
  }

private:
  /// Cost and (when wanted) gradient into gradient_ from coefficients_, queued on stream_.
  CostParts run(bool wantGradient) {
    CUstream_st* s = stream_.native();
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
    return {similarity, regularisation};
  }

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
