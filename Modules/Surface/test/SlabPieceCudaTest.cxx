// ExtractIsosurfaceSlab on the CUDA backend against the CPU piece of the same slab, bit for bit
// (points in the same order, the same ids, the ghost ids past the piece's points included,
// normals, scalars, attributes, offsets): random volumes of every pixel type and Label mode,
// random splits with empty slabs and slabs of one plane, planes held with just the halo or with
// surplus planes around it, from host and from device planes, with the mesh kept on the
// device, and split further over sub-slabs and every device.
#include "MeshChecks.h"
#include "TestVolumes.h"
#include "cumed/surface/SlabIsosurface.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>

namespace {

using namespace cumed;
using namespace cumed::surface;
using namespace cumed::surface::test;

/// Random slab bounds of planes [0, nz): 0 = b0 <= b1 <= ... = nz, empty slabs allowed.
std::vector<std::int64_t> RandomBounds(std::int64_t nz, std::mt19937& random) {
  const int slabs = std::uniform_int_distribution<int>(1, 6)(random);
  std::vector<std::int64_t> bounds{0, nz};
  std::uniform_int_distribution<std::int64_t> plane(0, nz);
  for (int s = 1; s < slabs; ++s) bounds.push_back(plane(random));
  std::sort(bounds.begin(), bounds.end());
  return bounds;
}

/// The pieces `backend` computes of every slab of random splits of `volume` equal the CPU's.
template <class T>
void ExpectPiecesIdenticalToCpu(Backend backend, const Volume<T>& volume,
                                const IsosurfaceOptions& request, unsigned seed,
                                const std::string& name) {
  const auto nz = static_cast<std::int64_t>(volume.geometry.size[2]);
  const auto attribute = SmoothField<float>(volume.geometry, seed + 1, -3, 3);
  const SlabHalo halo = SlabHaloOf(request);
  std::mt19937 random(seed);
  std::int64_t triangles = 0;
  for (int split = 0; split < 4; ++split) {
    const std::vector<std::int64_t> bounds = RandomBounds(nz, random);
    for (std::size_t s = 0; s + 1 < bounds.size(); ++s) {
      // The planes the slab reads, sometimes with surplus planes on either side (and at least
      // one: an image of no planes is no image, and an empty slab reads none).
      std::uniform_int_distribution<std::int64_t> surplus(0, split % 2 == 0 ? 0 : 2);
      const std::int64_t end =
          std::min<std::int64_t>(nz, bounds[s + 1] + halo.above + surplus(random));
      const std::int64_t first = std::min<std::int64_t>(
          end - 1, std::max<std::int64_t>(0, bounds[s] - halo.below - surplus(random)));
      const auto planes = PlanesOf(volume, first, end);
      const auto attributePlanes = PlanesOf(attribute, first, end);
      const VolumeSlab slab{volume.geometry, first, bounds[s], bounds[s + 1]};
      const std::string what = name + ", slab [" + std::to_string(bounds[s]) + ", " +
                               std::to_string(bounds[s + 1]) + ") from planes [" +
                               std::to_string(first) + ", " + std::to_string(end) + ")";
      IsosurfaceOptions options = request;
      options.backend = Backend::CPU;
      const SurfaceMesh cpu =
          ExtractIsosurfaceSlab(planes.view(), slab, options, {attributePlanes.view()}).mesh;
      triangles += cpu.numberOfTriangles();

      options.backend = backend;
      IsosurfaceResult fromHost =
          ExtractIsosurfaceSlab(planes.view(), slab, options, {attributePlanes.view()});
      EXPECT_EQ(fromHost.backendUsed, backend) << what;
      EXPECT_TRUE(IdenticalMeshes(fromHost.mesh, cpu)) << what << ", host planes";

      const Image devicePlanes = planes.image().toDevice();
      const Image deviceAttribute = attributePlanes.image().toDevice();
      EXPECT_TRUE(IdenticalMeshes(
          ExtractIsosurfaceSlab(devicePlanes, slab, options, {&deviceAttribute}).mesh, cpu))
          << what << ", device planes";

      options.keepOnDevice = true;
      IsosurfaceResult kept =
          ExtractIsosurfaceSlab(devicePlanes, slab, options, {&deviceAttribute});
      ASSERT_TRUE(kept.deviceMesh.has_value()) << what;
      EXPECT_EQ(kept.mesh.numberOfPoints(), 0) << what;
      EXPECT_TRUE(IdenticalMeshes(kept.deviceMesh->toHost(), cpu)) << what << ", keepOnDevice";
      options.keepOnDevice = false;

      options.numberOfSlabs = 3;
      options.numberOfDevices = 0;
      EXPECT_TRUE(IdenticalMeshes(
          ExtractIsosurfaceSlab(planes.view(), slab, options, {attributePlanes.view()}).mesh, cpu))
          << what << ", 3 sub-slabs over every device";
    }
  }
  EXPECT_GT(triangles, 100) << name << ": random pieces without a surface";
}

IsosurfaceOptions Request(std::vector<double> values, bool normals) {
  IsosurfaceOptions options;
  options.values = std::move(values);
  options.computeNormals = normals;
  options.computeScalars = true;
  return options;
}

class SlabPieceCuda : public cumed::test::BackendTest<> {};

TEST_P(SlabPieceCuda, Int16PiecesIdenticalToCpu) {
  const auto volume = SmoothField<std::int16_t>(ObliqueGeometry({45, 37, 21}), 71, -1000, 2000);
  for (const bool normals : {false, true}) {
    ExpectPiecesIdenticalToCpu(backend(), volume, Request({-200, 500.5}, normals), 72 + normals,
                               "int16, normals " + std::to_string(normals));
  }
}

TEST_P(SlabPieceCuda, OtherPixelTypesIdenticalToCpu) {
  // Rows of several words (70 points), a reflected geometry, uniform noise.
  const auto noise = NoiseField<std::uint8_t>(ObliqueGeometry({70, 19, 13}, true), 5);
  ExpectPiecesIdenticalToCpu(backend(), noise, Request({128}, true), 81, "uint8 noise");
  const auto wide = SmoothField<std::uint16_t>(ObliqueGeometry({33, 41, 17}), 82, 0, 60000);
  ExpectPiecesIdenticalToCpu(backend(), wide, Request({100, 30000}, true), 83, "uint16");
  const auto smooth = SmoothField<float>(ObliqueGeometry({29, 23, 15}), 84, -1, 1);
  ExpectPiecesIdenticalToCpu(backend(), smooth, Request({-0.5, 0.0, 0.4}, false), 85, "float");
}

TEST_P(SlabPieceCuda, LabelPiecesIdenticalToCpu) {
  const auto blobs = LabelBlobs<std::uint16_t>(ObliqueGeometry({31, 27, 19}), {5, 9, 1000}, 91);
  IsosurfaceOptions options = Request({5, 9, 1000}, true);
  options.mode = ContourMode::Label;
  ExpectPiecesIdenticalToCpu(backend(), blobs, options, 92, "uint16 labels");
}

CUMED_INSTANTIATE_ON_EVERY_ACCELERATED_BACKEND(SlabPieceCuda);

} // namespace
