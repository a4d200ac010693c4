#pragma once
// Volumes larger than the CT they are made of: the CT's planes (or rows, or columns) repeated
// back and forth, so that consecutive copies meet at equal planes and the anatomy continues.
#include <cstdint>

namespace cumed::benchmark {

/// The index in [0, n) that mirrored tiling maps `i` (>= 0) to: 0..n-1, n-1..0, 0..n-1, ...
inline std::int64_t MirroredIndex(std::int64_t i, std::int64_t n) {
  const std::int64_t period = i % (2 * n);
  return period < n ? period : 2 * n - 1 - period;
}

} // namespace cumed::benchmark
