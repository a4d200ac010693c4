#pragma once
// Similarity metrics of a registration: value and derivative with respect to the warped image,
// per voxel, on the CPU (cpu/SimilarityMetricsCpu.cxx) and CUDA (cuda/SimilarityMetricsCuda.cu).
// Every metric is a cost to MINIMISE, averaged over the voxels counted (the mask's nonzero voxels,
// all voxels without a mask), so its size does not depend on the image size:
//   SSD       mean (warped - fixed)^2
//   NCC       -(normalised cross-correlation of fixed and warped over the counted voxels); means
//             first, then centred sums (a constant image gives exactly variance 0, an error)
//   LocalNCC  -(mean over counted voxels of the squared local NCC in a Gaussian window): the
//             window (sigma in voxels per axis, truncated at ceil(3 sigma)) weighs only counted
//             voxels and is renormalised by its weight, so borders and the mask's edge need no
//             padding; a window whose variance (fixed or warped) is below 1e-10 of its second
//             moment is flat and adds 0. The derivative smooths the per-voxel coefficient images
//             d(local NCC^2)/d(window sums of W, W^2, F W) with the same window (its adjoint).
//   NMI       -(H(F) + H(W)) / H(F, W): Studholme's normalised mutual information from a
//             Parzen-windowed joint histogram (bins x bins): the fixed intensity falls in one of
//             `bins` equal bins over fixedRange (box kernel, clamped), the warped one at
//             t = 1 + (bins - 3) (w - lo) / (hi - lo) clamped to [1, bins - 2], spread over 4
//             bins by the cubic B-spline (dCost/dw is 0 where clamped). Weights are added as
//             integers of 2^-32, so the histogram is exact and identical on both backends.
//             Identical images give 2 less the Parzen blur, independent ones about 1.
// Reductions are ordered (fixed-size partial sums added in a fixed order; no floating-point
// atomics), so each backend gives bitwise the same value and derivative run after run; the two
// backends agree to rounding (the tests: 1e-10 relative on the value, 1e-6 of the largest
// derivative).
#include "cumed/registration/Sampling.h"

#include <cstdint>
#include <memory>

struct CUstream_st;

namespace cumed::registration::detail {

enum class MetricKind { SSD, NCC, LocalNCC, NMI };

struct MetricSettings {
  MetricKind kind = MetricKind::SSD;
  std::int64_t size[3] = {1, 1, 1}; ///< fixed-grid voxels along x, y, z
  int histogramBins = 64;           ///< NMI
  /// NMI: the intensity range the histogram covers (whole fixed / moving image at this level).
  float fixedRange[2] = {0.0f, 1.0f};
  float movingRange[2] = {0.0f, 1.0f};
  /// LocalNCC: the Gaussian window's standard deviation in voxels along x, y, z.
  float localSigmaVoxels[3] = {2.0f, 2.0f, 2.0f};
  /// The voxels a level evaluates (cpu/SampledSimilarityCpu.cxx picks them and hands the
  /// metric computer a Full sub-image); the factories refuse anything but Full, so the CUDA
  /// backend, which has no sampling, stops with an error naming the option.
  VoxelSampling sampling;
};

class SimilarityMetricComputer {
public:
  virtual ~SimilarityMetricComputer() = default;
  /// The cost at `warped`. When `derivative` is not null it receives dCost/dwarped[v] for every
  /// voxel (0 where the mask is 0). Pointers are host memory for the CPU computer, device memory
  /// for the CUDA one; `mask` (1 byte per voxel, nonzero = counted) may be null. Throws
  /// InvalidArgument when no voxel is counted, or for NCC when an image is constant over them
  /// (the derivative is then unspecified).
  virtual double evaluate(const float* fixed, const float* warped, const std::uint8_t* mask,
                          float* derivative) = 0;
};

/// Both factories throw InvalidArgument naming a setting that cannot be used: a size < 1, NMI
/// bins < 4 or an empty / non-finite range, a LocalNCC sigma <= 0.
std::unique_ptr<SimilarityMetricComputer> MakeSimilarityMetricCpu(const MetricSettings& settings);
/// Defined only in CUDA builds; scratch is allocated once here, work is queued on `stream` and
/// evaluate() returns after it finished.
std::unique_ptr<SimilarityMetricComputer> MakeSimilarityMetricCuda(const MetricSettings& settings,
                                                                   CUstream_st* stream);

} // namespace cumed::registration::detail
