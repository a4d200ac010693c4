// The exclusive scans that turn counts into offsets: ExclusiveScanHost against std::exclusive_scan;
// ExclusiveScanDevice (uint32 -> uint64, and uint32 -> uint32 wrapping modulo 2^32) and
// ExclusiveScanMultiDevice against the host, on odd lengths up to 2^31 - 1 elements (8 GiB in,
// 16 GiB out; checked chunk by chunk so the host never holds the whole array).
#include "TestVolumes.h"
#include "cumed/core/Config.h"
#include "cumed/core/DeviceBuffer.h"
#include "cumed/core/Transfer.h"
#include "cumed/surface/ExclusiveScan.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

#if CUMED_WITH_CUDA
#include <cuda_runtime.h>
#endif

namespace {

using namespace cumed::surface;

/// Full-range 32-bit values from a hash of the index (so chunks can be regenerated anywhere).
std::uint32_t ValueAt(std::uint64_t i, std::uint64_t seed) {
  std::uint64_t h = (i + seed * 0x9e3779b97f4a7c15ull) * 0xbf58476d1ce4e5b9ull;
  h ^= h >> 31;
  h *= 0x94d049bb133111ebull;
  return static_cast<std::uint32_t>(h >> 32);
}

std::vector<std::uint32_t> Values(std::size_t n, std::uint64_t seed, std::uint64_t first = 0) {
  std::vector<std::uint32_t> values(n);
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < static_cast<std::int64_t>(n); ++i)
    values[i] = ValueAt(first + i, seed);
  return values;
}

template <class Out> std::vector<Out> HostScan(const std::vector<std::uint32_t>& in, Out& total) {
  std::vector<Out> out(in.size());
  std::exclusive_scan(in.begin(), in.end(), out.begin(), Out{0});
  total = in.empty() ? Out{0} : static_cast<Out>(out.back() + in.back());
  return out;
}

const std::size_t kLengths[] = {0, 1, 3, 1023, 65535, 65536, 65537, 1000003};

TEST(ScanHost, EqualsStdExclusiveScan) {
  for (std::size_t n : kLengths) {
    const auto in = Values(n, n);
    std::uint64_t expectedTotal = 0;
    const auto expected = HostScan<std::uint64_t>(in, expectedTotal);
    std::vector<std::uint64_t> out(n, ~0ull);
    EXPECT_EQ(ExclusiveScanHost(in.data(), out.data(), n), expectedTotal) << "length " << n;
    EXPECT_TRUE(out == expected) << "length " << n;
  }
}

template <class Out> std::vector<Out> Download(const cumed::DeviceBuffer& buffer, std::size_t n) {
  std::vector<Out> host(n);
  if (n > 0) cumed::CopyDeviceToHost(host.data(), buffer.data(), n * sizeof(Out));
  return host;
}

cumed::DeviceBuffer Upload(const std::vector<std::uint32_t>& values) {
  cumed::DeviceBuffer buffer(std::max<std::size_t>(1, values.size()) * sizeof(std::uint32_t));
  if (!values.empty())
    cumed::CopyHostToDevice(buffer.data(), values.data(), values.size() * sizeof(std::uint32_t));
  return buffer;
}

template <class Out> void ExpectDeviceScanEqualsHost(std::size_t n) {
  SCOPED_TRACE(testing::Message() << "length " << n << ", " << 8 * sizeof(Out) << "-bit sums");
  const auto in = Values(n, 100 + n);
  Out expectedTotal = 0;
  const auto expected = HostScan<Out>(in, expectedTotal);
  const cumed::DeviceBuffer deviceIn = Upload(in);
  cumed::DeviceBuffer deviceOut(n * sizeof(Out));
  EXPECT_EQ(ExclusiveScanDevice(deviceIn.as<std::uint32_t>(), deviceOut.as<Out>(), n),
            expectedTotal);
  const auto out = Download<Out>(deviceOut, n);
  const auto mismatch = std::mismatch(out.begin(), out.end(), expected.begin());
  EXPECT_TRUE(mismatch.first == out.end())
      << "first difference at " << (mismatch.first - out.begin()) << ": " << *mismatch.first
      << ", host " << *mismatch.second;
}

const std::size_t kDeviceLengths[] = {1, 3, 1023, 1024, 1025, 65537, 1000003, 16777217};

/// The device scans, on every accelerated backend (device buffers, as only a device backend has).
class ScanCuda : public cumed::test::BackendTest<> {};

TEST_P(ScanCuda, DeviceToUInt64EqualsHost) {
  for (std::size_t n : kDeviceLengths) ExpectDeviceScanEqualsHost<std::uint64_t>(n);
}

TEST_P(ScanCuda, DeviceToUInt32WrapsLikeHost) {
  for (std::size_t n : kDeviceLengths) ExpectDeviceScanEqualsHost<std::uint32_t>(n);
}

