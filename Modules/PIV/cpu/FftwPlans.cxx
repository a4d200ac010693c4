#include "cpu/FftwPlans.h"

#include "cumed/core/Error.h"

#include <map>
#include <mutex>
#include <new>
#include <string>
#include <utility>

namespace cumed::piv::detail {

namespace {
std::mutex& PlannerLock() {
  static std::mutex lock;
  return lock;
}
} // namespace

const BatchPlans& PlansFor(int n, int batch) {
  // Never destroyed: plans outlive every caller, including threads still running at exit.
  static auto* cache = new std::map<std::pair<int, int>, BatchPlans>();
  std::lock_guard<std::mutex> guard(PlannerLock());
  auto found = cache->find({n, batch});
  if (found != cache->end()) return found->second;

  const std::size_t planes = std::size_t(batch);
  auto real = AllocateFftw<float>(planes * n * n);
  auto spectrum = AllocateFftw<fftwf_complex>(planes * n * (n / 2 + 1));
  const int dims[2] = {n, n};
  const int realDistance = n * n, complexDistance = n * (n / 2 + 1);
  // FFTW_ESTIMATE: planning does not touch the arrays and takes microseconds.
  BatchPlans plans;
  plans.n = n;
  plans.batch = batch;
  plans.forward =
      fftwf_plan_many_dft_r2c(2, dims, batch, real.get(), nullptr, 1, realDistance, spectrum.get(),
                              nullptr, 1, complexDistance, FFTW_ESTIMATE);
  plans.inverse =
      fftwf_plan_many_dft_c2r(2, dims, batch, spectrum.get(), nullptr, 1, complexDistance,
                              real.get(), nullptr, 1, realDistance, FFTW_ESTIMATE);
  if (!plans.forward || !plans.inverse)
    throw Error("PIV: FFTW could not plan " + std::to_string(batch) + " transforms of " +
                std::to_string(n) + " x " + std::to_string(n));
  return cache->emplace(std::make_pair(n, batch), plans).first->second;
}

} // namespace cumed::piv::detail
