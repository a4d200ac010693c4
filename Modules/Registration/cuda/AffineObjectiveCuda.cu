// The CUDA backend of the affine stage's level cost: images and buffers on the device for the
// whole level; each evaluation queues the field, the warp, the metric and the 12 sums, and
// downloads the sums (96 bytes).
#include "cuda/FieldSimilarityCuda.h"
#include "src/AffineKernels.h"
#include "src/AffineObjective.h"

#include "cumed/core/DeviceBuffer.h"
#include "cumed/core/Stream.h"

namespace cumed::registration::detail {
namespace {

class AffineObjectiveCuda final : public AffineObjective {
public:
  AffineObjectiveCuda(const LevelProblem& problem, const AffineFrame& frame)
      : geometry_(problem.geometry), frame_(frame),
        similarity_(geometry_, *problem.fixed, *problem.moving, problem.mask, problem.metric,
                    stream_, problem.movingMask),
        partials_(static_cast<std::size_t>(AffineGradientScratchDoubles(geometry_)) *
                  sizeof(double)),
        sums_(kAffineSums * sizeof(double)) {
    stream_.synchronize();
  }

  double evaluate(const AffineParameters& a, double* gradient) override {
    CUstream_st* s = stream_.native();
    AffineFieldCuda(geometry_, frame_, a, similarity_.field(), s);
    const double value = similarity_.evaluate(gradient != nullptr);
    if (gradient) {
      AffineGradientCuda(geometry_, frame_, similarity_.voxelGradient(), partials_.as<double>(),
                         sums_.as<double>(), s);
      sums_.download(gradient, kAffineSums * sizeof(double), &stream_);
    }
    stream_.synchronize();
    return value;
  }

private:
  Stream stream_;
  LevelGeometry geometry_;
  AffineFrame frame_;
  FieldSimilarityCuda similarity_;
  DeviceBuffer partials_, sums_;
};

} // namespace

std::unique_ptr<AffineObjective> MakeAffineObjectiveCuda(const LevelProblem& problem,
                                                         const AffineFrame& frame) {
  return std::make_unique<AffineObjectiveCuda>(problem, frame);
}

} // namespace cumed::registration::detail
