#pragma once
// FFTW3f plans for batches of square real<->complex transforms, made once per (size, batch) and
// shared by every thread: FFTW's planner is not thread-safe, its new-array execute functions are.
#include <fftw3.h>

#include <cstddef>
#include <memory>

namespace cumed::piv::detail {

struct BatchPlans {
  fftwf_plan forward = nullptr; ///< `batch` n x n real planes -> n x (n/2+1) complex
  fftwf_plan inverse = nullptr; ///< back (unnormalised: scaled by n*n)
  int n = 0, batch = 0;
};

/// The plans for n x n planes, `batch` at a time; created under a lock on first use, kept for
/// the life of the process. Execute them with fftwf_execute_dft_r2c/_c2r on FftwArray memory.
const BatchPlans& PlansFor(int n, int batch);

/// fftwf_malloc'd memory (the alignment the plans were made for); throws std::bad_alloc.
struct FftwFree {
  void operator()(void* p) const noexcept { fftwf_free(p); }
};
template <class T> using FftwArray = std::unique_ptr<T[], FftwFree>;
template <class T> FftwArray<T> AllocateFftw(std::size_t count) {
  void* p = fftwf_malloc(count * sizeof(T));
  if (!p) throw std::bad_alloc();
  return FftwArray<T>(static_cast<T*>(p));
}

} // namespace cumed::piv::detail
