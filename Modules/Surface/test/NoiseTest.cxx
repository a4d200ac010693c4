// Uniform noise contoured at its median: about 2.4 triangles per cell, every case of the table,
// millions of tiny triangles. On the CPU (about 1.4M triangles) against vtkFlyingEdges3D, and on
// CUDA 256^3 (about 40M triangles) against the CPU, bit for bit.
#include "MeshChecks.h"
#include "TestVolumes.h"
#include "VtkOrderChecks.h"
#include "VtkReference.h"

#include <gtest/gtest.h>

namespace {

using namespace cumed::surface;
using namespace cumed::surface::test;

template <class T> void ExpectNoiseLikeVtk(Size3 size, double value) {
  cumed::ImageGeometry geometry;
  geometry.size = size;
  geometry.spacing = {1.0, 0.5, 2.0};
  const auto volume = NoiseField<T>(geometry, 61);
  IsosurfaceOptions options;
  options.values = {value};
  const SurfaceMesh mesh = Extract(volume.view(), options, cumed::Backend::CPU);
  const SurfaceMesh vtk = VtkFlyingEdges(volume.view(), {{value}, false, false, {}});
  const double cells = double(size[0] - 1) * (size[1] - 1) * (size[2] - 1);
  EXPECT_GT(mesh.numberOfTriangles(), 2.0 * cells);
  EXPECT_TRUE(ValidTriangles(mesh));
  MatchTolerances tolerances;
  tolerances.position = 1e-4 * MinSpacing(geometry);
  EXPECT_TRUE(MatchesReference(mesh, vtk, tolerances));
  EXPECT_TRUE(SameAsVtkInOrder(mesh, vtk, InOrderTolerances{})); // point for point
}

TEST(Noise, FloatLikeVtkFlyingEdges) {
  ExpectNoiseLikeVtk<float>({83, 79, 89}, 0.5);
}
/// Integer noise: 1/256 of the grid values equal the isovalue (coincident points).
TEST(Noise, UInt8WithTiesLikeVtkFlyingEdges) {
  ExpectNoiseLikeVtk<std::uint8_t>({61, 67, 59}, 128);
}

class NoiseCuda : public cumed::test::BackendTest<> {};

TEST_P(NoiseCuda, TensOfMillionsOfTrianglesIdenticalToCpu) {
  cumed::ImageGeometry geometry;
  geometry.size = {256, 256, 256};
  const auto volume = NoiseField<float>(geometry, 62);
  IsosurfaceOptions options;
  options.values = {0.5};
  const SurfaceMesh cuda = Extract(volume.view(), options, backend());
  EXPECT_GT(cuda.numberOfTriangles(), 30000000);
  EXPECT_TRUE(ValidTriangles(cuda));
  const SurfaceMesh cpu = Extract(volume.view(), options, cumed::Backend::CPU);
  EXPECT_EQ(cuda.numberOfPoints(), cpu.numberOfPoints());
  EXPECT_EQ(cuda.numberOfTriangles(), cpu.numberOfTriangles());
  EXPECT_TRUE(IdenticalMeshes(cuda, cpu));
}

CUMED_INSTANTIATE_ON_EVERY_ACCELERATED_BACKEND(NoiseCuda);

} // namespace
