#include "cumed/core/Backend.h"
#include "cumed/core/Config.h"
#include "cumed/core/Device.h"
#include "cumed/core/Error.h"

#include <gtest/gtest.h>

#include <cstdlib>

namespace {

class ScopedEnvironment {
public:
  ScopedEnvironment(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old, hadOld_ = true;
    setenv(name, value, 1);
  }
  ~ScopedEnvironment() {
    if (hadOld_)
      setenv(name_, old_.c_str(), 1);
    else
      unsetenv(name_);
  }

private:
  const char* name_;
  std::string old_;
  bool hadOld_ = false;
};

TEST(Backend, ParsesNamesInAnyCase) {
  EXPECT_EQ(cumed::ParseBackend("auto"), cumed::Backend::Auto);
  EXPECT_EQ(cumed::ParseBackend("CPU"), cumed::Backend::CPU);
  EXPECT_EQ(cumed::ParseBackend("Cuda"), cumed::Backend::CUDA);
  EXPECT_STREQ(cumed::ToString(cumed::Backend::CUDA), "cuda");
}

TEST(Backend, UnknownNameIsAnErrorThatQuotesIt) {
  try {
    cumed::ParseBackend("opencl");
    FAIL() << "expected InvalidArgument";
  } catch (const cumed::InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("'opencl'"), std::string::npos) << e.what();
  }
}

TEST(Backend, BuildFlagMatchesConfig) {
  EXPECT_EQ(cumed::CudaBackendBuilt(), CUMED_WITH_CUDA == 1);
}

TEST(Backend, ProbeNeverThrowsAndExplainsAbsence) {
  const cumed::DeviceProbeResult& probe = cumed::ProbeDevices();
  if (!probe.usable) {
    EXPECT_FALSE(probe.reason.empty());
    EXPECT_NE(cumed::DescribeDevices().find("not usable"), std::string::npos);
  } else {
    EXPECT_FALSE(probe.devices.empty());
    EXPECT_GT(probe.devices[0].totalMemoryBytes, 0u);
  }
  EXPECT_EQ(&probe, &cumed::ProbeDevices()) << "the probe runs once and is cached";
}

TEST(Backend, CpuIsAlwaysAvailable) {
  EXPECT_EQ(cumed::ResolveBackend(cumed::Backend::CPU), cumed::Backend::CPU);
}

TEST(Backend, AutoPicksCudaExactlyWhenUsable) {
  const cumed::Backend expected = cumed::CudaUsable() ? cumed::Backend::CUDA : cumed::Backend::CPU;
  EXPECT_EQ(cumed::ResolveBackend(cumed::Backend::Auto), expected);
}

TEST(Backend, EnvironmentForcesCpu) {
  ScopedEnvironment force(cumed::kForceCpuEnvironmentVariable, "1");
  EXPECT_TRUE(cumed::CpuForcedByEnvironment());
  EXPECT_FALSE(cumed::CudaUsable());
  EXPECT_EQ(cumed::ResolveBackend(cumed::Backend::Auto), cumed::Backend::CPU);
  EXPECT_THROW(cumed::ResolveBackend(cumed::Backend::CUDA), cumed::CudaError);
}

TEST(Backend, ZeroDoesNotForceCpu) {
  ScopedEnvironment force(cumed::kForceCpuEnvironmentVariable, "0");
  EXPECT_FALSE(cumed::CpuForcedByEnvironment());
}

TEST(Backend, CudaRequestWithoutDeviceExplainsWhy) {
  if (cumed::CudaUsable()) GTEST_SKIP() << "a CUDA device is usable here";
  try {
    cumed::ResolveBackend(cumed::Backend::CUDA);
    FAIL() << "expected CudaError";
  } catch (const cumed::CudaError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("CUDA backend was requested"), std::string::npos) << message;
  }
}

} // namespace
