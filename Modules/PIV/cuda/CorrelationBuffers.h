#pragma once
// One pass's correlation planes of a pair on the device: window extraction, batched cuFFT
// forward transforms, conjugate product, inverse transform.
#include "cumed/core/DeviceBuffer.h"
#include "cumed/core/Stream.h"
#include "cumed/piv/PivOptions.h"
#include "src/PassGrid.h"

namespace cumed::piv::detail {

/// The device buffers of grid `g`'s correlation, kept over the pairs of an ensemble: two real
/// planes, two spectra and two energies per window (2 x windows x fftSize^2 floats plus
/// 2 x windows x fftSize x (fftSize / 2 + 1) complex values).
class CorrelationBuffers {
public:
  CorrelationBuffers(const PassGrid& g, const Stream& stream);

  /// Every window's correlation plane of `first`/`second` (device float frames, width x
  /// height), scaled as the CPU scales them (1 / fftSize^2 or the normalisation), into
  /// `planes` (windows x fftSize^2 floats; may be scratch()). Queued on the stream; the plans'
  /// work areas are the calling thread's, so the caller synchronises before it returns.
  void correlate(const float* first, const float* second, int width, int height,
                 const PivOptions& options, float* planes);

  /// A plane buffer the next correlate() overwrites (the first frame's windows).
  float* scratch() { return a_.as<float>(); }

private:
  PassGrid g_;
  const Stream& stream_;
  DeviceBuffer a_, b_, spectrumA_, spectrumB_, energies_;
};

} // namespace cumed::piv::detail
