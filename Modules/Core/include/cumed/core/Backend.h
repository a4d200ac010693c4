#pragma once
// Which implementation runs an algorithm: the CPU (OpenMP) reference or the CUDA kernels.
#include <string>
#include <string_view>

namespace cumed {

enum class Backend {
  Auto, ///< CUDA when a device is usable, else CPU
  CPU,  ///< OpenMP on the host
  CUDA  ///< kernels on an NVIDIA GPU; an error when none is usable
};

/// "auto", "cpu" or "cuda".
const char* ToString(Backend backend) noexcept;

/// Parses "auto", "cpu" or "cuda" (any case); throws InvalidArgument naming the text otherwise.
Backend ParseBackend(std::string_view text);

/// Name of the environment variable that, set to a non-empty value other than "0", makes Auto
/// resolve to CPU (and an explicit CUDA request fail), e.g. to compare backends on a GPU machine.
constexpr const char* kForceCpuEnvironmentVariable = "CUMED_FORCE_CPU";

/// True when CUMED_FORCE_CPU is set.
bool CpuForcedByEnvironment() noexcept;

/// True when this build contains the CUDA backend.
bool CudaBackendBuilt() noexcept;

/// True when the CUDA backend is built, a device is usable and CPU is not forced. Never throws.
bool CudaUsable() noexcept;

/// Turns a request into the backend that will run: Auto -> CUDA if usable else CPU; CPU -> CPU;
/// CUDA -> CUDA, or CudaError explaining why it cannot (not built, no device, forced CPU).
Backend ResolveBackend(Backend requested);

} // namespace cumed
