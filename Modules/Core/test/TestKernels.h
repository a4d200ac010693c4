#pragma once
// Kernels used only by the Core tests (compiled in CUDA builds).
#include <cstddef>

struct CUstream_st;

namespace cumed::test {
/// Sets n ints at `deviceData` to `value` with the given block size (a block size above the
/// device limit makes the launch fail, which the error-report test relies on).
void LaunchFill(int* deviceData, std::size_t n, int value, unsigned blockSize, CUstream_st* stream);
} // namespace cumed::test
