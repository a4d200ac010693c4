#pragma once
// Functions compiled for the host and the device alike, so the CPU and CUDA backends of a module
// evaluate the same formulas. Plain C++ without nvcc; the one definition every module uses.

#if defined(__CUDACC__)
/// An inline function callable from host and device code.
#define CUMED_HOST_DEVICE __host__ __device__ inline
/// As CUMED_HOST_DEVICE, but always inlined into device code (small helpers in hot kernels).
#define CUMED_HOST_DEVICE_FORCEINLINE __host__ __device__ __forceinline__
#else
#define CUMED_HOST_DEVICE inline
#define CUMED_HOST_DEVICE_FORCEINLINE inline
#endif

/// Unrolls the loop that follows in device code (constant trip counts keep the values in
/// registers); nothing on the host, where the compiler decides.
#if defined(__CUDA_ARCH__)
#define CUMED_UNROLL _Pragma("unroll")
#else
#define CUMED_UNROLL
#endif
