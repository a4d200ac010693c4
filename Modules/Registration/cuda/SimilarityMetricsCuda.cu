// The CUDA backend of the similarity metrics: the same per-voxel formulas as the CPU
// (src/SimilarityMetricMath.h), sums through OrderedSums.cuh, the joint histogram in integer
// Parzen units (exact, so atomics in any order give the same bits). Scratch is allocated by the
// constructor; evaluate() queues on the stream and waits for it once, to read the totals.
#include "cuda/OrderedSums.cuh"
#include "src/SimilarityMetricHost.h"

#include "cumed/core/CudaCheck.h"
#include "cumed/core/DeviceBuffer.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace cumed::registration::detail {
namespace {

constexpr int kThreads = 256;

unsigned BlocksFor(std::int64_t n) {
  return static_cast<unsigned>((n + kThreads - 1) / kThreads);
}

// ---- SSD ---------------------------------------------------------------------------------------

struct SsdTerms {
  const float *fixed, *warped;
  const std::uint8_t* mask;
  __device__ void operator()(std::int64_t v, double* acc) const {
    if (!Counted(mask, v)) return;
    const double d = double(warped[v]) - fixed[v];
    acc[0] += 1.0;
    acc[1] += d * d;
  }
};

/// totals[0]: the count (the derivative is queued before the host has seen it).
__global__ void SsdDerivativeKernel(const float* fixed, const float* warped,
                                    const std::uint8_t* mask, const double* totals, std::int64_t n,
                                    float* derivative) {
  const std::int64_t v = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (v >= n) return;
  const double scale = 2.0 / totals[0];
  derivative[v] = Counted(mask, v) ? float(scale * (double(warped[v]) - fixed[v])) : 0.0f;
}

// ---- NCC ---------------------------------------------------------------------------------------

struct NccFirstTerms {
  const float *fixed, *warped;
  const std::uint8_t* mask;
  __device__ void operator()(std::int64_t v, double* acc) const {
    if (!Counted(mask, v)) return;
    acc[0] += 1.0;
    acc[1] += fixed[v];
    acc[2] += warped[v];
  }
};

/// first: count, sum F, sum W (device totals of the first pass).
struct NccCentredTerms {
  const float *fixed, *warped;
  const std::uint8_t* mask;
  const double* first;
  __device__ void operator()(std::int64_t v, double* acc) const {
    if (!Counted(mask, v)) return;
    const double f = fixed[v] - first[1] / first[0], w = warped[v] - first[2] / first[0];
    acc[0] += f * f;
    acc[1] += w * w;
    acc[2] += f * w;
  }
};

/// totals: the first pass's three sums, then the centred pass's three.
__global__ void NccDerivativeKernel(const float* fixed, const float* warped,
                                    const std::uint8_t* mask, const double* totals, std::int64_t n,
                                    float* derivative) {
  const std::int64_t v = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (v >= n) return;
  const NccMoments m =
      MakeNccMoments(totals[0], totals[1], totals[2], totals[3], totals[4], totals[5]);
  derivative[v] = Counted(mask, v) ? float(NccDerivative(m, fixed[v], warped[v])) : 0.0f;
}

// ---- LocalNCC ----------------------------------------------------------------------------------

struct Volume {
  std::int64_t size[3];
  __device__ std::int64_t voxels() const { return size[0] * size[1] * size[2]; }
};

/// The x pass of the six windowed sums, from the images directly: mask, mask F, mask W, mask F^2,
/// mask W^2, mask F W into channels 0..5 (each n doubles from `channels`).
__global__ void LocalSumsAlongXKernel(const float* fixed, const float* warped,
                                      const std::uint8_t* mask, Volume vol, const double* window,
                                      int radius, double* channels) {
  const std::int64_t n = vol.voxels();
  const std::int64_t v = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (v >= n) return;
  const std::int64_t len = vol.size[0], at = v % len;
  const std::int64_t lo = -radius > -at ? -radius : -at;
  const std::int64_t hi = radius < len - 1 - at ? radius : len - 1 - at;
  double s[6] = {};
  for (std::int64_t k = lo; k <= hi; ++k) {
    const std::int64_t u = v + k;
    if (!Counted(mask, u)) continue;
    const double g = window[k + radius], f = fixed[u], w = warped[u];
    s[0] += g;
    s[1] += g * f;
    s[2] += g * w;
    s[3] += g * (f * f);
    s[4] += g * (w * w);
    s[5] += g * (f * w);
  }
  for (int c = 0; c < 6; ++c) channels[c * n + v] = s[c];
}

/// One separable pass of one channel along axis 0 (x), 1 (y) or 2 (z), zero outside the image.
__global__ void SmoothAlongKernel(const double* in, double* out, Volume vol, int axis,
                                  const double* window, int radius) {
  const std::int64_t n = vol.voxels();
  const std::int64_t v = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (v >= n) return;
  const std::int64_t step = axis == 0 ? 1 : axis == 1 ? vol.size[0] : vol.size[0] * vol.size[1];
  const std::int64_t len = vol.size[axis], at = (v / step) % len;
  const std::int64_t lo = -radius > -at ? -radius : -at;
  const std::int64_t hi = radius < len - 1 - at ? radius : len - 1 - at;
  double sum = 0.0;
  for (std::int64_t k = lo; k <= hi; ++k) sum += window[k + radius] * in[v + k * step];
  out[v] = sum;
}

/// The local squared NCC per counted voxel, summed; writes the derivative's coefficient images
/// (dSfw, dSww, dSw) over channels 3..5.
struct LocalNccTerms {
  const std::uint8_t* mask;
  double* channels;
  std::int64_t n;
  __device__ void operator()(std::int64_t v, double* acc) const {
    double* c = channels + v;
    if (!Counted(mask, v)) {
      c[3 * n] = c[4 * n] = c[5 * n] = 0.0;
      return;
    }
    const LocalNccTerm t = LocalNcc(c[0], c[n], c[2 * n], c[3 * n], c[4 * n], c[5 * n]);
    c[3 * n] = t.dSfw;
    c[4 * n] = t.dSww;
    c[5 * n] = t.dSw;
    acc[0] += 1.0;
    acc[1] += t.r;
  }
};

/// smoothed: the coefficient images dSfw, dSww, dSw after smoothing (channels 0..2).
__global__ void LocalNccDerivativeKernel(const float* fixed, const float* warped,
                                         const std::uint8_t* mask, const double* totals,
                                         const double* smoothed, std::int64_t n,
                                         float* derivative) {
  const std::int64_t v = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (v >= n) return;
  derivative[v] = Counted(mask, v)
                      ? float(LocalNccDerivative(-1.0 / totals[0], fixed[v], warped[v], smoothed[v],
                                                 smoothed[n + v], smoothed[2 * n + v]))
                      : 0.0f;
}

// ---- NMI ---------------------------------------------------------------------------------------

struct HistogramRanges {
  int bins;
  float fixedLo, fixedHi, movingLo, movingHi;
  __device__ ParzenPlace place(float f, float w) const {
    return PlaceInHistogram(f, w, bins, fixedLo, fixedHi, movingLo, movingHi);
  }
};

/// Each block adds its voxels into a private histogram (shared memory when `Private`, else the
/// global one directly), then into the global one; all in integer units, so order is irrelevant.
/// counted[0]: the number of counted voxels.
template <bool Private>
__global__ void JointHistogramKernel(const float* fixed, const float* warped,
                                     const std::uint8_t* mask, HistogramRanges r, std::int64_t n,
                                     unsigned long long* histogram, unsigned long long* counted) {
  extern __shared__ unsigned long long own[];
  const int cells = r.bins * r.bins;
  unsigned long long* target = Private ? own : histogram;
  if (Private) {
    for (int k = threadIdx.x; k < cells; k += blockDim.x) own[k] = 0;
    __syncthreads();
  }
  unsigned long long mine = 0;
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  for (std::int64_t v = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; v < n;
       v += stride) {
    if (!Counted(mask, v)) continue;
    ++mine;
    const ParzenPlace p = r.place(fixed[v], warped[v]);
    unsigned long long* row = target + p.fixedBin * r.bins + p.firstWarpedBin;
    for (int q = 0; q < 4; ++q)
      atomicAdd(row + q, static_cast<unsigned long long>(
                             ParzenUnits(CubicBSpline(p.firstWarpedBin + q - p.t))));
  }
  atomicAdd(counted, mine);
  if (Private) {
    __syncthreads();
    for (int k = threadIdx.x; k < cells; k += blockDim.x)
      if (own[k]) atomicAdd(histogram + k, own[k]);
  }
}

__global__ void NmiDerivativeKernel(const float* fixed, const float* warped,
                                    const std::uint8_t* mask, HistogramRanges r,
                                    const double* perUnit, std::int64_t n, float* derivative) {
  const std::int64_t v = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (v >= n) return;
  if (!Counted(mask, v)) {
    derivative[v] = 0.0f;
    return;
  }
  const ParzenPlace p = r.place(fixed[v], warped[v]);
  derivative[v] = float(NmiDerivative(p, perUnit + p.fixedBin * r.bins + p.firstWarpedBin));
}

// ---- the computers -----------------------------------------------------------------------------

class CudaMetric : public SimilarityMetricComputer {
public:
  CudaMetric(const MetricSettings& settings, cudaStream_t stream)
      : settings_(settings), n_(VoxelCount(settings)), stream_(stream),
        partials_(3 * MetricChunks(n_) * sizeof(double)), totals_(8 * sizeof(double)) {}

protected:
  /// Waits for the stream and returns the first `count` totals.
  std::vector<double> readTotals(int count) {
    std::vector<double> host(static_cast<std::size_t>(count));
    CUMED_CUDA_CHECK(cudaMemcpyAsync(host.data(), totals_.data(), count * sizeof(double),
                                     cudaMemcpyDeviceToHost, stream_));
    CUMED_CUDA_CHECK(cudaStreamSynchronize(stream_));
    return host;
  }
  double* partials() { return partials_.as<double>(); }
  double* totals() { return totals_.as<double>(); }

