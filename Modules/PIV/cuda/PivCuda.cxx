#include "cuda/PivCuda.h"

#include "cuda/CorrelationBuffers.h"
#include "cuda/DeviceField.h"
#include "cuda/HostUpload.h"
#include "cuda/PivKernels.h"
#include "cumed/core/Device.h"
#include "cumed/core/DeviceBuffer.h"
#include "cumed/core/Staging.h"
#include "cumed/core/Stream.h"
#include "cumed/core/Transfer.h"

#include <optional>
#include <utility>

namespace cumed::piv::detail {

namespace {

/// One pass's correlation into `field`: the fused kernel where the buffer size allows (one
/// launch, frames of any pixel type), else cuFFT's batched transforms between the extraction
/// and the peak search (float frames).
void CorrelatePass(const void* first, const void* second, PixelType type, int width, int height,
                   const std::uint8_t* mask, const PassGrid& g, const GridView* predictor,
                   const PivOptions& options, const DeviceFieldView& field, const Stream& stream) {
  if (FusedCorrelationFits(g)) {
    LaunchFusedCorrelation(first, second, type, width, height, mask, g, predictor, options, field,
                           stream.native());
    return;
  }
  CorrelationBuffers buffers(g, stream);
  buffers.correlate(static_cast<const float*>(first), static_cast<const float*>(second), width,
                    height, options, buffers.scratch());
  LaunchSearchPeaks(buffers.scratch(), g, mask, width, predictor, options.subPixel, field,
                    stream.native());
  // The buffers are released (stream-ordered) when this returns; the plans' work areas must be
  // free for this thread's next call, which may use another stream.
  stream.synchronize();
}

} // namespace

PassGrid FinalGrid(int width, int height, const PivOptions& options) {
  return PlanPass(width, height, options, options.windowSizes.size() - 1);
}

void EnqueuePivCuda(const void* firstFrame, const void* secondFrame, PixelType type, int width,
                    int height, const std::uint8_t* mask, const PivOptions& options,
                    const Stream& stream, void* resultHost, ExecutionScope& scope) {
  const std::size_t pixels = std::size_t(width) * height;
  const int passes = int(options.windowSizes.size());
  // Frames as float on the device (float frames are read in place), unless one fused pass
  // reads them as they are.
  const PassGrid first = PlanPass(width, height, options, 0);
  const bool readRaw = passes == 1 && FusedCorrelationFits(first);
  DeviceBuffer frameA, frameB;
  const float* floatA = static_cast<const float*>(firstFrame);
  const float* floatB = static_cast<const float*>(secondFrame);
  if (type != PixelType::Float32 && !readRaw) {
    frameA = DeviceBuffer(pixels * sizeof(float), stream);
    frameB = DeviceBuffer(pixels * sizeof(float), stream);
    LaunchToFloat(firstFrame, type, frameA.as<float>(), pixels, stream.native());
    LaunchToFloat(secondFrame, type, frameB.as<float>(), pixels, stream.native());
    floatA = frameA.as<float>();
    floatB = frameB.as<float>();
  }

  // Deformation samples the frames or their spline coefficients, into deformed copies.
  DeviceBuffer sampleA, sampleB, deformedA, deformedB;
  const float* samplingA = floatA;
  const float* samplingB = floatB;
  if (passes > 1) {
    deformedA = DeviceBuffer(pixels * sizeof(float), stream);
    deformedB = DeviceBuffer(pixels * sizeof(float), stream);
    if (options.deformation == Interpolation::Bicubic) {
      sampleA = DeviceBuffer(pixels * sizeof(float), stream);
      sampleB = DeviceBuffer(pixels * sizeof(float), stream);
      CopyDeviceToDevice(sampleA.data(), floatA, pixels * sizeof(float), &stream);
      CopyDeviceToDevice(sampleB.data(), floatB, pixels * sizeof(float), &stream);
      LaunchPrefilter(sampleA.as<float>(), width, height, stream.native());
      LaunchPrefilter(sampleB.as<float>(), width, height, stream.native());
      samplingA = sampleA.as<float>();
      samplingB = sampleB.as<float>();
    }
  }

  const ValidationParameters validation = ParametersOf(options.validation);
  std::optional<DeviceField> previous;
  DeviceBuffer smoothU, smoothV; // the smoothed predictor of the pass running
  PassGrid previousGrid, g;
  for (int pass = 0; pass < passes; ++pass) {
    scope.checkCancelled();
    if (options.progress) options.progress(double(pass) / passes);
    g = PlanPass(width, height, options, std::size_t(pass));
    DeviceField field(g, stream, validation.iterations); // its validation scratch with it
    if (pass == 0 && readRaw) {
      CorrelatePass(firstFrame, secondFrame, type, width, height, mask, g, nullptr, options,
                    field.view, stream);
    } else if (pass == 0) {
      CorrelatePass(floatA, floatB, PixelType::Float32, width, height, mask, g, nullptr, options,
                    field.view, stream);
    } else {
      const GridView predictor = DevicePredictor(
          *previous, previousGrid, options.predictorSmoothing, smoothU, smoothV, stream);
      LaunchDeform(samplingA, samplingB, width, height, predictor, options.deformation,
                   deformedA.as<float>(), deformedB.as<float>(), stream.native());
      CorrelatePass(deformedA.as<float>(), deformedB.as<float>(), PixelType::Float32, width, height,
                    mask, g, &predictor, options, field.view, stream);
    }
    ValidateDeviceField(field, g, validation, stream);
    previous.emplace(std::move(field));
    previousGrid = g;
  }
  QueueFieldDownload(*previous, g, resultHost, stream);
}

PivField RunPivCuda(const void* first, const void* second, PixelType type, MemoryLocation location,
                    int width, int height, const PivOptions& options, ExecutionScope& scope) {
  // Without a stream of the caller's, the device's process stream: creating one per call costs
  // more than a small pair's whole computation.
  const Stream& stream = options.stream ? *options.stream : ProcessStream(CurrentDevice());
  const std::size_t pixels = std::size_t(width) * height;
  // Host frames go up first (the caller's device memory is read in place).
  DeviceBuffer rawFirst, rawSecond, maskCopy;
  const std::uint8_t* mask = options.mask.data;
  if (location == MemoryLocation::Host) {
    rawFirst = DeviceBuffer(pixels * SizeOf(type), stream);
    rawSecond = DeviceBuffer(pixels * SizeOf(type), stream);
    if (mask) maskCopy = DeviceBuffer(pixels, stream);
    UploadThroughStaging({{rawFirst.data(), first, rawFirst.size()},
                          {rawSecond.data(), second, rawSecond.size()},
                          {maskCopy.data(), mask, maskCopy.size()}},
                         stream);
    first = rawFirst.data();
    second = rawSecond.data();
    if (mask) mask = maskCopy.as<std::uint8_t>();
  }
  const PassGrid g = FinalGrid(width, height, options);
  StagingLease staging = LeaseStaging(DeviceField::Bytes(g));
  EnqueuePivCuda(first, second, type, width, height, mask, options, stream, staging.data(), scope);
  stream.synchronize();
  return UnpackField(staging.data(), g, int(options.windowSizes.size()));
}

} // namespace cumed::piv::detail
