#include "cuda/EnsembleCuda.h"

#include "cuda/CorrelationBuffers.h"
#include "cuda/DeviceField.h"
#include "cuda/HostUpload.h"
#include "cuda/PivKernels.h"
#include "cumed/core/Device.h"
#include "cumed/core/DeviceBuffer.h"
#include "cumed/core/Error.h"
#include "cumed/core/Stream.h"
#include "cumed/core/Transfer.h"
#include "src/PassGrid.h"

#include <optional>
#include <utility>

namespace cumed::piv::detail {

namespace {

/// The device buffers a pair passes through, kept over the pairs and the passes.
struct PairBuffers {
  DeviceBuffer rawA, rawB;     ///< host frames that are not float, as uploaded
  DeviceBuffer floatA, floatB; ///< the frames as float, or their spline coefficients
  DeviceBuffer deformedA, deformedB;
  PairBuffers(std::size_t pixels, bool deforms, const Stream& stream)
      : floatA(pixels * sizeof(float), stream), floatB(pixels * sizeof(float), stream) {
    if (!deforms) return;
    deformedA = DeviceBuffer(pixels * sizeof(float), stream);
    deformedB = DeviceBuffer(pixels * sizeof(float), stream);
  }
};

/// Where a frame's pixels are read on the device: in place (device memory), or where its upload
/// (set in `upload`) goes: `converted` for float, else `raw` (grown as needed).
const void* DeviceSource(const RawFrame& frame, std::size_t pixels, DeviceBuffer& raw,
                         DeviceBuffer& converted, const Stream& stream, UploadPart& upload) {
  upload = {};
  if (frame.location == MemoryLocation::Device) return frame.pixels;
  const std::size_t bytes = pixels * SizeOf(frame.type);
  void* target = converted.data();
  if (frame.type != PixelType::Float32) {
    if (raw.size() < bytes) raw = DeviceBuffer(bytes, stream);
    target = raw.data();
  }
  upload = {target, frame.pixels, bytes};
  return target;
}

/// The frame as float: its source when float, else converted into `converted`.
const float* AsFloat(const void* source, PixelType type, std::size_t pixels,
                     DeviceBuffer& converted, const Stream& stream) {
  if (type == PixelType::Float32) return static_cast<const float*>(source);
  LaunchToFloat(source, type, converted.as<float>(), pixels, stream.native());
  return converted.as<float>();
}

/// One pair's frames as float on the device; host frames go up through the staging memory.
std::pair<const float*, const float*> FloatPair(const RawPair& pair, std::size_t pixels,
                                                PairBuffers& b, const Stream& stream) {
  UploadPart uploadA, uploadB;
  const void* first = DeviceSource(pair.first, pixels, b.rawA, b.floatA, stream, uploadA);
  const void* second = DeviceSource(pair.second, pixels, b.rawB, b.floatB, stream, uploadB);
  UploadThroughStaging({uploadA, uploadB}, stream);
  return {AsFloat(first, pair.first.type, pixels, b.floatA, stream),
          AsFloat(second, pair.second.type, pixels, b.floatB, stream)};
}

/// What deformation samples: the float frame, or (bicubic) its spline coefficients, computed in
/// `converted` (the frame is copied there first unless it is there already).
const float* SamplingOf(const float* frame, Interpolation interpolation, std::size_t pixels,
                        int width, int height, DeviceBuffer& converted, const Stream& stream) {
  if (interpolation != Interpolation::Bicubic) return frame;
  if (frame != converted.as<float>())
    CopyDeviceToDevice(converted.data(), frame, pixels * sizeof(float), &stream);
  LaunchPrefilter(converted.as<float>(), width, height, stream.native());
  return converted.as<float>();
}

/// Cancellation between pairs; the work queued already is finished first, since the plans' work
/// areas must be free when this call returns (CufftPlans.h).
void CheckCancelled(const ExecutionScope& scope, const Stream& stream) {
  try {
    scope.checkCancelled();
  } catch (const Cancelled&) {
    stream.synchronize();
    throw;
  }
}

/// One pass: every pair (deformed by the predictor after the first pass) correlated into the sum
/// of planes in pair order; the mean plane's peaks into `field`, validated.
void EnsemblePass(const std::vector<RawPair>& pairs, int width, int height,
                  const std::uint8_t* mask, const PassGrid& g, const GridView* predictor,
                  const PivOptions& options, ExecutionScope& scope, PairBuffers& buffers,
                  const DeviceField& field, const Stream& stream) {
  const std::size_t pixels = std::size_t(width) * height;
  const std::size_t planeFloats = std::size_t(g.count()) * g.fftSize * g.fftSize;
  CorrelationBuffers correlation(g, stream);
  DeviceBuffer sum(planeFloats * sizeof(float), stream);
  const float mean = 1.f / float(pairs.size());
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    CheckCancelled(scope, stream);
    auto [a, b] = FloatPair(pairs[k], pixels, buffers, stream);
    if (predictor) {
      a = SamplingOf(a, options.deformation, pixels, width, height, buffers.floatA, stream);
      b = SamplingOf(b, options.deformation, pixels, width, height, buffers.floatB, stream);
      LaunchDeform(a, b, width, height, *predictor, options.deformation,
                   buffers.deformedA.as<float>(), buffers.deformedB.as<float>(), stream.native());
      a = buffers.deformedA.as<float>();
      b = buffers.deformedB.as<float>();
    }
    // The first pair's planes are the sum (0 + plane); later ones are added to it.
    float* planes = k == 0 ? sum.as<float>() : correlation.scratch();
    correlation.correlate(a, b, width, height, options, planes);
    if (k > 0)
      LaunchAccumulatePlanes(sum.as<float>(), planes, planeFloats,
                             k + 1 == pairs.size() ? mean : 1.f, stream.native());
  }
  LaunchSearchPeaks(sum.as<float>(), g, mask, width, predictor, options.subPixel, field.view,
                    stream.native());
  ValidateDeviceField(field, g, ParametersOf(options.validation), stream);
  // The buffers are released (stream-ordered) when this returns; the plans' work areas must be
  // free for this thread's next call, which may use another stream.
  stream.synchronize();
}

} // namespace

