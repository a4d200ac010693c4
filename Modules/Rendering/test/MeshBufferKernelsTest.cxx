// The interop fill's copy kernel on its own (CUDA builds only; skipped without a device): points
// and normals copied in one launch, float4 at a time where every pointer is 16-byte aligned and
// float by float otherwise, every count of floats (the tails after the last float4 included),
// with and without normals; nothing written past the count.
#include "../cuda/MeshBufferKernels.h"

#include "cumed/core/Backend.h"
#include "cumed/core/Device.h"
#include "cumed/core/DeviceBuffer.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace {

TEST(MeshBufferKernelsCuda, CopiesPointsAndNormalsAlignedOrNot) {
  if (!cumed::CudaUsable()) GTEST_SKIP() << "no usable CUDA device: " << cumed::DescribeDevices();
  for (const std::int64_t count : {1, 3, 4, 5, 7, 8, 1001, 40000}) {
    for (const int offset : {0, 1}) { // floats: 1 leaves every pointer 4 bytes off 16
      for (const bool withNormals : {false, true}) {
        const std::size_t size = static_cast<std::size_t>(count + offset + 4);
        std::vector<float> points(size), normals(size), sentinel(size, -7.0f);
        for (std::size_t i = 0; i < size; ++i) {
          points[i] = 0.5f * static_cast<float>(i) + 1.0f;
          normals[i] = -0.25f * static_cast<float>(i) - 3.0f;
        }
        cumed::DeviceBuffer pointsSrc(size * sizeof(float)), normalsSrc(size * sizeof(float));
        cumed::DeviceBuffer pointsDst(size * sizeof(float)), normalsDst(size * sizeof(float));
        pointsSrc.upload(points.data(), size * sizeof(float));
        normalsSrc.upload(normals.data(), size * sizeof(float));
        pointsDst.upload(sentinel.data(), size * sizeof(float));
        normalsDst.upload(sentinel.data(), size * sizeof(float));
        cumed::rendering::detail::LaunchCopyVertexArrays(
            pointsSrc.as<float>() + offset, pointsDst.as<float>() + offset,
            withNormals ? normalsSrc.as<float>() + offset : nullptr,
            withNormals ? normalsDst.as<float>() + offset : nullptr, count, nullptr);
        std::vector<float> gotPoints(size), gotNormals(size);
        pointsDst.download(gotPoints.data(), size * sizeof(float));
        normalsDst.download(gotNormals.data(), size * sizeof(float));
        for (std::size_t i = 0; i < size; ++i) {
          const bool inside =
              i >= static_cast<std::size_t>(offset) && i < static_cast<std::size_t>(offset + count);
          ASSERT_EQ(gotPoints[i], inside ? points[i] : -7.0f)
              << "points, count " << count << ", offset " << offset << ", float " << i;
          ASSERT_EQ(gotNormals[i], inside && withNormals ? normals[i] : -7.0f)
              << "normals " << (withNormals ? "copied" : "not asked for") << ", count " << count
              << ", offset " << offset << ", float " << i;
        }
      }
    }
  }
}

} // namespace
