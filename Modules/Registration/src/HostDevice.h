#pragma once
// Functions compiled for the host and the device alike, so the CPU and CUDA backends evaluate the
// B-spline with the same formulas.
#if defined(__CUDACC__)
#define CUMED_REGISTRATION_HD __host__ __device__ inline
#else
#define CUMED_REGISTRATION_HD inline
#endif

/// Unrolls the loop that follows in device code (constant trip counts); nothing on the host.
#if defined(__CUDA_ARCH__)
#define CUMED_REGISTRATION_UNROLL _Pragma("unroll")
#else
#define CUMED_REGISTRATION_UNROLL
#endif
