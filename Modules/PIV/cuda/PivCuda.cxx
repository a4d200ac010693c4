#include "cuda/PivCuda.h"

#include "cuda/CufftPlans.h"
#include "cuda/PivKernels.h"
#include "cumed/core/Device.h"
#include "cumed/core/DeviceBuffer.h"
#include "cumed/core/Error.h"
#include "cumed/core/Stream.h"
#include "cumed/core/Transfer.h"
#include "src/PassGrid.h"

#include <cufft.h>

#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <utility>

namespace cumed::piv::detail {

namespace {

/// A field's arrays in device memory.
struct DeviceField {
  DeviceBuffer u, v, peak, second, peakToPeak, peakToMean, flags;
  DeviceFieldView view;
  DeviceField(const PassGrid& g, const Stream& stream)
      : u(sizeof(float) * g.count(), stream), v(sizeof(float) * g.count(), stream),
        peak(sizeof(float) * g.count(), stream), second(sizeof(float) * g.count(), stream),
        peakToPeak(sizeof(float) * g.count(), stream),
        peakToMean(sizeof(float) * g.count(), stream), flags(g.count(), stream) {
    view = {this->u.as<float>(),
            this->v.as<float>(),
            this->peak.as<float>(),
            this->second.as<float>(),
            this->peakToPeak.as<float>(),
            this->peakToMean.as<float>(),
            this->flags.as<std::uint8_t>(),
            g.columns,
            g.rows};
  }
  GridView grid(const PassGrid& g) const { return GridViewOf(u.as<float>(), v.as<float>(), g); }
};

/// Frames (or a mask) in device memory: the caller's, or an uploaded copy.
DeviceBuffer Upload(const void* host, std::size_t bytes, const Stream& stream) {
  DeviceBuffer buffer(bytes, stream);
  buffer.upload(host, bytes, &stream);
  return buffer;
}

/// One pass's correlation: windows, transforms, conjugate product, peaks.
void CorrelatePass(const float* first, const float* second, int width, int height,
                   const std::uint8_t* mask, const PassGrid& g, const GridView* predictor,
                   const PivOptions& options, const DeviceFieldView& field, const Stream& stream) {
  const std::size_t planes = std::size_t(g.count());
  const std::size_t real = planes * g.fftSize * g.fftSize;
  const std::size_t complex = planes * g.fftSize * (g.fftSize / 2 + 1);
  DeviceBuffer bufferA(real * sizeof(float), stream), bufferB(real * sizeof(float), stream);
  DeviceBuffer spectrumA(complex * sizeof(cufftComplex), stream);
  DeviceBuffer spectrumB(complex * sizeof(cufftComplex), stream);
  DeviceBuffer energies(2 * planes * sizeof(float), stream);
  LaunchExtractWindows(first, second, width, height, g, options.removeMean, bufferA.as<float>(),
                       bufferB.as<float>(), energies.as<float>(), stream.native());
  const cufftHandle forward = CachedPlan(g, CUFFT_R2C, stream.native());
  CheckCufft(cufftExecR2C(forward, bufferA.as<cufftReal>(), spectrumA.as<cufftComplex>()),
             "cufftExecR2C", g);
  CheckCufft(cufftExecR2C(forward, bufferB.as<cufftReal>(), spectrumB.as<cufftComplex>()),
             "cufftExecR2C", g);
  LaunchConjugateMultiply(spectrumA.as<float>(), spectrumB.as<float>(), energies.as<float>(), g,
                          options.normalizedCorrelation, stream.native());
  const cufftHandle inverse = CachedPlan(g, CUFFT_C2R, stream.native());
  CheckCufft(cufftExecC2R(inverse, spectrumA.as<cufftComplex>(), bufferA.as<cufftReal>()),
             "cufftExecC2R", g);
  LaunchSearchPeaks(bufferA.as<float>(), g, mask, width, predictor, options.subPixel,
                    options.pairLossCorrection, field, stream.native());
  // The buffers are released (stream-ordered) when this returns; the plans' work areas must be
  // free for this thread's next call, which may use another stream.
  stream.synchronize();
}

void Download(const DeviceBuffer& buffer, std::vector<float>& target, const Stream& stream) {
  buffer.download(target.data(), target.size() * sizeof(float), &stream);
}

} // namespace

PivField RunPivCuda(const void* first, const void* second, PixelType type, MemoryLocation location,
                    int width, int height, const PivOptions& options, ExecutionScope& scope) {
  std::optional<Stream> own;
  if (!options.stream) own.emplace();
  const Stream& stream = options.stream ? *options.stream : *own;
  const std::size_t pixels = std::size_t(width) * height;

  // Frames as float on the device (the caller's device memory is read in place).
  DeviceBuffer rawFirst, rawSecond, maskCopy;
  if (location == MemoryLocation::Host) {
    rawFirst = Upload(first, pixels * SizeOf(type), stream);
    rawSecond = Upload(second, pixels * SizeOf(type), stream);
    first = rawFirst.data();
    second = rawSecond.data();
  }
  const std::uint8_t* mask = options.mask.data;
  if (mask && location == MemoryLocation::Host) {
    maskCopy = Upload(mask, pixels, stream);
    mask = maskCopy.as<std::uint8_t>();
  }
  DeviceBuffer frameA(pixels * sizeof(float), stream), frameB(pixels * sizeof(float), stream);
  LaunchToFloat(first, type, frameA.as<float>(), pixels, stream.native());
  LaunchToFloat(second, type, frameB.as<float>(), pixels, stream.native());

  // Deformation samples the frames or their spline coefficients, into deformed copies.
  const int passes = int(options.windowSizes.size());
  DeviceBuffer sampleA, sampleB, deformedA, deformedB;
  const float* samplingA = frameA.as<float>();
  const float* samplingB = frameB.as<float>();
  if (passes > 1) {
    deformedA = DeviceBuffer(pixels * sizeof(float), stream);
    deformedB = DeviceBuffer(pixels * sizeof(float), stream);
    if (options.deformation == Interpolation::Bicubic) {
      sampleA = DeviceBuffer(pixels * sizeof(float), stream);
      sampleB = DeviceBuffer(pixels * sizeof(float), stream);
      CopyDeviceToDevice(sampleA.data(), frameA.data(), pixels * sizeof(float), &stream);
      CopyDeviceToDevice(sampleB.data(), frameB.data(), pixels * sizeof(float), &stream);
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
    g = PlanPass(width, height, options.windowSizes[pass], options.overlap,
                 pass == 0 ? options.searchExtension : 0, options.zeroPadding);
    DeviceField field(g, stream);
    if (pass == 0) {
      CorrelatePass(frameA.as<float>(), frameB.as<float>(), width, height, mask, g, nullptr,
                    options, field.view, stream);
    } else {
      GridView predictor = previous->grid(previousGrid);
      if (options.predictorSmoothing > 0) {
        const std::size_t bytes = sizeof(float) * std::size_t(previousGrid.count());
        smoothU = DeviceBuffer(bytes, stream);
        smoothV = DeviceBuffer(bytes, stream);
        LaunchSmoothPredictor(previous->view, options.predictorSmoothing, smoothU.as<float>(),
                              smoothV.as<float>(), stream.native());
        predictor.u = smoothU.as<float>();
        predictor.v = smoothV.as<float>();
      }
      LaunchDeform(samplingA, samplingB, width, height, predictor, options.deformation,
                   deformedA.as<float>(), deformedB.as<float>(), stream.native());
      CorrelatePass(deformedA.as<float>(), deformedB.as<float>(), width, height, mask, g,
                    &predictor, options, field.view, stream);
    }
    const std::size_t n = std::size_t(g.count());
    DeviceBuffer scratchU(n * sizeof(float), stream), scratchV(n * sizeof(float), stream);
    DeviceBuffer usable(n, stream), nextUsable(n, stream), before(n, stream);
    LaunchValidate(field.view, validation,
                   {scratchU.as<float>(), scratchV.as<float>(), usable.as<std::uint8_t>(),
                    nextUsable.as<std::uint8_t>(), before.as<std::uint8_t>()},
                   stream.native());
    stream.synchronize();
    previous.emplace(std::move(field));
    previousGrid = g;
  }

  PivField result;
  result.resize(g.columns, g.rows);
  for (int r = 0; r < g.rows; ++r)
    for (int c = 0; c < g.columns; ++c) {
      result.x[r * g.columns + c] = WindowCentre(g, c);
      result.y[r * g.columns + c] = WindowCentre(g, r);
    }
  Download(previous->u, result.u, stream);
  Download(previous->v, result.v, stream);
  Download(previous->peak, result.peak, stream);
  Download(previous->second, result.secondPeak, stream);
  Download(previous->peakToPeak, result.peakToPeak, stream);
  Download(previous->peakToMean, result.peakToMean, stream);
  previous->flags.download(result.flags.data(), result.flags.size(), &stream);
  stream.synchronize();
  result.windowSize = g.windowSize;
  result.step = g.step;
  result.passes = passes;
  result.backendUsed = Backend::CUDA;
  return result;
}

} // namespace cumed::piv::detail
