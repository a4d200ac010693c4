// CUDA cases of Core: they skip without a usable device (CTest label "cuda").
#include "cumed/core/Backend.h"
#include "cumed/core/Config.h"
#include "cumed/core/Device.h"
#include "cumed/core/DeviceBuffer.h"
#include "cumed/core/Error.h"
#include "cumed/core/Image.h"
#include "cumed/core/PinnedBuffer.h"
#include "cumed/core/Stream.h"
#include "cumed/core/Transfer.h"
#include "cumed/test/Backends.h"
#if CUMED_WITH_CUDA
#include "TestKernels.h"
#endif

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

namespace {

class CudaCore : public ::testing::Test {
protected:
  void SetUp() override {
    CUMED_SKIP_WITHOUT_CUDA();
    cumed::ResetTransferStats();
  }
};

TEST_F(CudaCore, BufferRoundTripIsExactAndCounted) {
  std::vector<std::int16_t> host(100003);
  std::mt19937 random(7);
  for (auto& v : host) v = static_cast<std::int16_t>(random());
  cumed::DeviceBuffer buffer(host.size() * sizeof(std::int16_t));
  buffer.upload(host.data(), buffer.size());
  std::vector<std::int16_t> back(host.size());
  buffer.download(back.data(), buffer.size());
  EXPECT_EQ(back, host);
  const cumed::TransferStats stats = cumed::GetTransferStats();
  EXPECT_EQ(stats.hostToDeviceCopies, 1u);
  EXPECT_EQ(stats.deviceToHostCopies, 1u);
  EXPECT_EQ(stats.hostToDeviceBytes, buffer.size());
}

TEST_F(CudaCore, OversizedUploadNamesBothSizes) {
  cumed::DeviceBuffer buffer(16);
  std::vector<char> host(32);
  try {
    buffer.upload(host.data(), host.size());
    FAIL();
  } catch (const cumed::InvalidArgument& e) {
    EXPECT_STREQ(e.what(), "upload of 32 bytes into a device buffer of 16 bytes");
  }
}

TEST_F(CudaCore, ImpossibleAllocationNamesTheSize) {
  try {
    cumed::DeviceBuffer huge(std::size_t(1) << 50);
    FAIL();
  } catch (const cumed::CudaError& e) {
    EXPECT_NE(std::string(e.what()).find("cudaMalloc of 1125899906842624 bytes"), std::string::npos)
        << e.what();
  }
}

TEST_F(CudaCore, ImageStaysOnDeviceUntilAskedBack) {
  cumed::ImageGeometry g;
  g.size = {33, 17, 9};
  cumed::Image host =
      cumed::Image::Allocate(cumed::PixelType::Float32, g, cumed::MemoryLocation::Host);
  auto view = host.view<float>();
  for (std::size_t i = 0; i < g.numberOfPixels(); ++i) view.data[i] = 0.25f * i;
  cumed::Stream stream;
  cumed::Image device = host.toDevice(&stream);
  cumed::Image deviceCopy = device.clone(); // device->device: not a transfer
  cumed::Image back = deviceCopy.toHost(&stream);
  stream.synchronize();
  const auto stats = cumed::GetTransferStats();
  EXPECT_EQ(stats.hostToDeviceCopies, 1u);
  EXPECT_EQ(stats.deviceToHostCopies, 1u);
  EXPECT_EQ(device.location(), cumed::MemoryLocation::Device);
  for (std::size_t i = 0; i < g.numberOfPixels(); ++i)
    ASSERT_EQ(back.view<float>().data[i], 0.25f * i);
}

TEST_F(CudaCore, PinnedBufferIsPinnedWithADevice) {
  cumed::PinnedBuffer pinned(1 << 20);
  EXPECT_TRUE(pinned.isPinned());
  std::iota(pinned.as<int>(), pinned.as<int>() + (1 << 18), 0);
  EXPECT_EQ(pinned.as<int>()[12345], 12345);
}

#if CUMED_WITH_CUDA
TEST_F(CudaCore, KernelRunsOnAStream) {
  const std::size_t n = 1000001;
  cumed::DeviceBuffer buffer(n * sizeof(int));
  cumed::Stream stream;
  cumed::test::LaunchFill(buffer.as<int>(), n, 42, 256, stream.native());
  std::vector<int> host(n);
  buffer.download(host.data(), buffer.size(), &stream);
  stream.synchronize();
  EXPECT_EQ(std::count(host.begin(), host.end(), 42), static_cast<long>(n));
}

TEST_F(CudaCore, StreamOrderedBufferWorksWithoutDeviceSync) {
  const std::size_t n = 4099;
  cumed::Stream stream;
  std::vector<int> host(n);
  {
    cumed::DeviceBuffer buffer(n * sizeof(int), stream);
    cumed::test::LaunchFill(buffer.as<int>(), n, -3, 128, stream.native());
    buffer.download(host.data(), buffer.size(), &stream);
  } // freed on the stream, after the download
  stream.synchronize();
  EXPECT_EQ(std::count(host.begin(), host.end(), -3), static_cast<long>(n));
}

TEST_F(CudaCore, BadLaunchNamesTheKernelFileAndLine) {
  cumed::DeviceBuffer buffer(64 * sizeof(int));
  try {
    cumed::test::LaunchFill(buffer.as<int>(), 64, 1, 4096, nullptr); // 4096 > max block size
    FAIL() << "expected CudaError";
  } catch (const cumed::CudaError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("kernel 'FillKernel'"), std::string::npos) << message;
    EXPECT_NE(message.find("TestKernels.cu:"), std::string::npos) << message;
    EXPECT_NE(e.code(), 0);
  }
}
#endif

} // namespace
