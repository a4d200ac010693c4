#pragma once
// Suites written once and run on every backend: a parameterised suite whose first parameter is
// the backend, instantiated as "Cpu/..." and "Cuda/..." (the CUDA instance only in CUDA builds).
// CTest runs "*Cuda*" tests as the suite's .cuda entry (cumed_add_gtest), and a CUDA case skips
// itself (GTEST_SKIP) where no device is usable, so machines without a GPU stay green and honest.
#include "cumed/core/Backend.h"
#include "cumed/core/Device.h"

#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <vector>

/// First statement of a test that needs a usable CUDA device (the CUDA-only tests of a *Cuda*
/// suite); it skips with the reason the device probe gives.
#define CUMED_SKIP_WITHOUT_CUDA()                                                                  \
  if (!cumed::CudaUsable()) GTEST_SKIP() << "no usable CUDA device: " << cumed::DescribeDevices()

namespace cumed::test {

/// A test parameterised by (backend, other parameters...); skips CUDA cases without a device.
template <class... TParams>
class BackendTest : public ::testing::TestWithParam<std::tuple<Backend, TParams...>> {
protected:
  void SetUp() override {
    if (backend() == Backend::CUDA) {
      CUMED_SKIP_WITHOUT_CUDA();
    }
  }
  Backend backend() const { return std::get<0>(this->GetParam()); }
  /// The other parameters, without the backend.
  template <std::size_t I> auto param() const { return std::get<I + 1>(this->GetParam()); }
};

/// {CUDA} in a CUDA build, {} in a CPU-only one (so no CUDA case is even registered there).
inline std::vector<Backend> CudaIfBuilt() {
  return CudaBackendBuilt() ? std::vector<Backend>{Backend::CUDA} : std::vector<Backend>{};
}

/// The case name of a suite parameterised by the backend alone: "cpu" or "cuda".
inline std::string BackendName(const ::testing::TestParamInfo<std::tuple<Backend>>& info) {
  return ToString(std::get<0>(info.param));
}

} // namespace cumed::test

/// Instantiates Suite for the CPU and, when CuMed was built with CUDA, the CUDA backend, with the
/// other parameters' generators after `name` (each one generator, combined as testing::Combine
/// does).
#define CUMED_INSTANTIATE_FOR_EVERY_BACKEND(Suite, name, ...)                                      \
  INSTANTIATE_TEST_SUITE_P(                                                                        \
      Cpu, Suite, testing::Combine(testing::Values(cumed::Backend::CPU), __VA_ARGS__), name);      \
  INSTANTIATE_TEST_SUITE_P(                                                                        \
      Cuda, Suite, testing::Combine(testing::ValuesIn(cumed::test::CudaIfBuilt()), __VA_ARGS__),   \
      name)

/// The same for a BackendTest<> (the backend its only parameter): "Cpu/Suite.Test/cpu" and, in a
/// CUDA build, "Cuda/Suite.Test/cuda".
#define CUMED_INSTANTIATE_ON_EVERY_BACKEND(Suite)                                                  \
  INSTANTIATE_TEST_SUITE_P(Cpu, Suite, testing::Combine(testing::Values(cumed::Backend::CPU)),     \
                           cumed::test::BackendName);                                              \
  INSTANTIATE_TEST_SUITE_P(Cuda, Suite,                                                            \
                           testing::Combine(testing::ValuesIn(cumed::test::CudaIfBuilt())),        \
                           cumed::test::BackendName)
