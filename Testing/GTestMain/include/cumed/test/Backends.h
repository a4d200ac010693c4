#pragma once
// Suites written once and run on every backend: a parameterised suite whose first parameter is
// the backend, instantiated as "Cpu/..." and "Cuda/..." (the CUDA instance only in CUDA builds).
// CTest runs "*Cuda*" tests as the suite's .cuda entry (cumed_add_gtest), and a CUDA case skips
// itself (GTEST_SKIP) where no device is usable, so machines without a GPU stay green and honest.
//
// Two kinds of suite, one list of backends:
//  - CUMED_INSTANTIATE_ON_EVERY_BACKEND / _FOR_EVERY_BACKEND: the algorithm's own checks (known
//    answers, references, errors), run on the CPU and on every accelerated backend alike;
//  - CUMED_INSTANTIATE_ON_EVERY_ACCELERATED_BACKEND / _FOR_EVERY_ACCELERATED_BACKEND: a backend
//    against the CPU reference on the same inputs (or what only a device backend has: device
//    residency, launch configurations), for every backend but the CPU; nothing is registered in
//    a CPU-only build.
#include "cumed/core/Backend.h"
#include "cumed/core/Device.h"

#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <vector>

/// First statement of a plain test that needs a usable CUDA device (Core's device-layer tests;
/// module suites skip through BackendTest); it skips with the reason the device probe gives.
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

/// The backends a comparison with the CPU reference runs on: every built backend but the CPU.
inline std::vector<Backend> AcceleratedBackends() {
  return CudaIfBuilt();
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

/// Instantiates Suite (a BackendTest comparing a backend with the CPU reference) for every
/// accelerated backend (AcceleratedBackends), with the other parameters' generators after `name`:
/// "Cuda/Suite.Test/..." in a CUDA build; in a CPU-only build no case, and no complaint from
/// GoogleTest about a suite without instances.
#define CUMED_INSTANTIATE_FOR_EVERY_ACCELERATED_BACKEND(Suite, name, ...)                          \
  GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(Suite);                                            \
  INSTANTIATE_TEST_SUITE_P(                                                                        \
      Cuda, Suite,                                                                                 \
      testing::Combine(testing::ValuesIn(cumed::test::AcceleratedBackends()), __VA_ARGS__), name)

/// The same for a BackendTest<>: "Cuda/Suite.Test/cuda" in a CUDA build.
#define CUMED_INSTANTIATE_ON_EVERY_ACCELERATED_BACKEND(Suite)                                      \
  GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(Suite);                                            \
  INSTANTIATE_TEST_SUITE_P(                                                                        \
      Cuda, Suite, testing::Combine(testing::ValuesIn(cumed::test::AcceleratedBackends())),        \
      cumed::test::BackendName)
