// The device's L-BFGS vectors (src/LbfgsSpace.h): one buffer of count x size doubles, element-wise
// kernels on the space's stream, dot products by the ordered sums of cuda/OrderedSums.cuh (fixed
// chunks, fixed trees: the same bits every run) and the largest magnitude by a max reduction
// (exact in any order). Only the scalars come back to the host.
#include "cuda/OrderedSums.cuh"
#include "src/LbfgsSpace.h"

#include "cumed/core/CudaCheck.h"
#include "cumed/core/DeviceBuffer.h"
#include "cumed/core/Error.h"
#include "cumed/core/Stream.h"

#include <string>

namespace cumed::registration::detail {
namespace {

constexpr int kThreads = 256;

struct DotTerms {
  const double* a;
  const double* b;
  __device__ void operator()(std::int64_t v, double* acc) const { acc[0] += a[v] * b[v]; }
};

__global__ void AxpyKernel(double alpha, const double* x, double* y, std::int64_t n) {
  for (std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += static_cast<std::int64_t>(gridDim.x) * blockDim.x)
    y[i] += alpha * x[i];
}

__global__ void ScaleKernel(double alpha, double* x, std::int64_t n) {
  for (std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += static_cast<std::int64_t>(gridDim.x) * blockDim.x)
    x[i] *= alpha;
}

__global__ void DifferenceKernel(const double* a, const double* b, double* out, std::int64_t n) {
  for (std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += static_cast<std::int64_t>(gridDim.x) * blockDim.x)
    out[i] = a[i] - b[i];
}

/// The largest of the block's threads' values m (fmax ignores NaN, as the host's std::max does
/// here), valid in thread 0.
__device__ double BlockMax(double m) {
  __shared__ double shared[kThreads];
  shared[threadIdx.x] = m;
  __syncthreads();
  for (int half = kThreads / 2; half > 0; half /= 2) {
    if (threadIdx.x < half)
      shared[threadIdx.x] = fmax(shared[threadIdx.x], shared[threadIdx.x + half]);
    __syncthreads();
  }
  return shared[0];
}

/// Block b: the largest |a_i| of chunk b.
__global__ void __launch_bounds__(kThreads)
    MaxAbsPartialKernel(const double* a, std::int64_t n, double* partials) {
  double m = 0.0;
  const std::int64_t begin = static_cast<std::int64_t>(blockIdx.x) * kMetricChunk;
  const std::int64_t end = begin + kMetricChunk < n ? begin + kMetricChunk : n;
  for (std::int64_t i = begin + threadIdx.x; i < end; i += kThreads) m = fmax(m, fabs(a[i]));
  m = BlockMax(m);
  if (threadIdx.x == 0) partials[blockIdx.x] = m;
}

__global__ void __launch_bounds__(kThreads)
    MaxFinalKernel(const double* partials, std::int64_t chunks, double* total) {
  double m = 0.0;
  for (std::int64_t c = threadIdx.x; c < chunks; c += kThreads) m = fmax(m, partials[c]);
  m = BlockMax(m);
  if (threadIdx.x == 0) *total = m;
}

class LbfgsSpaceCuda final : public LbfgsSpace {
public:
  LbfgsSpaceCuda(std::size_t size, int count)
      : n_(static_cast<std::int64_t>(size)), count_(count),
        vectors_(Bytes(size) * static_cast<std::size_t>(count > 0 ? count : 0)),
        partials_(Bytes(static_cast<std::size_t>(MetricChunks(n_) > 0 ? MetricChunks(n_) : 1))),
        total_(sizeof(double)) {
    if (count <= 0) throw InvalidArgument("LbfgsSpace: expected at least one vector");
    if (!vectors_.empty()) vectors_.fillZero(&stream_);
    stream_.synchronize();
  }
  MemoryLocation memory() const noexcept override { return MemoryLocation::Device; }
  std::size_t size() const noexcept override { return static_cast<std::size_t>(n_); }
  int count() const noexcept override { return count_; }
  double* data(int v) override {
    double* p = at(v);
    stream_.synchronize();
    return p;
  }
  void read(int v, double* host) override {
    if (n_ == 0) return;
    CUMED_CUDA_CHECK(cudaMemcpyAsync(host, at(v), Bytes(n_), cudaMemcpyDeviceToHost, s()));
    stream_.synchronize();
  }
  void write(int v, const double* host) override {
    if (n_ == 0) return;
    CUMED_CUDA_CHECK(cudaMemcpyAsync(at(v), host, Bytes(n_), cudaMemcpyHostToDevice, s()));
    stream_.synchronize();
  }
  double dot(int a, int b) override {
    if (n_ == 0) return 0.0;
    QueueOrderedSums<1>(DotTerms{at(a), at(b)}, n_, partials_.as<double>(), total_.as<double>(),
                        s());
    return Scalar();
  }
  void axpy(double alpha, int x, int y) override {
    if (n_ == 0) return;
    AxpyKernel<<<Blocks(), kThreads, 0, s()>>>(alpha, at(x), at(y), n_);
    CUMED_CHECK_LAUNCH("AxpyKernel");
  }
  void scale(double alpha, int x) override {
    if (n_ == 0) return;
    ScaleKernel<<<Blocks(), kThreads, 0, s()>>>(alpha, at(x), n_);
    CUMED_CHECK_LAUNCH("ScaleKernel");
  }
  void copy(int from, int to) override {
    if (n_ == 0 || from == to) return;
    CUMED_CUDA_CHECK(cudaMemcpyAsync(at(to), at(from), Bytes(n_), cudaMemcpyDeviceToDevice, s()));
  }
  void difference(int a, int b, int out) override {
    if (n_ == 0) return;
    DifferenceKernel<<<Blocks(), kThreads, 0, s()>>>(at(a), at(b), at(out), n_);
    CUMED_CHECK_LAUNCH("DifferenceKernel");
  }
  double maxAbs(int a) override {
    if (n_ == 0) return 0.0;
    const std::int64_t chunks = MetricChunks(n_);
    MaxAbsPartialKernel<<<static_cast<unsigned>(chunks), kThreads, 0, s()>>>(
        at(a), n_, partials_.as<double>());
    CUMED_CHECK_LAUNCH("MaxAbsPartialKernel");
    MaxFinalKernel<<<1, kThreads, 0, s()>>>(partials_.as<double>(), chunks, total_.as<double>());
    CUMED_CHECK_LAUNCH("MaxFinalKernel");
    return Scalar();
  }

private:
  static std::size_t Bytes(std::size_t n) { return n * sizeof(double); }
  static std::size_t Bytes(std::int64_t n) { return Bytes(static_cast<std::size_t>(n)); }
  cudaStream_t s() const { return stream_.native(); }
  unsigned Blocks() const {
    const std::int64_t blocks = (n_ + kThreads - 1) / kThreads;
    return static_cast<unsigned>(blocks < 4096 ? blocks : 4096); // grid-stride beyond
  }
  double* at(int v) {
    if (v < 0 || v >= count_)
      throw InvalidArgument("LbfgsSpace: vector " + std::to_string(v) + " of " +
                            std::to_string(count_));
    return vectors_.as<double>() + static_cast<std::size_t>(v) * static_cast<std::size_t>(n_);
  }
  /// The scalar the last reduction wrote, on the host.
  double Scalar() {
    double value = 0.0;
    CUMED_CUDA_CHECK(
        cudaMemcpyAsync(&value, total_.as<double>(), sizeof value, cudaMemcpyDeviceToHost, s()));
    stream_.synchronize();
    return value;
  }

  std::int64_t n_;
  int count_;
  Stream stream_;
  DeviceBuffer vectors_, partials_, total_;
};

} // namespace

std::unique_ptr<LbfgsSpace> MakeLbfgsSpaceCuda(std::size_t size, int count) {
  return std::make_unique<LbfgsSpaceCuda>(size, count);
}

} // namespace cumed::registration::detail
