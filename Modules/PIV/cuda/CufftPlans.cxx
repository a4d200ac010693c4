#include "cuda/CufftPlans.h"

#include "cumed/core/Device.h"
#include "cumed/core/Error.h"

#include <map>
#include <string>
#include <tuple>

namespace cumed::piv::detail {

void CheckCufft(cufftResult result, const char* call, const PassGrid& g) {
  if (result != CUFFT_SUCCESS)
    throw CudaError("PIV: " + std::string(call) + " for " + std::to_string(g.count()) +
                        " windows of " + std::to_string(g.fftSize) + " x " +
                        std::to_string(g.fftSize) + " failed (cufftResult " +
                        std::to_string(int(result)) + ")",
                    int(result));
}

cufftHandle CachedPlan(const PassGrid& g, cufftType type, cudaStream_t stream) {
  constexpr std::size_t kMaxPlans = 16;
  using Key = std::tuple<int, int, int, int>;
  thread_local auto* plans = new std::map<Key, cufftHandle>(); // never destroyed: see the header
  const int device = CurrentDevice();
  const Key key{device, g.fftSize, g.count(), int(type)};
  auto found = plans->find(key);
  if (found == plans->end()) {
    if (plans->size() >= kMaxPlans) {
      for (const auto& entry : *plans) cufftDestroy(entry.second);
      plans->clear();
    }
    int dims[2] = {g.fftSize, g.fftSize};
    const int real = g.fftSize * g.fftSize, complex = g.fftSize * (g.fftSize / 2 + 1);
    const bool forward = type == CUFFT_R2C;
    cufftHandle plan = 0;
    CheckCufft(cufftPlanMany(&plan, 2, dims, nullptr, 1, forward ? real : complex, nullptr, 1,
                             forward ? complex : real, type, g.count()),
               forward ? "cufftPlanMany(R2C)" : "cufftPlanMany(C2R)", g);
    found = plans->emplace(key, plan).first;
  }
  CheckCufft(cufftSetStream(found->second, stream), "cufftSetStream", g);
  return found->second;
}

} // namespace cumed::piv::detail