  MetricSettings settings_;
  std::int64_t n_;
  cudaStream_t stream_;
  DeviceBuffer partials_, totals_;
};

class SsdCuda : public CudaMetric {
public:
  using CudaMetric::CudaMetric;
  double evaluate(const float* fixed, const float* warped, const std::uint8_t* mask,
                  float* derivative) override {
    QueueOrderedSums<2>(SsdTerms{fixed, warped, mask}, n_, partials(), totals(), stream_);
    if (derivative) {
      SsdDerivativeKernel<<<BlocksFor(n_), kThreads, 0, stream_>>>(fixed, warped, mask, totals(),
                                                                   n_, derivative);
      CUMED_CHECK_LAUNCH("SsdDerivativeKernel");
    }
    const std::vector<double> t = readTotals(2);
    RequireCountedVoxels(t[0], settings_);
    return t[1] / t[0];
  }
};

class NccCuda : public CudaMetric {
public:
  using CudaMetric::CudaMetric;
  double evaluate(const float* fixed, const float* warped, const std::uint8_t* mask,
                  float* derivative) override {
    QueueOrderedSums<3>(NccFirstTerms{fixed, warped, mask}, n_, partials(), totals(), stream_);
    QueueOrderedSums<3>(NccCentredTerms{fixed, warped, mask, totals()}, n_, partials(),
                        totals() + 3, stream_);
    if (derivative) {
      NccDerivativeKernel<<<BlocksFor(n_), kThreads, 0, stream_>>>(fixed, warped, mask, totals(),
                                                                   n_, derivative);
      CUMED_CHECK_LAUNCH("NccDerivativeKernel");
    }
    const std::vector<double> t = readTotals(6);
    RequireCountedVoxels(t[0], settings_);
    const NccMoments m = MakeNccMoments(t[0], t[1], t[2], t[3], t[4], t[5]);
    RequireNccVariances(m);
    return -m.cov / std::sqrt(m.varF * m.varW);
  }
};

class LocalNccCuda : public CudaMetric {
public:
  LocalNccCuda(const MetricSettings& settings, cudaStream_t stream)
      : CudaMetric(settings, stream), channels_(7 * n_ * sizeof(double)) {
    std::vector<double> all;
    for (int a = 0; a < 3; ++a) {
      const std::vector<double> w = GaussianWindow(settings.localSigmaVoxels[a]);
      radius_[a] = static_cast<int>(w.size() / 2);
      offset_[a] = static_cast<int>(all.size());
      all.insert(all.end(), w.begin(), w.end());
    }
    windows_ = DeviceBuffer(all.size() * sizeof(double));
    windows_.upload(all.data(), all.size() * sizeof(double));
    for (int a = 0; a < 3; ++a) volume_.size[a] = settings.size[a];
  }

