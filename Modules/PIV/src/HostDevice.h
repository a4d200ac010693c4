#pragma once
// Functions compiled for the host and the device alike, so the CPU and CUDA backends evaluate
// peaks, fits, validation and resampling with the same formulas.
#if defined(__CUDACC__)
#define CUMED_PIV_HD __host__ __device__ inline
#else
#define CUMED_PIV_HD inline
#endif

/// Unrolls the loop that follows in device code (constant trip counts: the taps' weights stay in
/// registers); nothing on the host, where the compiler decides.
#if defined(__CUDA_ARCH__)
#define CUMED_PIV_UNROLL _Pragma("unroll")
#else
#define CUMED_PIV_UNROLL
#endif
