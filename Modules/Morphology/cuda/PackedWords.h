#pragma once
// Internal: the word arithmetic of bit-packed binary morphology, shared by the kernels
// (PackedBinaryKernels.cu) and usable on the host (plain C++ without nvcc) to check it.
// A row of the object is packed along x into 32-bit words: bit b of word w is voxel x = 32w + b.
// Dilation ORs bits, erosion ANDs them; "run" words hold R_L(x) = op_{k<L} bit(x + k).
#include <cstdint>

#include "cumed/core/HostDevice.h"

namespace cumed::morphology::cuda::packed {

/// Bits [shift, shift + 32) of the 64-bit value hi:lo (shift in 0..31), as __funnelshift_r.
CUMED_HOST_DEVICE_FORCEINLINE std::uint32_t FunnelShiftRight(std::uint32_t lo, std::uint32_t hi,
                                                             int shift) {
#if defined(__CUDA_ARCH__)
  return __funnelshift_r(lo, hi, static_cast<unsigned>(shift));
#else
  return static_cast<std::uint32_t>(((std::uint64_t(hi) << 32) | lo) >> (shift & 31));
#endif
}

template <bool kDilate>
CUMED_HOST_DEVICE_FORCEINLINE std::uint32_t Combine(std::uint32_t a, std::uint32_t b) {
  return kDilate ? a | b : a & b;
}

/// The runs of one word q from the 96-bit window of source words q, q+1, q+2. Runs up to length
/// 65 (an x reach of 32) depend only on bits inside the window, so they are exact; bits that
/// would need source beyond the window are never used (they are zero-filled).
/// Usage: for ascending lengths L, word(L) gives word q of R_L; the window is widened by doubling
/// (R_2P(x) = R_P(x) op R_P(x + P)) and shared by all lengths.
template <bool kDilate> struct RunWindow {
  std::uint32_t w0, w1, w2;
  int span = 1; ///< the window currently holds R_span (a power of two)

  CUMED_HOST_DEVICE_FORCEINLINE std::uint32_t word(int length) {
    while (2 * span <= length) grow();
    // R_L = R_P op (R_P shifted by L - P), 0 <= L - P < P; L <= 65 keeps L - P < 32.
    return Combine<kDilate>(w0, FunnelShiftRight(w0, w1, length - span));
  }

  CUMED_HOST_DEVICE_FORCEINLINE void grow() { // span < 64 here since lengths are at most 65
    if (span < 32) {
      w0 = Combine<kDilate>(w0, FunnelShiftRight(w0, w1, span));
      w1 = Combine<kDilate>(w1, FunnelShiftRight(w1, w2, span));
      w2 = Combine<kDilate>(w2, w2 >> span);
    } else { // span 32: shift by a whole word; w2's partner lies outside the window
      w0 = Combine<kDilate>(w0, w1);
      w1 = Combine<kDilate>(w1, w2);
    }
    span *= 2;
  }
};

} // namespace cumed::morphology::cuda::packed
