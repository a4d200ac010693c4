#include "cuda/FieldSimilarityCuda.h"
#include "src/TransformKernels.h"

namespace cumed::registration::detail {
namespace {

template <class T> DeviceBuffer Upload(const std::vector<T>& v, const Stream& stream) {
  DeviceBuffer buffer(v.size() * sizeof(T));
  if (!v.empty()) buffer.upload(v.data(), v.size() * sizeof(T), &stream);
  return buffer;
}

std::size_t Floats(std::int64_t n) {
  return static_cast<std::size_t>(n) * sizeof(float);
}

} // namespace

FieldSimilarityCuda::FieldSimilarityCuda(const LevelGeometry& geometry, const LevelImage& fixed,
                                         const LevelImage& moving,
                                         const std::vector<std::uint8_t>* mask,
                                         const MetricSettings& metric, const Stream& stream,
                                         const std::vector<std::uint8_t>* movingMask)
    : geometry_(geometry), stream_(stream) {
  const std::int64_t voxels = geometry.voxels();
  fixed_ = Upload(fixed.pixels, stream);
  moving_ = Upload(moving.pixels, stream);
  if (mask && !mask->empty()) mask_ = Upload(*mask, stream);
  if (movingMask && !movingMask->empty()) movingMask_ = Upload(*movingMask, stream);
  field_ = DeviceBuffer(Floats(3 * voxels));
  warped_ = DeviceBuffer(Floats(voxels));
  voxelGradient_ = DeviceBuffer(Floats(3 * voxels));
  derivative_ = DeviceBuffer(Floats(voxels));
  counted_ = DeviceBuffer(static_cast<std::size_t>(voxels));
  metric_ = MakeSimilarityMetricCuda(metric, stream.native());
}

double FieldSimilarityCuda::evaluate(bool wantGradient) {
  CUstream_st* s = stream_.native();
  WarpCuda(geometry_, moving_.as<float>(), field_.as<float>(), warped_.as<float>(),
           wantGradient ? voxelGradient_.as<float>() : nullptr, s,
           mask_.empty() ? nullptr : mask_.as<std::uint8_t>(), counted_.as<std::uint8_t>(),
           movingMask_.empty() ? nullptr : movingMask_.as<std::uint8_t>());
  const double similarity =
      metric_->evaluate(fixed_.as<float>(), warped_.as<float>(), counted_.as<std::uint8_t>(),
                        wantGradient ? derivative_.as<float>() : nullptr);
  if (wantGradient)
    ScaleGradientCuda(geometry_, derivative_.as<float>(), voxelGradient_.as<float>(), s);
  return similarity;
}

} // namespace cumed::registration::detail
