// Three kernels on the caller's stream: one thread per interior node (its penalty and adjoint),
// one block summing the node values in a fixed order (deterministic), one thread per control
// point gathering its gradient from the 3x3x3 nodes around it (no atomics).
#include "src/RegulariserMath.h"

#include "cumed/core/CudaCheck.h"
#include "cumed/core/DeviceBuffer.h"
#include "cumed/core/Transfer.h"

namespace cumed::registration::detail {
namespace {

constexpr int kThreads = 256;

__global__ void NodePenaltyKernel(RegulariserParams p, const float* coefficients, double* values,
                                  double* adjoint) {
  const std::int64_t nodes = p.interior[0] * p.interior[1] * p.interior[2];
  const std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= nodes) return;
  const std::int64_t x = 1 + i % p.interior[0], y = 1 + (i / p.interior[0]) % p.interior[1],
                     z = 1 + i / (p.interior[0] * p.interior[1]);
  double s[3][kChannels], a[3][kChannels];
  NodeStencilSums(p, coefficients, x, y, z, s);
  values[i] = NodePenalty(p, s, a);
  if (!adjoint) return;
  for (int k = 0; k < 3; ++k)
    for (int c = 0; c < kChannels; ++c) adjoint[(k * kChannels + c) * nodes + i] = a[k][c];
}

/// One block of kThreads: strided partial sums, then a fixed tree.
__global__ void SumKernel(const double* values, std::int64_t count, double* total) {
  __shared__ double partial[kThreads];
  double sum = 0.0;
  for (std::int64_t i = threadIdx.x; i < count; i += kThreads) sum += values[i];
  partial[threadIdx.x] = sum;
  __syncthreads();
  for (int half = kThreads / 2; half > 0; half /= 2) {
    if (threadIdx.x < half) partial[threadIdx.x] += partial[threadIdx.x + half];
    __syncthreads();
  }
  if (threadIdx.x == 0) *total = partial[0];
}

__global__ void GatherGradientKernel(RegulariserParams p, const double* adjoint, float* gradient) {
  const std::int64_t n = p.size[0] * p.size[1] * p.size[2];
  const std::int64_t q = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (q >= n) return;
  double g[3];
  GatherNodeGradient(p, adjoint, q % p.size[0], (q / p.size[0]) % p.size[1],
                     q / (p.size[0] * p.size[1]), g);
  for (int k = 0; k < 3; ++k) gradient[k * n + q] += static_cast<float>(g[k]);
}

unsigned Blocks(std::int64_t count) {
  return static_cast<unsigned>((count + kThreads - 1) / kThreads);
}

class RegulariserCuda final : public RegulariserComputer {
public:
  RegulariserCuda(const RegulariserParams& params, cudaStream_t stream)
      : p_(params), stream_(stream),
        nodes_(params.interior[0] * params.interior[1] * params.interior[2]),
        values_(static_cast<std::size_t>(nodes_) * sizeof(double)), total_(sizeof(double)) {}

  double evaluate(const float* coefficients, float* gradient) override {
    if (gradient && adjoint_.empty())
      adjoint_ = DeviceBuffer(static_cast<std::size_t>(3 * kChannels * nodes_) * sizeof(double));
    double* adjoint = gradient ? adjoint_.as<double>() : nullptr;
    NodePenaltyKernel<<<Blocks(nodes_), kThreads, 0, stream_>>>(p_, coefficients,
                                                                values_.as<double>(), adjoint);
    CUMED_CHECK_LAUNCH("NodePenaltyKernel");
    SumKernel<<<1, kThreads, 0, stream_>>>(values_.as<double>(), nodes_, total_.as<double>());
    CUMED_CHECK_LAUNCH("SumKernel");
    if (gradient) {
      const std::int64_t n = p_.size[0] * p_.size[1] * p_.size[2];
      GatherGradientKernel<<<Blocks(n), kThreads, 0, stream_>>>(p_, adjoint, gradient);
      CUMED_CHECK_LAUNCH("GatherGradientKernel");
    }
    CUMED_CUDA_CHECK(cudaStreamSynchronize(stream_));
    double value = 0.0;
    CopyDeviceToHost(&value, total_.data(), sizeof value);
    return value;
  }

private:
  RegulariserParams p_;
  cudaStream_t stream_;
  std::int64_t nodes_;
  DeviceBuffer values_, total_, adjoint_;
};

} // namespace

std::unique_ptr<RegulariserComputer> MakeRegulariserCuda(const ControlGridShape& shape,
                                                         const RegularisationWeights& weights,
                                                         CUstream_st* stream) {
  return std::make_unique<RegulariserCuda>(CheckedRegulariserParams(shape, weights), stream);
}

} // namespace cumed::registration::detail
