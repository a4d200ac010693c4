#include "cumed/core/Backend.h"

#include "cumed/core/Device.h"
#include "cumed/core/Error.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>

namespace cumed {

const char* ToString(Backend backend) noexcept {
  switch (backend) {
  case Backend::Auto:
    return "auto";
  case Backend::CPU:
    return "cpu";
  case Backend::CUDA:
    return "cuda";
  }
  return "unknown";
}

Backend ParseBackend(std::string_view text) {
  std::string lower(text);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (lower == "auto") return Backend::Auto;
  if (lower == "cpu") return Backend::CPU;
  if (lower == "cuda") return Backend::CUDA;
  throw InvalidArgument("unknown backend '" + std::string(text) + "' (expected auto, cpu or cuda)");
}

bool CpuForcedByEnvironment() noexcept {
  const char* value = std::getenv(kForceCpuEnvironmentVariable);
  return value && *value && std::strcmp(value, "0") != 0;
}

bool CudaUsable() noexcept {
  return CudaBackendBuilt() && !CpuForcedByEnvironment() && ProbeDevices().usable;
}

Backend ResolveBackend(Backend requested) {
  switch (requested) {
  case Backend::CPU:
    return Backend::CPU;
  case Backend::Auto:
    return CudaUsable() ? Backend::CUDA : Backend::CPU;
  case Backend::CUDA:
    if (!CudaBackendBuilt())
      throw CudaError("the CUDA backend was requested, but this CuMed was built without CUDA "
                      "(configure with nvcc available or -DCUMED_CUDA=ON)",
                      0);
    if (CpuForcedByEnvironment())
      throw CudaError(std::string("the CUDA backend was requested, but ") +
                          kForceCpuEnvironmentVariable + " is set in the environment",
                      0);
    if (!ProbeDevices().usable)
      throw CudaError("the CUDA backend was requested, but no CUDA device is usable: " +
                          ProbeDevices().reason,
                      0);
    return Backend::CUDA;
  }
  throw InvalidArgument("invalid Backend value");
}

} // namespace cumed
