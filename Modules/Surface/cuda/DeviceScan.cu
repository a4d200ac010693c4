#include "cuda/DeviceScan.h"

#include "cumed/core/CudaCheck.h"
#include "cumed/surface/ExclusiveScan.h"

#include <cub/device/device_scan.cuh>
#include <cuda/std/functional>

namespace cumed::surface {
namespace detail {
namespace {

template <class Out>
void QueueScan(const std::uint32_t* in, Out* out, std::size_t n, cudaStream_t stream) {
  if (n == 0) {
    return;
  }
  const auto items = static_cast<std::int64_t>(n);
  std::size_t tempBytes = 0;
  CUMED_CUDA_CHECK(cub::DeviceScan::ExclusiveScan(nullptr, tempBytes, in, out,
                                                  ::cuda::std::plus<>{}, Out{0}, items, stream));
  void* temp = nullptr;
  CUMED_CUDA_CHECK(cudaMallocAsync(&temp, tempBytes, stream));
  const cudaError_t status = cub::DeviceScan::ExclusiveScan(
      temp, tempBytes, in, out, ::cuda::std::plus<>{}, Out{0}, items, stream);
  CUMED_CUDA_CHECK(cudaFreeAsync(temp, stream));
  CUMED_CUDA_CHECK(status);
}

__global__ void AddOffsetKernel(std::uint64_t* out, std::size_t n, std::uint64_t offset) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += stride) {
    out[i] += offset;
  }
}

template <class Out>
Out ScanWithTotal(const std::uint32_t* in, Out* out, std::size_t n, cudaStream_t stream) {
  if (n == 0) {
    return 0;
  }
  QueueScan(in, out, n, stream);
  Out last = 0;
  std::uint32_t lastIn = 0;
  CUMED_CUDA_CHECK(
      cudaMemcpyAsync(&last, out + n - 1, sizeof(Out), cudaMemcpyDeviceToHost, stream));
  CUMED_CUDA_CHECK(
      cudaMemcpyAsync(&lastIn, in + n - 1, sizeof(lastIn), cudaMemcpyDeviceToHost, stream));
  CUMED_CUDA_CHECK(cudaStreamSynchronize(stream));
  return static_cast<Out>(last + lastIn);
}

} // namespace

void QueueExclusiveScan(const std::uint32_t* in, std::uint64_t* out, std::size_t n,
                        CUstream_st* stream) {
  QueueScan(in, out, n, stream);
}
void QueueExclusiveScan(const std::uint32_t* in, std::uint32_t* out, std::size_t n,
                        CUstream_st* stream) {
  QueueScan(in, out, n, stream);
}

void QueueAddOffset(std::uint64_t* out, std::size_t n, std::uint64_t offset, CUstream_st* stream) {
  if (n == 0 || offset == 0) {
    return;
  }
  const std::size_t blocks = (n + 255) / 256;
  AddOffsetKernel<<<static_cast<unsigned>(blocks < 65536 ? blocks : 65536), 256, 0, stream>>>(
      out, n, offset);
  CUMED_CHECK_LAUNCH("AddOffsetKernel");
}

} // namespace detail

std::uint64_t ExclusiveScanDevice(const std::uint32_t* in, std::uint64_t* out, std::size_t n,
                                  CUstream_st* stream) {
  return detail::ScanWithTotal(in, out, n, stream);
}

std::uint32_t ExclusiveScanDevice(const std::uint32_t* in, std::uint32_t* out, std::size_t n,
                                  CUstream_st* stream) {
  return detail::ScanWithTotal(in, out, n, stream);
}

void ExclusiveScanDeviceAsync(const std::uint32_t* in, std::uint64_t* out, std::size_t n,
                              CUstream_st* stream) {
  detail::QueueScan(in, out, n, stream);
}

void ExclusiveScanDeviceAsync(const std::uint32_t* in, std::uint32_t* out, std::size_t n,
                              CUstream_st* stream) {
  detail::QueueScan(in, out, n, stream);
}

} // namespace cumed::surface
