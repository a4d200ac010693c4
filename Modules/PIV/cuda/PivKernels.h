#pragma once
// Launchers of the PIV kernels (plain C++ declarations, so the host driver needs no CUDA
// compiler). Every pointer is device memory; work is queued on `stream`.
#include "cumed/core/PixelType.h"
#include "cumed/piv/PivOptions.h"
#include "src/PassGrid.h"
#include "src/Sampling.h"
#include "src/VectorValidation.h"

#include <cstddef>
#include <cstdint>

struct CUstream_st;

namespace cumed::piv::detail {

/// A vector field in device memory (the arrays of PivField but x, y).
struct DeviceFieldView {
  float* u = nullptr;
  float* v = nullptr;
  float* peak = nullptr;
  float* second = nullptr;
  float* peakToPeak = nullptr;
  float* peakToMean = nullptr;
  std::uint8_t* flags = nullptr;
  int columns = 0, rows = 0;
};

/// Scratch for validation: floats (2 per vector), bytes (3 per vector) and one int per
/// replacement sweep plus one.
struct ValidationScratch {
  float* u = nullptr;
  float* v = nullptr;
  std::uint8_t* usable = nullptr;
  std::uint8_t* nextUsable = nullptr;
  std::uint8_t* before = nullptr;
  int* replaced = nullptr;
};

void LaunchToFloat(const void* source, PixelType type, float* target, std::size_t count,
                   CUstream_st* stream);
/// Frames -> cubic B-spline coefficients, in place (rows, then columns).
void LaunchPrefilter(float* image, int width, int height, CUstream_st* stream);
/// Symmetric deformation of both frames by `predictor` (its arrays in device memory).
void LaunchDeform(const float* first, const float* second, int width, int height,
                  const GridView& predictor, Interpolation interpolation, float* outFirst,
                  float* outSecond, CUstream_st* stream);
/// Each window's two correlation buffers (n x n, mean removed when asked) and energies
/// (2 per window).
void LaunchExtractWindows(const float* first, const float* second, int width, int height,
                          const PassGrid& g, bool removeMean, float* bufferA, float* bufferB,
                          float* energies, CUstream_st* stream);
/// spectrumA = conj(spectrumA) * spectrumB * scale (1/n^2, or normalised by the energies);
/// spectra are interleaved (re, im) floats.
void LaunchConjugateMultiply(float* spectrumA, const float* spectrumB, const float* energies,
                             const PassGrid& g, bool normalized, CUstream_st* stream);
/// Zeroes the plane of every window whose buffers are all zero (a flat window after mean
/// removal, or one with a non-finite pixel: energy 0): its correlation is exactly zero, as on
/// the CPU, but cuFFT's batched transforms of some sizes (57 px) leak rounding-level values of
/// other windows into it, which would make a peak.
void LaunchClearEmptyPlanes(float* planes, const float* energies, const PassGrid& g,
                            CUstream_st* stream);
/// Peak, second peak, sub-pixel fit and ratios of every plane; the predictor (may be null) is
/// added at the window centre; masked windows (mask may be null) get the Masked flag. The
/// pair-loss correction and the quarter-window limit come with `g`.
void LaunchSearchPeaks(const float* planes, const PassGrid& g, const std::uint8_t* mask, int width,
                       const GridView* predictor, SubPixelFit fit, const DeviceFieldView& field,
                       CUstream_st* stream);
/// True when LaunchFusedCorrelation serves this pass's buffer size (8, 16, 32 or 64 px).
bool FusedCorrelationFits(const PassGrid& g);
/// One pass's correlation in one launch (windows, transforms, product, peaks, as
/// LaunchExtractWindows .. LaunchSearchPeaks with cuFFT between them); only where
/// FusedCorrelationFits. The frames are read as they are (`type`), so a single pass needs no
/// float copy of them.
void LaunchFusedCorrelation(const void* first, const void* second, PixelType type, int width,
                            int height, const std::uint8_t* mask, const PassGrid& g,
                            const GridView* predictor, const PivOptions& options,
                            const DeviceFieldView& field, CUstream_st* stream);
/// The predictor arrays of a field: SmoothedAt of every vector into `u`, `v`.
void LaunchSmoothPredictor(const DeviceFieldView& field, int radius, float* u, float* v,
                           CUstream_st* stream);
/// Validation and replacement of `field` in place, as ValidateArrays on the host.
void LaunchValidate(const DeviceFieldView& field, const ValidationParameters& p,
                    const ValidationScratch& scratch, CUstream_st* stream);
/// sum[i] = (sum[i] + planes[i]) * scale for i < count: one pair's correlation planes into an
/// ensemble's sum, element by element in the order of the calls (deterministic, no atomics);
/// `scale` is 1 but for the last pair (1 / pairs: the mean plane).
void LaunchAccumulatePlanes(float* sum, const float* planes, std::size_t count, float scale,
                            CUstream_st* stream);

} // namespace cumed::piv::detail