  double evaluate(const float* fixed, const float* warped, const std::uint8_t* mask,
                  float* derivative) override {
    double* c = channels_.as<double>();
    LocalSumsAlongXKernel<<<BlocksFor(n_), kThreads, 0, stream_>>>(fixed, warped, mask, volume_,
                                                                   window(0), radius_[0], c);
    CUMED_CHECK_LAUNCH("LocalSumsAlongXKernel");
    for (int k = 0; k < 6; ++k) smoothYZ(c + k * n_, c + 6 * n_, c + k * n_);
    QueueOrderedSums<2>(LocalNccTerms{mask, c, n_}, n_, partials(), totals(), stream_);
    if (derivative) {
      // The coefficient images (channels 3..5) smoothed into channels 0..2 (no longer needed).
      for (int k = 0; k < 3; ++k) {
        double *from = c + (k + 3) * n_, *to = c + k * n_;
        smoothAlong(0, from, to);
        smoothYZ(to, from, to);
      }
      LocalNccDerivativeKernel<<<BlocksFor(n_), kThreads, 0, stream_>>>(
          fixed, warped, mask, totals(), c, n_, derivative);
      CUMED_CHECK_LAUNCH("LocalNccDerivativeKernel");
    }
    const std::vector<double> t = readTotals(2);
    RequireCountedVoxels(t[0], settings_);
    return -t[1] / t[0];
  }

private:
  const double* window(int axis) { return windows_.as<double>() + offset_[axis]; }
  void smoothAlong(int axis, const double* in, double* out) {
    SmoothAlongKernel<<<BlocksFor(n_), kThreads, 0, stream_>>>(in, out, volume_, axis, window(axis),
                                                               radius_[axis]);
    CUMED_CHECK_LAUNCH("SmoothAlongKernel");
  }
  /// The y and z passes of `in` (already smoothed along x), through `scratch`, into `out`.
  void smoothYZ(const double* in, double* scratch, double* out) {
    smoothAlong(1, in, scratch);
    smoothAlong(2, scratch, out);
  }

