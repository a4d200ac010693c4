// Arrow glyphs on every accelerated backend (the backends of cumed/test/Backends.h but the CPU:
// "Cuda/ArrowGlyphsVsCpu") against the CPU: random fields (hidden vectors of every kind among
// them) give the same points, normals, colours and triangles within 1e-5 (relative above 1 px),
// and the mesh stays on the device (nothing downloaded while it is built). Skips without a usable
// device. The empty field on every backend: ArrowGlyphsTest.cxx.
#include "cumed/piv/ArrowGlyphs.h"

#include "cumed/core/Transfer.h"
#include "cumed/test/Backends.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <tuple>

namespace {

using namespace cumed::piv;

PivField RandomField(int columns, int rows, unsigned seed) {
  std::mt19937 random(seed);
  std::uniform_real_distribution<float> displacement(-12.f, 12.f), unit(0.f, 1.f);
  PivField field;
  field.resize(columns, rows);
  field.step = 16;
  field.windowSize = 32;
  const std::uint8_t kinds[] = {Masked, MedianOutlier, MedianOutlier | Replaced, InvalidPeak};
  for (std::size_t i = 0; i < field.size(); ++i) {
    field.x[i] = 15.5f + 16.f * float(i % columns);
    field.y[i] = 15.5f + 16.f * float(i / columns);
    field.u[i] = displacement(random);
    field.v[i] = displacement(random);
    const float roll = unit(random);
    if (roll < 0.2f) field.flags[i] = kinds[i % 4];
    if (roll > 0.98f) field.u[i] = std::numeric_limits<float>::quiet_NaN();
  }
  return field;
}

void ExpectClose(const cumed::MeshArray<float>& cpu, const cumed::MeshArray<float>& cuda,
                 const char* what) {
  ASSERT_EQ(cpu.size(), cuda.size()) << what;
  std::size_t bad = 0;
  for (std::size_t k = 0; k < cpu.size(); ++k)
    if (!(std::abs(cpu[k] - cuda[k]) <= 1e-5f * std::max(1.f, std::abs(cpu[k]))) && bad++ < 5)
      ADD_FAILURE() << what << "[" << k << "]: CPU " << cpu[k] << ", CUDA " << cuda[k];
  EXPECT_EQ(bad, 0u) << what;
}

/// Parameter: the field's columns.
class ArrowGlyphsVsCpu : public cumed::test::BackendTest<int> {};

TEST_P(ArrowGlyphsVsCpu, SameMeshAsTheCpuAndNothingDownloaded) {
  const int columns = param<0>(), rows = param<0>() / 2 + 1;
  const PivField field = RandomField(columns, rows, unsigned(columns));
  std::vector<float> scalars(field.size());
  std::mt19937 random(7);
  std::uniform_real_distribution<float> value(-3.f, 40.f);
  for (float& s : scalars) s = value(random);
  ArrowGlyphOptions options;
  options.scale = 1.7f;
  options.z = -0.25f;
  options.backend = cumed::Backend::CPU;
  const ArrowGlyphs cpu = BuildArrowGlyphs(field, scalars, options);
  options.backend = backend();
  cumed::ResetTransferStats();
  const ArrowGlyphs cuda = BuildArrowGlyphs(field, scalars, options);
  EXPECT_EQ(cumed::GetTransferStats().deviceToHostCopies, 0u);
  ASSERT_EQ(cuda.backendUsed, backend());
  ASSERT_TRUE(cuda.device);
  EXPECT_EQ(cuda.device->numberOfPoints, cpu.host.numberOfPoints());
  EXPECT_EQ(cuda.device->numberOfTriangles, cpu.host.numberOfTriangles());
  EXPECT_EQ(cuda.device->pointOffsets, cpu.host.pointOffsets);
  const cumed::SurfaceMesh copy = cuda.device->toHost();
  ExpectClose(cpu.host.points, copy.points, "points");
  ExpectClose(cpu.host.normals, copy.normals, "normals");
  ASSERT_EQ(copy.attributes.size(), 1u);
  ExpectClose(cpu.host.attributes[0], copy.attributes[0], "colour scalars");
  EXPECT_TRUE(std::equal(cpu.host.triangles.begin(), cpu.host.triangles.end(),
                         copy.triangles.begin(), copy.triangles.end()));
}

CUMED_INSTANTIATE_FOR_EVERY_ACCELERATED_BACKEND(
    ArrowGlyphsVsCpu,
    [](const testing::TestParamInfo<std::tuple<cumed::Backend, int>>& info) {
      return "columns" + std::to_string(std::get<1>(info.param));
    },
    testing::Values(1, 7, 63, 257));

} // namespace