PivField RunEnsemblePivCuda(const std::vector<RawPair>& pairs, int width, int height,
                            const PivOptions& options, ExecutionScope& scope) {
  // Without a stream of the caller's, the device's process stream (creating one per call costs
  // more than a small pair's correlation).
  const Stream& stream = options.stream ? *options.stream : ProcessStream(CurrentDevice());
  const std::size_t pixels = std::size_t(width) * height;

  const std::uint8_t* mask = options.mask.data;
  DeviceBuffer maskCopy;
  if (mask && options.mask.location == MemoryLocation::Host) {
    maskCopy = DeviceBuffer(pixels, stream);
    UploadThroughStaging({{maskCopy.data(), mask, pixels}}, stream);
    mask = maskCopy.as<std::uint8_t>();
  }

  const int passes = int(options.windowSizes.size());
  PairBuffers buffers(pixels, passes > 1, stream);
  std::optional<DeviceField> previous;
  DeviceBuffer smoothU, smoothV; // the smoothed predictor of the pass running
  PassGrid previousGrid, g;
  for (int pass = 0; pass < passes; ++pass) {
    scope.checkCancelled();
    if (options.progress) options.progress(double(pass) / passes);
    g = PlanPass(width, height, options, std::size_t(pass));
    DeviceField field(g, stream);
    GridView predictor;
    if (pass > 0)
      predictor = DevicePredictor(*previous, previousGrid, options.predictorSmoothing, smoothU,
                                  smoothV, stream);
    EnsemblePass(pairs, width, height, mask, g, pass > 0 ? &predictor : nullptr, options, scope,
                 buffers, field, stream);
    previous.emplace(std::move(field));
    previousGrid = g;
  }
  return DownloadField(*previous, g, passes, stream);
}

} // namespace cumed::piv::detail
