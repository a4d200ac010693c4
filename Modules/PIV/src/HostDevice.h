#pragma once
// Functions compiled for the host and the device alike, so the CPU and CUDA backends evaluate
// peaks, fits, validation and resampling with the same formulas.
#if defined(__CUDACC__)
#define CUMED_PIV_HD __host__ __device__ inline
#else
#define CUMED_PIV_HD inline
#endif