TEST_P(ScanCuda, DeviceToUInt64OnTwoToThe31MinusOneElements) {
  const std::size_t n = (std::size_t{1} << 31) - 1;
  std::size_t freeBytes = 0, totalBytes = 0;
  cumed::QueryDeviceMemory(freeBytes, totalBytes);
  const std::size_t needed = n * (sizeof(std::uint32_t) + sizeof(std::uint64_t));
  if (freeBytes < needed + (std::size_t{2} << 30))
    GTEST_SKIP() << "needs " << (needed >> 20) << " MiB of device memory plus 2 GiB, "
                 << (freeBytes >> 20) << " MiB free";
  const std::uint64_t seed = 7;
  const std::size_t chunk = std::size_t{1} << 26; // 256 MiB of input per host chunk
  cumed::DeviceBuffer deviceIn(n * sizeof(std::uint32_t));
  for (std::size_t first = 0; first < n; first += chunk) {
    const auto values = Values(std::min(chunk, n - first), seed, first);
    cumed::CopyHostToDevice(deviceIn.as<std::uint32_t>() + first, values.data(),
                            values.size() * sizeof(std::uint32_t));
  }
  std::uint64_t total = 0;
  {
    cumed::DeviceBuffer deviceOut(n * sizeof(std::uint64_t));
    total = ExclusiveScanDevice(deviceIn.as<std::uint32_t>(), deviceOut.as<std::uint64_t>(), n);
    deviceIn = cumed::DeviceBuffer(); // free the input before the check
    std::uint64_t running = 0, mismatches = 0, firstMismatch = n;
    std::vector<std::uint64_t> out(chunk);
    for (std::size_t first = 0; first < n; first += chunk) {
      const std::size_t count = std::min(chunk, n - first);
      cumed::CopyDeviceToHost(out.data(), deviceOut.as<std::uint64_t>() + first,
                              count * sizeof(std::uint64_t));
      for (std::size_t i = 0; i < count; ++i) {
        if (out[i] != running && mismatches++ == 0) firstMismatch = first + i;
        running += ValueAt(first + i, seed);
      }
    }
    EXPECT_EQ(mismatches, 0u) << "first at " << firstMismatch;
    EXPECT_EQ(total, running);
  }
  EXPECT_GT(total, std::uint64_t{1} << 32) << "the sums need 64 bits";
}

/// Parts of one array, each in its own buffers on `devices[p % devices.size()]`.
void ExpectMultiDeviceEqualsHost(const std::vector<std::size_t>& lengths,
                                 const std::vector<int>& devices) {
  const std::size_t n = std::accumulate(lengths.begin(), lengths.end(), std::size_t{0});
  const auto in = Values(n, 900 + n);
  std::uint64_t expectedTotal = 0;
  const auto expected = HostScan<std::uint64_t>(in, expectedTotal);
  struct Buffers {
    cumed::DeviceBuffer in, out;
  };
  std::vector<Buffers> buffers;
  std::vector<DeviceScanPart> parts;
  std::size_t first = 0;
  for (std::size_t p = 0; p < lengths.size(); ++p) {
    const int device = devices[p % devices.size()];
#if CUMED_WITH_CUDA
    cudaSetDevice(device);
#endif
    const std::vector<std::uint32_t> part(in.begin() + first, in.begin() + first + lengths[p]);
    buffers.push_back({Upload(part), cumed::DeviceBuffer(lengths[p] * sizeof(std::uint64_t))});
    parts.push_back({device, buffers.back().in.as<std::uint32_t>(),
                     buffers.back().out.as<std::uint64_t>(), lengths[p]});
    first += lengths[p];
  }
#if CUMED_WITH_CUDA
  cudaSetDevice(devices[0]);
#endif
  EXPECT_EQ(ExclusiveScanMultiDevice(parts), expectedTotal);
  first = 0;
  for (std::size_t p = 0; p < parts.size(); ++p) {
#if CUMED_WITH_CUDA
    cudaSetDevice(parts[p].device);
#endif
    const auto out = Download<std::uint64_t>(buffers[p].out, lengths[p]);
    EXPECT_TRUE(std::equal(out.begin(), out.end(), expected.begin() + first))
        << "part " << p << " on device " << parts[p].device;
    first += lengths[p];
    buffers[p] = Buffers{}; // freed on its own device
  }
#if CUMED_WITH_CUDA
  cudaSetDevice(devices[0]);
#endif
}

const std::vector<std::size_t> kPartLengths{5, 1000003, 1, 65536, 4097};

TEST_P(ScanCuda, MultiDeviceWithPartsOnOneDevice) {
  ExpectMultiDeviceEqualsHost(kPartLengths, {cumed::ProbeDevices().devices[0].index});
}

TEST_P(ScanCuda, MultiDeviceOnEveryDevice) {
  std::vector<int> devices;
  for (const auto& d : cumed::ProbeDevices().devices) devices.push_back(d.index);
  if (devices.size() < 2) GTEST_SKIP() << "one CUDA device: covered by the one-device test";
  ExpectMultiDeviceEqualsHost(kPartLengths, devices);
}

CUMED_INSTANTIATE_ON_EVERY_ACCELERATED_BACKEND(ScanCuda);

} // namespace
