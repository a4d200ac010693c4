// CuMed's isosurface against vtkFlyingEdges3D on random smooth fields of every pixel type, with
// non-trivial spacing, origin and direction (one with a reflection), several isovalues in one
// call (one of them crossing nothing), normals and scalars: the same surface as a point set, and
// the same mesh point for point in VTK's order.
//
// Why vtkFlyingEdges3D and not vtkMarchingCubes: vtkMarchingCubes merges coincident points with a
// point locator (and drops the triangles that merging makes degenerate), so its point count
// differs whenever a grid value equals the isovalue; flying edges keeps one point per intersected
// grid edge, as CuMed does. It is also the filter users swap for CuMed.
#include "MeshChecks.h"
#include "TestVolumes.h"
#include "VtkOrderChecks.h"
#include "VtkReference.h"

#include <gtest/gtest.h>

namespace {

using namespace cumed::surface;
using namespace cumed::surface::test;

struct FieldCase {
  Size3 size;
  bool reflect;
  unsigned seed;
  double lo, hi; ///< range of the field
  std::vector<double> values;
};

template <class T> FieldCase CaseFor();
template <> FieldCase CaseFor<std::uint8_t>() {
  return {{33, 47, 29}, false, 1, 10, 240, {40, 250, 128, 100.5}}; // 250: beyond the field
}
template <> FieldCase CaseFor<std::int16_t>() {
  return {{67, 45, 37}, false, 2, -1000, 2000, {-500, 0, 300, 1234.25}};
}
template <> FieldCase CaseFor<std::uint16_t>() {
  return {{95, 31, 41}, true, 3, 0, 60000, {1000, 20000, 33333.5}};
}
template <> FieldCase CaseFor<float>() {
  return {{31, 63, 53}, false, 4, -1, 1, {-0.3, 0.0, 0.25, 0.6}};
}

template <class T> void ExpectLikeVtkFlyingEdges(cumed::Backend backend) {
  const FieldCase c = CaseFor<T>();
  const auto volume = SmoothField<T>(ObliqueGeometry(c.size, c.reflect), c.seed, c.lo, c.hi);
  IsosurfaceOptions options;
  options.values = c.values;
  options.computeNormals = true;
  options.computeScalars = true;
  const SurfaceMesh mesh = Extract(volume.view(), options, backend);
  const SurfaceMesh vtk = VtkFlyingEdges(volume.view(), {c.values, true, true, {}});
  ASSERT_GT(mesh.numberOfTriangles(), 1000);
  ASSERT_TRUE(ValidTriangles(mesh));
  MatchTolerances tolerances;
  tolerances.position = 1e-4 * MinSpacing(volume.geometry);
  EXPECT_TRUE(MatchesReference(mesh, vtk, tolerances));
  // And point for point: VTK's numbering, positions, normals and scalars bit for bit.
  EXPECT_TRUE(SameAsVtkInOrder(mesh, vtk, InOrderTolerances{}));

  // Per value: VTK's count for that value alone, and the value converted to the pixel type as
  // every point's scalar.
  for (std::size_t v = 0; v < c.values.size(); ++v) {
    SCOPED_TRACE(testing::Message() << "value " << c.values[v]);
    const SurfaceMesh alone = VtkFlyingEdges(volume.view(), {{c.values[v]}, false, false, {}});
    EXPECT_EQ(mesh.pointOffsets[v + 1] - mesh.pointOffsets[v], alone.numberOfPoints());
    EXPECT_EQ(mesh.triangleOffsets[v + 1] - mesh.triangleOffsets[v], alone.numberOfTriangles());
    const float scalar = static_cast<float>(static_cast<T>(c.values[v]));
    std::int64_t wrong = 0;
    for (std::int64_t p = mesh.pointOffsets[v]; p < mesh.pointOffsets[v + 1]; ++p)
      wrong += mesh.scalars[p] != scalar;
    EXPECT_EQ(wrong, 0) << "points whose scalar is not " << scalar;
  }
}

class VsVtk : public cumed::test::BackendTest<> {};

TEST_P(VsVtk, UInt8LikeFlyingEdges) {
  ExpectLikeVtkFlyingEdges<std::uint8_t>(backend());
}
TEST_P(VsVtk, Int16LikeFlyingEdges) {
  ExpectLikeVtkFlyingEdges<std::int16_t>(backend());
}
TEST_P(VsVtk, UInt16ReflectedLikeFlyingEdges) {
  ExpectLikeVtkFlyingEdges<std::uint16_t>(backend());
}
TEST_P(VsVtk, FloatLikeFlyingEdges) {
  ExpectLikeVtkFlyingEdges<float>(backend());
}
CUMED_INSTANTIATE_ON_EVERY_BACKEND(VsVtk);

} // namespace
