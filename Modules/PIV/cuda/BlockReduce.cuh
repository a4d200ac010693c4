#pragma once
// Block-wide reductions for the PIV kernels (blocks of a multiple of 32 threads, at most 1024).
// Every thread of the block must call them; every thread gets the result.

namespace cumed::piv::detail {

constexpr int kReduceSlots = 33; ///< shared floats (or pairs) a reduction needs

__device__ inline float BlockSum(float value, float* shared) {
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  for (int offset = 16; offset > 0; offset >>= 1)
    value += __shfl_down_sync(0xffffffffu, value, offset);
  __syncthreads(); // the slots may still be read by a previous reduction
  if (lane == 0) shared[warp] = value;
  __syncthreads();
  if (warp == 0) {
    value = lane < int(blockDim.x >> 5) ? shared[lane] : 0.f;
    for (int offset = 16; offset > 0; offset >>= 1)
      value += __shfl_down_sync(0xffffffffu, value, offset);
    if (lane == 0) shared[32] = value;
  }
  __syncthreads();
  return shared[32];
}

__device__ inline float BlockMax(float value, float* shared) {
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  for (int offset = 16; offset > 0; offset >>= 1)
    value = fmaxf(value, __shfl_down_sync(0xffffffffu, value, offset));
  __syncthreads();
  if (lane == 0) shared[warp] = value;
  __syncthreads();
  if (warp == 0) {
    value = lane < int(blockDim.x >> 5) ? shared[lane] : -3.402823466e38f;
    for (int offset = 16; offset > 0; offset >>= 1)
      value = fmaxf(value, __shfl_down_sync(0xffffffffu, value, offset));
    if (lane == 0) shared[32] = value;
  }
  __syncthreads();
  return shared[32];
}

/// (value, index) pair maximum; ties go to the smaller index (the CPU's first maximum).
__device__ inline bool Better(float value, int index, float best, int bestIndex) {
  return value > best || (value == best && index < bestIndex);
}

__device__ inline void BlockArgMax(float& value, int& index, float* sharedValues,
                                   int* sharedIndices) {
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  for (int offset = 16; offset > 0; offset >>= 1) {
    const float v = __shfl_down_sync(0xffffffffu, value, offset);
    const int i = __shfl_down_sync(0xffffffffu, index, offset);
    if (Better(v, i, value, index)) {
      value = v;
      index = i;
    }
  }
  __syncthreads();
  if (lane == 0) {
    sharedValues[warp] = value;
    sharedIndices[warp] = index;
  }
  __syncthreads();
  if (warp == 0) {
    const bool present = lane < int(blockDim.x >> 5);
    value = present ? sharedValues[lane] : -3.402823466e38f;
    index = present ? sharedIndices[lane] : 0x7fffffff;
    for (int offset = 16; offset > 0; offset >>= 1) {
      const float v = __shfl_down_sync(0xffffffffu, value, offset);
      const int i = __shfl_down_sync(0xffffffffu, index, offset);
      if (Better(v, i, value, index)) {
        value = v;
        index = i;
      }
    }
    if (lane == 0) {
      sharedValues[32] = value;
      sharedIndices[32] = index;
    }
  }
  __syncthreads();
  value = sharedValues[32];
  index = sharedIndices[32];
}

} // namespace cumed::piv::detail
