#include "cuda/PivCuda.h"

#include "cuda/PivKernels.h"
#include "cumed/core/Device.h"
#include "cumed/core/DeviceBuffer.h"
#include "cumed/core/Error.h"
#include "cumed/core/Staging.h"
#include "cumed/core/Stream.h"
#include "cumed/core/Transfer.h"
#include "src/PassGrid.h"

#include <cufft.h>

#include <cstring>
#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <utility>

namespace cumed::piv::detail {

namespace {

void CheckCufft(cufftResult result, const char* call, const PassGrid& g) {
  if (result != CUFFT_SUCCESS)
    throw CudaError("PIV: " + std::string(call) + " for " + std::to_string(g.count()) +
                        " windows of " + std::to_string(g.fftSize) + " x " +
                        std::to_string(g.fftSize) + " failed (cufftResult " +
                        std::to_string(int(result)) + ")",
                    int(result));
}

/// Batched 2D cuFFT plans, made once per (device, size, batch, direction) and kept for the calling
/// thread (planning costs more than the transforms of a 1024^2 pair). Per thread, because a plan's
/// work area must not serve two streams at once; every call synchronises its stream before it
/// returns, so consecutive calls of one thread never overlap. At most kMaxPlans are kept (their
/// work areas hold device memory); beyond that the cache starts afresh.
cufftHandle CachedPlan(const PassGrid& g, cufftType type, cudaStream_t stream) {
  constexpr std::size_t kMaxPlans = 16;
  using Key = std::tuple<int, int, int, int>;
  thread_local auto* plans = new std::map<Key, cufftHandle>(); // never destroyed: see above
  const int device = CurrentDevice();
  const Key key{device, g.fftSize, g.count(), int(type)};
  auto found = plans->find(key);
  if (found == plans->end()) {
    if (plans->size() >= kMaxPlans) {
      for (const auto& entry : *plans) cufftDestroy(entry.second);
      plans->clear();
    }
    int dims[2] = {g.fftSize, g.fftSize};
    const int real = g.fftSize * g.fftSize, complex = g.fftSize * (g.fftSize / 2 + 1);
    const bool forward = type == CUFFT_R2C;
    cufftHandle plan = 0;
    CheckCufft(cufftPlanMany(&plan, 2, dims, nullptr, 1, forward ? real : complex, nullptr, 1,
                             forward ? complex : real, type, g.count()),
               forward ? "cufftPlanMany(R2C)" : "cufftPlanMany(C2R)", g);
    found = plans->emplace(key, plan).first;
  }
  CheckCufft(cufftSetStream(found->second, stream), "cufftSetStream", g);
  return found->second;
}

/// A field's arrays in device memory, in one allocation (six float arrays, then the flags), so
/// that it comes back in one copy.
struct DeviceField {
  static constexpr int kFloatArrays = 6;
  DeviceBuffer memory;
  DeviceFieldView view;
  DeviceField(const PassGrid& g, const Stream& stream) : memory(Bytes(g), stream) {
    const std::size_t n = std::size_t(g.count());
    float* arrays = memory.as<float>();
    view = {arrays,
            arrays + n,
            arrays + 2 * n,
            arrays + 3 * n,
            arrays + 4 * n,
            arrays + 5 * n,
            reinterpret_cast<std::uint8_t*>(arrays + kFloatArrays * n),
            g.columns,
            g.rows};
  }
  static std::size_t Bytes(const PassGrid& g) {
    return std::size_t(g.count()) * (kFloatArrays * sizeof(float) + 1);
  }
  GridView grid(const PassGrid& g) const { return GridViewOf(view.u, view.v, g); }
};

/// Scratch for one pass's validation, in one allocation.
struct DeviceValidationScratch {
  DeviceBuffer memory;
  ValidationScratch view;
  DeviceValidationScratch(const PassGrid& g, int sweeps, const Stream& stream)
      : memory(std::size_t(g.count()) * (2 * sizeof(float) + 3) + sizeof(int) * (sweeps + 1),
               stream) {
    const std::size_t n = std::size_t(g.count());
    int* replaced = memory.as<int>();
    float* floats = reinterpret_cast<float*>(replaced + sweeps + 1);
    auto* bytes = reinterpret_cast<std::uint8_t*>(floats + 2 * n);
    view = {floats, floats + n, bytes, bytes + n, bytes + 2 * n, replaced};
  }
};

/// A host block to copy to the device (skipped when empty).
struct UploadPart {
  void* device;
  const void* host;
  std::size_t bytes;
};

/// Host blocks to the device through the staging memory: one parallel copy into page-locked
/// memory and copies at link speed (pageable copies reach a fraction of it); returns once the
/// copies are done, so the staging memory is free again.
void UploadThroughStaging(std::initializer_list<UploadPart> parts, const Stream& stream) {
  std::size_t total = 0;
  for (const UploadPart& part : parts) total += part.bytes;
  StagingLease staging = LeaseStaging(total);
  std::size_t offset = 0;
  for (const UploadPart& part : parts) {
    if (!part.bytes) continue;
    ParallelCopy(staging.data() + offset, part.host, part.bytes);
    CopyHostToDevice(part.device, staging.data() + offset, part.bytes, &stream);
    offset += part.bytes;
  }
  stream.synchronize();
}

/// One pass's correlation: windows, transforms, conjugate product, peaks.
void CorrelatePass(const float* first, const float* second, int width, int height,
                   const std::uint8_t* mask, const PassGrid& g, const GridView* predictor,
                   const PivOptions& options, const DeviceFieldView& field, const Stream& stream) {
  if (FusedCorrelationFits(g)) {
    LaunchFusedCorrelation(first, second, width, height, mask, g, predictor, options, field,
                           stream.native());
    return;
  }
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

} // namespace

PassGrid FinalGrid(int width, int height, const PivOptions& options) {
  const std::size_t passes = options.windowSizes.size();
  return PlanPass(width, height, options.windowSizes.back(), options.overlap,
                  passes == 1 ? options.searchExtension : 0, options.zeroPadding);
}

std::size_t FieldBytes(const PassGrid& g) {
  return DeviceField::Bytes(g);
}

void EnqueuePivCuda(const void* first, const void* second, PixelType type, int width, int height,
                    const std::uint8_t* mask, const PivOptions& options, const Stream& stream,
                    void* resultHost, ExecutionScope& scope) {
  const std::size_t pixels = std::size_t(width) * height;
  // Frames as float on the device; float frames are read in place.
  DeviceBuffer frameA, frameB;
  const float* floatA = static_cast<const float*>(first);
  const float* floatB = static_cast<const float*>(second);
  if (type != PixelType::Float32) {
    frameA = DeviceBuffer(pixels * sizeof(float), stream);
    frameB = DeviceBuffer(pixels * sizeof(float), stream);
    LaunchToFloat(first, type, frameA.as<float>(), pixels, stream.native());
    LaunchToFloat(second, type, frameB.as<float>(), pixels, stream.native());
    floatA = frameA.as<float>();
    floatB = frameB.as<float>();
  }

  // Deformation samples the frames or their spline coefficients, into deformed copies.
  const int passes = int(options.windowSizes.size());
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
    g = PlanPass(width, height, options.windowSizes[pass], options.overlap,
                 pass == 0 ? options.searchExtension : 0, options.zeroPadding);
    DeviceField field(g, stream);
    if (pass == 0) {
      CorrelatePass(floatA, floatB, width, height, mask, g, nullptr, options, field.view, stream);
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
    DeviceValidationScratch scratch(g, validation.iterations, stream);
    LaunchValidate(field.view, validation, scratch.view, stream.native());
    previous.emplace(std::move(field));
    previousGrid = g;
  }
  previous->memory.download(resultHost, DeviceField::Bytes(g), &stream);
}

PivField UnpackField(const void* resultHost, const PassGrid& g, int passes) {
  PivField result;
  result.resize(g.columns, g.rows);
  for (int r = 0; r < g.rows; ++r)
    for (int c = 0; c < g.columns; ++c) {
      result.x[r * g.columns + c] = WindowCentre(g, c);
      result.y[r * g.columns + c] = WindowCentre(g, r);
    }
  const std::size_t n = std::size_t(g.count());
  const float* arrays = static_cast<const float*>(resultHost);
  std::vector<float>* targets[DeviceField::kFloatArrays] = {&result.u,          &result.v,
                                                            &result.peak,       &result.secondPeak,
                                                            &result.peakToPeak, &result.peakToMean};
  for (int a = 0; a < DeviceField::kFloatArrays; ++a)
    std::memcpy(targets[a]->data(), arrays + a * n, n * sizeof(float));
  std::memcpy(result.flags.data(), arrays + DeviceField::kFloatArrays * n, n);
  result.windowSize = g.windowSize;
  result.step = g.step;
  result.passes = passes;
  result.backendUsed = Backend::CUDA;
  return result;
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
  StagingLease staging = LeaseStaging(FieldBytes(g));
  EnqueuePivCuda(first, second, type, width, height, mask, options, stream, staging.data(), scope);
  stream.synchronize();
  return UnpackField(staging.data(), g, int(options.windowSizes.size()));
}

} // namespace cumed::piv::detail
