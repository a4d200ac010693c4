#include "cuda/DeviceField.h"

#include "cumed/core/Staging.h"

#include <cstdint>
#include <cstring>
#include <vector>

namespace cumed::piv::detail {

namespace {
/// Where the scratch starts behind the arrays (aligned for its ints and floats).
std::size_t ScratchOffset(const PassGrid& g) {
  return (DeviceField::Bytes(g) + 255) / 256 * 256;
}
} // namespace

DeviceField::DeviceField(const PassGrid& g, const Stream& stream, int validationIterations)
    : memory(validationIterations >= 0 ? ScratchOffset(g) + ScratchBytes(g, validationIterations)
                                       : Bytes(g),
             stream) {
  if (validationIterations >= 0) {
    scratch = memory.as<char>() + ScratchOffset(g);
    scratchBytes = ScratchBytes(g, validationIterations);
  }
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

// Every array of ValidationScratch is allocated below: a new member must be allocated too.
static_assert(sizeof(ValidationScratch) ==
                  2 * sizeof(float*) + 3 * sizeof(std::uint8_t*) + sizeof(int*),
              "ValidationScratch changed: allocate its new arrays in ValidateDeviceField");

void ValidateDeviceField(const DeviceField& field, const PassGrid& g,
                         const ValidationParameters& parameters, const Stream& stream) {
  const std::size_t n = std::size_t(g.count()), ints = std::size_t(parameters.iterations) + 1;
  const std::size_t needed = DeviceField::ScratchBytes(g, parameters.iterations);
  DeviceBuffer own;
  void* scratch = field.scratch;
  if (!scratch || field.scratchBytes < needed) {
    own = DeviceBuffer(needed, stream);
    scratch = own.data();
  }
  int* replaced = static_cast<int*>(scratch);
  float* floats = reinterpret_cast<float*>(replaced + ints);
  auto* bytes = reinterpret_cast<std::uint8_t*>(floats + 2 * n);
  LaunchValidate(field.view, parameters,
                 {floats, floats + n, bytes, bytes + n, bytes + 2 * n, replaced}, stream.native());
}

GridView DevicePredictor(const DeviceField& previous, const PassGrid& previousGrid, int smoothing,
                         DeviceBuffer& u, DeviceBuffer& v, const Stream& stream) {
  GridView predictor = previous.grid(previousGrid);
  if (smoothing > 0) {
    const std::size_t bytes = sizeof(float) * std::size_t(previousGrid.count());
    u = DeviceBuffer(bytes, stream);
    v = DeviceBuffer(bytes, stream);
    LaunchSmoothPredictor(previous.view, smoothing, u.as<float>(), v.as<float>(), stream.native());
    predictor.u = u.as<float>();
    predictor.v = v.as<float>();
  }
  return predictor;
}

void QueueFieldDownload(const DeviceField& field, const PassGrid& g, void* host,
                        const Stream& stream) {
  field.memory.download(host, DeviceField::Bytes(g), &stream);
}

PivField UnpackField(const void* host, const PassGrid& g, int passes) {
  PivField result;
  result.resize(g.columns, g.rows);
  for (int r = 0; r < g.rows; ++r)
    for (int c = 0; c < g.columns; ++c) {
      result.x[r * g.columns + c] = WindowCentre(g, c);
      result.y[r * g.columns + c] = WindowCentre(g, r);
    }
  const std::size_t n = std::size_t(g.count());
  const float* arrays = static_cast<const float*>(host);
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

PivField DownloadField(const DeviceField& field, const PassGrid& g, int passes,
                       const Stream& stream) {
  StagingLease staging = LeaseStaging(DeviceField::Bytes(g));
  QueueFieldDownload(field, g, staging.data(), stream);
  stream.synchronize();
  return UnpackField(staging.data(), g, passes);
}

} // namespace cumed::piv::detail
