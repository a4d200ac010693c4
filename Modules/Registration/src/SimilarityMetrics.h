#pragma once
// Similarity metrics of a registration: value and derivative with respect to the warped image,
// per voxel, on the CPU (cpu/SimilarityMetricsCpu.cxx) and CUDA (cuda/SimilarityMetricsCuda.cu).
// Every metric is a cost to MINIMISE, averaged over the voxels counted (the mask's nonzero voxels,
// all voxels without a mask), so its size does not depend on the image size:
//   SSD       mean (warped - fixed)^2
//   NCC       -(normalised cross-correlation of fixed and warped over the counted voxels)
//   LocalNCC  -(mean over counted voxels of the squared local NCC in a Gaussian window)
//   NMI       -(H(F) + H(W)) / H(F, W): Studholme's normalised mutual information from a
//             Parzen-windowed joint histogram (bins x bins)
// Reductions are ordered (fixed-size partial sums added in a fixed order; no floating-point
// atomics), so each backend gives bitwise the same value and derivative run after run.
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
};

class SimilarityMetricComputer {
public:
  virtual ~SimilarityMetricComputer() = default;
  /// The cost at `warped`. When `derivative` is not null it receives dCost/dwarped[v] for every
  /// voxel (0 where the mask is 0). Pointers are host memory for the CPU computer, device memory
  /// for the CUDA one; `mask` (1 byte per voxel, nonzero = counted) may be null. Throws
  /// InvalidArgument when no voxel is counted.
  virtual double evaluate(const float* fixed, const float* warped, const std::uint8_t* mask,
                          float* derivative) = 0;
};

std::unique_ptr<SimilarityMetricComputer> MakeSimilarityMetricCpu(const MetricSettings& settings);
/// Defined only in CUDA builds; scratch is allocated once here, work is queued on `stream` and
/// evaluate() returns after it finished.
std::unique_ptr<SimilarityMetricComputer> MakeSimilarityMetricCuda(const MetricSettings& settings,
                                                                   CUstream_st* stream);

} // namespace cumed::registration::detail
