// Core's staged transfers: chunk planning (runs everywhere) and, with a device, chunked uploads
// and downloads through pinned staging that must be exact, counted, and safe when stopped early.
#include "cumed/core/TransferPipeline.h"
#include "cumed/core/Backend.h"
#include "cumed/core/Device.h"
#include "cumed/core/DeviceBuffer.h"
#include "cumed/core/Error.h"
#include "cumed/core/Event.h"
#include "cumed/core/Stream.h"
#include "cumed/core/Transfer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <vector>

namespace {

constexpr std::size_t KiB = 1024, MiB = 1024 * 1024;

TEST(StagingChunks, ChunkSizeIsASixteenthWithinBounds) {
  EXPECT_EQ(cumed::StagingChunkBytes(0), 0u);
  EXPECT_EQ(cumed::StagingChunkBytes(1), 256 * KiB); // small transfers: one short chunk
  EXPECT_EQ(cumed::StagingChunkBytes(64 * MiB), 4 * MiB);
  EXPECT_EQ(cumed::StagingChunkBytes(74 * MiB + 3), 4 * MiB + 640 * KiB); // rounded up to 4 KiB
  EXPECT_EQ(cumed::StagingChunkBytes(std::size_t(4) << 30), 8 * MiB);
  for (std::size_t bytes : {std::size_t(3), 5 * MiB + 7, 77 * MiB + 1, std::size_t(3) << 30}) {
    const std::size_t chunk = cumed::StagingChunkBytes(bytes);
    EXPECT_EQ(chunk % (4 * KiB), 0u) << bytes;
    EXPECT_GE(chunk, 256 * KiB) << bytes;
    EXPECT_LE(chunk, 8 * MiB) << bytes;
  }
}

TEST(StagingChunks, ChunksCoverTheTransferInOrder) {
  const auto chunks = cumed::SplitIntoChunks(10, 4);
  ASSERT_EQ(chunks.size(), 3u);
  EXPECT_EQ(chunks[0].offset, 0u);
  EXPECT_EQ(chunks[0].bytes, 4u);
  EXPECT_EQ(chunks[1].offset, 4u);
  EXPECT_EQ(chunks[2].offset, 8u);
  EXPECT_EQ(chunks[2].bytes, 2u);
  EXPECT_EQ(cumed::SplitIntoChunks(8, 4).size(), 2u);
  EXPECT_EQ(cumed::SplitIntoChunks(3, 4).size(), 1u);
  EXPECT_TRUE(cumed::SplitIntoChunks(0, 4).empty());
  EXPECT_TRUE(cumed::SplitIntoChunks(0, 0).empty());
}

TEST(StagingChunks, ZeroChunkSizeIsRefused) {
  try {
    cumed::SplitIntoChunks(12, 0);
    FAIL() << "no exception";
  } catch (const cumed::InvalidArgument& e) {
    EXPECT_STREQ(e.what(), "transfer of 12 bytes split into chunks of 0 bytes");
  }
}

class TransferPipelineCuda : public ::testing::Test {
protected:
  void SetUp() override {
    if (!cumed::CudaUsable()) GTEST_SKIP() << "no usable CUDA device: " << cumed::DescribeDevices();
    cumed::ResetTransferStats();
  }
  static std::vector<std::uint8_t> Random(std::size_t n, unsigned seed) {
    std::vector<std::uint8_t> v(n);
    std::mt19937 random(seed);
    for (auto& x : v) x = static_cast<std::uint8_t>(random());
    return v;
  }
};

TEST_F(TransferPipelineCuda, UploadThroughStagingIsExactAndCountsEveryChunk) {
  const std::size_t bytes = 9 * MiB + 12345; // several 256 KiB..8 MiB chunks and an odd tail
  const auto host = Random(bytes, 1);
  cumed::DeviceBuffer device(bytes);
  cumed::Stream stream;
  cumed::UploadThroughStaging(device.data(), host.data(), bytes, stream);
  const auto stats = cumed::GetTransferStats();
  EXPECT_EQ(stats.hostToDeviceBytes, bytes);
  EXPECT_EQ(stats.hostToDeviceCopies,
            cumed::SplitIntoChunks(bytes, cumed::StagingChunkBytes(bytes)).size());
  std::vector<std::uint8_t> back(bytes);
  device.download(back.data(), bytes);
  EXPECT_EQ(back, host);
}

TEST_F(TransferPipelineCuda, DownloadThroughStagingFillsEveryPiece) {
  // Pieces of odd sizes, one larger than a chunk, one empty: all land where they belong.
  const std::vector<std::size_t> sizes{3 * MiB + 1, 0, 17, 700 * KiB + 3};
  std::size_t total = 0;
  for (std::size_t s : sizes) total += s;
  const auto source = Random(total, 2);
  cumed::DeviceBuffer device(total);
  device.upload(source.data(), total);
  cumed::ResetTransferStats();
  std::vector<std::vector<std::uint8_t>> hosts;
  std::vector<cumed::HostDestination> pieces;
  std::size_t offset = 0;
  for (std::size_t s : sizes) {
    hosts.emplace_back(s, 0xAB);
    pieces.push_back({hosts.back().data(), device.as<std::uint8_t>() + offset, s});
    offset += s;
  }
  cumed::Stream stream;
  cumed::DownloadThroughStaging(pieces, stream);
  offset = 0;
  for (std::size_t p = 0; p < sizes.size(); ++p) {
    EXPECT_TRUE(std::equal(hosts[p].begin(), hosts[p].end(), source.begin() + offset)) << p;
    offset += sizes[p];
  }
  EXPECT_EQ(cumed::GetTransferStats().deviceToHostBytes, total);
}

TEST_F(TransferPipelineCuda, SeparateStreamsOverlapAndStayOrdered) {
  // Slab by slab, as Morphology uses it: upload on one stream, a device copy ordered after the
  // upload by its event, the download on a third stream after the copy.
  const std::size_t slab = 300 * KiB + 11, slabs = 7, bytes = slab * slabs - 5;
  const auto host = Random(bytes, 3);
  std::vector<std::uint8_t> out(bytes, 0);
  cumed::Stream upload, compute, download;
  cumed::DeviceBuffer in(bytes), result(bytes);
  std::size_t copiedOut = 0;
  {
    cumed::TransferPipeline pipeline(slab, &upload, &download);
    pipeline.onCopiedOut([&](std::size_t b) { copiedOut += b; });
    for (std::size_t k = 0; k * slab < bytes; ++k) {
      const std::size_t first = k * slab, n = std::min(slab, bytes - first);
      pipeline.upload(in.as<std::uint8_t>() + first, host.data() + first, n).makeWait(compute);
      cumed::CopyDeviceToDevice(result.as<std::uint8_t>() + first, in.as<std::uint8_t>() + first, n,
                                &compute);
      cumed::Event done;
      done.record(compute);
      done.makeWait(download);
      pipeline.download(out.data() + first, result.as<std::uint8_t>() + first, n);
    }
    pipeline.finishDownloads();
  }
  EXPECT_EQ(out, host);
  EXPECT_EQ(copiedOut, bytes);
  const auto stats = cumed::GetTransferStats();
  EXPECT_EQ(stats.hostToDeviceCopies, slabs);
  EXPECT_EQ(stats.deviceToHostCopies, slabs);
}

TEST_F(TransferPipelineCuda, AStopFromTheCopyOutCallbackLeavesNothingInFlight) {
  const std::size_t bytes = 5 * MiB + 3, chunk = 512 * KiB;
  const auto host = Random(bytes, 4);
  cumed::DeviceBuffer device(bytes);
  device.upload(host.data(), bytes);
  std::vector<std::uint8_t> out(bytes, 0);
  cumed::Stream stream;
  int calls = 0;
  try {
    cumed::TransferPipeline pipeline(chunk, nullptr, &stream);
    pipeline.onCopiedOut([&](std::size_t) {
      if (++calls == 2) throw std::runtime_error("cancelled");
    });
    pipeline.download(out.data(), device.data(), bytes);
    pipeline.finishDownloads();
    FAIL() << "the callback's exception was lost";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "cancelled");
  }
  EXPECT_EQ(calls, 2);
  // The two chunks copied out are right; the staging memory is free again.
  EXPECT_TRUE(std::equal(out.begin(), out.begin() + 2 * chunk, host.begin()));
  cumed::UploadThroughStaging(device.data(), host.data(), bytes, stream);
}

TEST_F(TransferPipelineCuda, AnUploadOnlyPipelineRefusesDownloads) {
  cumed::Stream stream;
  cumed::TransferPipeline pipeline(KiB, &stream, nullptr);
  cumed::DeviceBuffer device(16);
  std::vector<std::uint8_t> out(16);
  EXPECT_THROW(pipeline.download(out.data(), device.data(), 16), cumed::InvalidArgument);
}

TEST_F(TransferPipelineCuda, ProcessStreamIsOnePerDevice) {
  const int device = cumed::CurrentDevice();
  EXPECT_EQ(&cumed::ProcessStream(device), &cumed::ProcessStream(device));
  EXPECT_NE(cumed::ProcessStream(device).native(), nullptr);
}

} // namespace
