#include "cuda/DeviceField.h"

#include <cstdint>
#include <vector>

namespace cumed::piv::detail {

DeviceField::DeviceField(const PassGrid& g, const Stream& stream)
    : u(sizeof(float) * g.count(), stream), v(sizeof(float) * g.count(), stream),
      peak(sizeof(float) * g.count(), stream), second(sizeof(float) * g.count(), stream),
      peakToPeak(sizeof(float) * g.count(), stream), peakToMean(sizeof(float) * g.count(), stream),
      flags(g.count(), stream) {
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

void ValidateDeviceField(const DeviceField& field, const PassGrid& g,
                         const ValidationParameters& parameters, const Stream& stream) {
  const std::size_t n = std::size_t(g.count());
  DeviceBuffer scratchU(n * sizeof(float), stream), scratchV(n * sizeof(float), stream);
  DeviceBuffer usable(n, stream), nextUsable(n, stream), before(n, stream);
  LaunchValidate(field.view, parameters,
                 {scratchU.as<float>(), scratchV.as<float>(), usable.as<std::uint8_t>(),
                  nextUsable.as<std::uint8_t>(), before.as<std::uint8_t>()},
                 stream.native());
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

namespace {
void Download(const DeviceBuffer& buffer, std::vector<float>& target, const Stream& stream) {
  buffer.download(target.data(), target.size() * sizeof(float), &stream);
}
} // namespace

PivField DownloadField(const DeviceField& field, const PassGrid& g, int passes,
                       const Stream& stream) {
  PivField result;
  result.resize(g.columns, g.rows);
  for (int r = 0; r < g.rows; ++r)
    for (int c = 0; c < g.columns; ++c) {
      result.x[r * g.columns + c] = WindowCentre(g, c);
      result.y[r * g.columns + c] = WindowCentre(g, r);
    }
  Download(field.u, result.u, stream);
  Download(field.v, result.v, stream);
  Download(field.peak, result.peak, stream);
  Download(field.second, result.secondPeak, stream);
  Download(field.peakToPeak, result.peakToPeak, stream);
  Download(field.peakToMean, result.peakToMean, stream);
  field.flags.download(result.flags.data(), result.flags.size(), &stream);
  stream.synchronize();
  result.windowSize = g.windowSize;
  result.step = g.step;
  result.passes = passes;
  result.backendUsed = Backend::CUDA;
  return result;
}

} // namespace cumed::piv::detail
