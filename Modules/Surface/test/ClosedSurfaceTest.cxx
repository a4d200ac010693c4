// Winding::Outward and ExtractClosedSurface on every backend: on a reflected grid Outward gives
// VTK's points with every triangle's last two points swapped (on a rotation, VTK's mesh
// unchanged), the same on the CPU and the GPU; a closed surface of a block that touches the
// volume's faces is watertight and encloses a positive volume near the block's, also on a
// reflected grid and from device memory; unreachable values and values at the type's lowest are
// refused by name.
#include "MeshChecks.h"
#include "TestVolumes.h"

#include "cumed/core/Error.h"
#include "cumed/surface/ClosedSurface.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

namespace {

using namespace cumed;
using namespace cumed::surface;
using namespace cumed::surface::test;

class ClosedSurface : public cumed::test::BackendTest<> {};

TEST_P(ClosedSurface, OutwardWindingReversesOnlyReflectedGrids) {
  for (const bool reflect : {false, true}) {
    const auto volume =
        SmoothField<std::int16_t>(ObliqueGeometry({37, 29, 23}, reflect), 7u + reflect, -1000, 1000);
    IsosurfaceOptions options;
    options.values = {100.0, -250.0};
    options.computeNormals = true;
    const SurfaceMesh vtkOrder = Extract(volume.view(), options, Backend::CPU);
    options.winding = Winding::Outward;
    const SurfaceMesh outward = Extract(volume.view(), options, backend());
    ASSERT_GT(vtkOrder.numberOfTriangles(), 500);
    ASSERT_EQ(outward.points, vtkOrder.points) << "reflect " << reflect;
    ASSERT_EQ(outward.normals.size(), vtkOrder.normals.size());
    for (std::size_t i = 0; i < vtkOrder.normals.size(); ++i) {
      ASSERT_EQ(outward.normals[i], reflect ? -vtkOrder.normals[i] : vtkOrder.normals[i])
          << "reflect " << reflect << ", normal value " << i;
    }
    ASSERT_EQ(outward.triangles.size(), vtkOrder.triangles.size());
    std::int64_t different = 0;
    for (std::size_t t = 0; t < vtkOrder.triangles.size(); t += 3) {
      const std::int64_t* a = &vtkOrder.triangles[t];
      const std::int64_t* b = &outward.triangles[t];
      const bool same = reflect ? (b[0] == a[0] && b[1] == a[2] && b[2] == a[1])
                                : (b[0] == a[0] && b[1] == a[1] && b[2] == a[2]);
      different += !same;
    }
    EXPECT_EQ(different, 0) << "reflect " << reflect << ", of "
                            << vtkOrder.numberOfTriangles();
    // VTK turns the normals with the triangles on a reflected grid; Outward turns both back.
    EXPECT_EQ(TrianglesAgainstNormals(vtkOrder), 0) << "reflect " << reflect;
    EXPECT_EQ(TrianglesAgainstNormals(outward), 0) << "reflect " << reflect;
  }
}

// A block of 1000 HU in air (-1000) touching the x = 0, y = 0 and z = last faces.
Volume<std::int16_t> BlockAtTheFaces(bool reflect) {
  Volume<std::int16_t> v{ObliqueGeometry({24, 20, 16}, reflect), {}};
  const auto& n = v.geometry.size;
  v.data.assign(n[0] * n[1] * n[2], -1000);
  for (std::size_t z = 6; z < n[2]; ++z)
    for (std::size_t y = 0; y < 12; ++y)
      for (std::size_t x = 0; x < 15; ++x) v.data[(z * n[1] + y) * n[0] + x] = 1000;
  return v;
}

TEST_P(ClosedSurface, BlockAtTheFacesClosesAndFacesOut) {
  for (const bool reflect : {false, true}) {
    for (const bool onDevice : {false, true}) {
      if (onDevice && backend() != Backend::CUDA) continue;
      const auto block = BlockAtTheFaces(reflect);
      Image image = block.image();
      if (onDevice) image = image.toDevice();
      IsosurfaceOptions options;
      options.values = {0.0};
      options.computeNormals = true;
      options.backend = backend();
      ClosedSurfaceResult result = ExtractClosedSurface(image, options);
      const SurfaceMesh mesh = result.deviceMesh ? result.deviceMesh->toHost()
                                                 : std::move(result.mesh);
      EXPECT_EQ(result.voxelsInside, 15u * 12u * 10u);
      EXPECT_EQ(result.backendUsed, backend());
      EXPECT_TRUE(Watertight(mesh)) << "reflect " << reflect << " device " << onDevice;
      // Between the crossings: x from the padded face's crossing (0.03 voxels outside, the pad
      // being the lowest int16 rather than -1000) to 14.5, y likewise to 11.5, z from 5.5 to
      // 0.03 outside the last plane; marching cubes cuts a little off the edges and corners.
      const double voxel = 0.7 * 1.3 * 2.1;
      const double pad = 1.0 - 32768.0 / 33768.0; // the crossing's distance beyond the face
      const double box = (14.5 + pad) * (11.5 + pad) * (9.5 + pad) * voxel;
      const double enclosed = SignedVolume(mesh);
      EXPECT_GT(enclosed, 0.98 * box) << "reflect " << reflect << " device " << onDevice;
      EXPECT_LT(enclosed, box) << "reflect " << reflect << " device " << onDevice;
      EXPECT_EQ(TrianglesAgainstNormals(mesh), 0) << "normals face out as the triangles do";
    }
  }
}

TEST_P(ClosedSurface, RefusesValuesItCannotClose) {
  const auto block = BlockAtTheFaces(false);
  IsosurfaceOptions options;
  options.backend = backend();
  options.values = {2000.0};
  try {
    ExtractClosedSurface(block.view(), options);
    ADD_FAILURE() << "an unreachable value was accepted";
  } catch (const cumed::InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("no voxel reaches value 2000"), std::string::npos)
        << e.what();
  }
  options.values = {double(std::numeric_limits<std::int16_t>::lowest())};
  try {
    ExtractClosedSurface(block.view(), options);
    ADD_FAILURE() << "a value at the padding was accepted";
  } catch (const cumed::InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("not above the lowest int16 value -32768"),
              std::string::npos)
        << e.what();
  }
}

CUMED_INSTANTIATE_ON_EVERY_BACKEND(ClosedSurface);

} // namespace