  DeviceBuffer channels_, windows_;
  Volume volume_;
  int radius_[3], offset_[3];
};

class NmiCuda : public CudaMetric {
public:
  NmiCuda(const MetricSettings& settings, cudaStream_t stream)
      : CudaMetric(settings, stream),
        cells_(std::size_t(settings.histogramBins) * settings.histogramBins),
        histogram_((cells_ + 1) * sizeof(unsigned long long)), perUnit_(cells_ * sizeof(double)),
        host_(cells_ + 1) {
    ranges_ =
        HistogramRanges{settings.histogramBins, settings.fixedRange[0], settings.fixedRange[1],
                        settings.movingRange[0], settings.movingRange[1]};
    int device = 0, optIn = 0, processors = 0;
    CUMED_CUDA_CHECK(cudaGetDevice(&device));
    CUMED_CUDA_CHECK(
        cudaDeviceGetAttribute(&optIn, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
    CUMED_CUDA_CHECK(cudaDeviceGetAttribute(&processors, cudaDevAttrMultiProcessorCount, device));
    sharedBytes_ = cells_ * sizeof(unsigned long long);
    privateHistograms_ = sharedBytes_ <= static_cast<std::size_t>(optIn);
    if (privateHistograms_)
      CUMED_CUDA_CHECK(cudaFuncSetAttribute(JointHistogramKernel<true>,
                                            cudaFuncAttributeMaxDynamicSharedMemorySize,
                                            static_cast<int>(sharedBytes_)));
    // Enough blocks to fill the device, few enough that adding the private histograms is cheap.
    const std::int64_t wanted = (n_ + 16 * kThreads - 1) / (16 * kThreads);
    histogramBlocks_ = static_cast<unsigned>(std::min<std::int64_t>(wanted, 4 * processors));
  }

  double evaluate(const float* fixed, const float* warped, const std::uint8_t* mask,
                  float* derivative) override {
    unsigned long long* histogram = histogram_.as<unsigned long long>();
    CUMED_CUDA_CHECK(cudaMemsetAsync(histogram, 0, histogram_.size(), stream_));
    if (privateHistograms_)
      JointHistogramKernel<true><<<histogramBlocks_, kThreads, sharedBytes_, stream_>>>(
          fixed, warped, mask, ranges_, n_, histogram, histogram + cells_);
    else
      JointHistogramKernel<false><<<histogramBlocks_, kThreads, 0, stream_>>>(
          fixed, warped, mask, ranges_, n_, histogram, histogram + cells_);
    CUMED_CHECK_LAUNCH("JointHistogramKernel");
    CUMED_CUDA_CHECK(cudaMemcpyAsync(host_.data(), histogram, histogram_.size(),
                                     cudaMemcpyDeviceToHost, stream_));
    CUMED_CUDA_CHECK(cudaStreamSynchronize(stream_));
    RequireCountedVoxels(double(host_[cells_]), settings_);
    const NmiTable table = MakeNmiTable(host_.data(), ranges_.bins);
    if (derivative) {
      CUMED_CUDA_CHECK(cudaMemcpyAsync(perUnit_.data(), table.perUnit.data(),
                                       cells_ * sizeof(double), cudaMemcpyHostToDevice, stream_));
      NmiDerivativeKernel<<<BlocksFor(n_), kThreads, 0, stream_>>>(
          fixed, warped, mask, ranges_, perUnit_.as<double>(), n_, derivative);
      CUMED_CHECK_LAUNCH("NmiDerivativeKernel");
      // The table's host memory must outlive the copy.
      CUMED_CUDA_CHECK(cudaStreamSynchronize(stream_));
    }
    return table.cost;
  }

private:
  std::size_t cells_;
  DeviceBuffer histogram_, perUnit_; ///< the histogram's cells, then the count
  std::vector<std::uint64_t> host_;
  HistogramRanges ranges_;
  std::size_t sharedBytes_ = 0;
  bool privateHistograms_ = false;
  unsigned histogramBlocks_ = 1;
};

} // namespace

std::unique_ptr<SimilarityMetricComputer> MakeSimilarityMetricCuda(const MetricSettings& settings,
                                                                   CUstream_st* stream) {
  ValidateMetricSettings(settings);
  switch (settings.kind) {
  case MetricKind::SSD:
    return std::make_unique<SsdCuda>(settings, stream);
  case MetricKind::NCC:
    return std::make_unique<NccCuda>(settings, stream);
  case MetricKind::LocalNCC:
    return std::make_unique<LocalNccCuda>(settings, stream);
  case MetricKind::NMI:
    return std::make_unique<NmiCuda>(settings, stream);
  }
  throw InvalidArgument("similarity metric: unknown kind " +
                        std::to_string(static_cast<int>(settings.kind)));
}

} // namespace cumed::registration::detail
