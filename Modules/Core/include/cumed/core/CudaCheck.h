#pragma once
// Checks for CUDA runtime calls and kernel launches, for .cu files and CUDA-side .cxx files only
// (it includes cuda_runtime.h). Failures throw cumed::CudaError naming the call or kernel, the
// file and the line.
#include "cumed/core/Error.h"

#include <cuda_runtime.h>

/// CUMED_CUDA_CHECK(cudaMalloc(&p, n));
#define CUMED_CUDA_CHECK(call)                                                                     \
  do {                                                                                             \
    const cudaError_t cumedStatus_ = (call);                                                       \
    if (cumedStatus_ != cudaSuccess)                                                               \
      ::cumed::detail::ThrowCudaError(                                                             \
          static_cast<int>(cumedStatus_), cudaGetErrorName(cumedStatus_),                          \
          cudaGetErrorString(cumedStatus_), #call, __FILE__, __LINE__);                            \
  } while (0)

/// After `kernel<<<grid, block, shmem, stream>>>(...)`: CUMED_CHECK_LAUNCH("kernel");
/// reports launch-configuration errors (bad grid/block/shared memory) with the kernel's name.
#define CUMED_CHECK_LAUNCH(kernelName)                                                             \
  do {                                                                                             \
    const cudaError_t cumedStatus_ = cudaGetLastError();                                           \
    if (cumedStatus_ != cudaSuccess)                                                               \
      ::cumed::detail::ThrowCudaError(                                                             \
          static_cast<int>(cumedStatus_), cudaGetErrorName(cumedStatus_),                          \
          cudaGetErrorString(cumedStatus_), "kernel launch", __FILE__, __LINE__, kernelName);      \
  } while (0)
