// Attribute volumes interpolated at the surface points, against vtkFlyingEdges3D with
// InterpolateAttributesOn and the same float volumes as extra point-data arrays. VTK subtracts the
// two end values in float before interpolating in double (vtkArrayListTemplate), CuMed subtracts
// in double, so the values may differ in the last bits: the tolerance is a few float ulps.
#include "MeshChecks.h"
#include "TestVolumes.h"
#include "VtkReference.h"

#include <gtest/gtest.h>

namespace {

using namespace cumed::surface;
using namespace cumed::surface::test;

void ExpectAttributesLikeVtk(cumed::Backend backend) {
  const Size3 size{53, 41, 35};
  const auto geometry = ObliqueGeometry(size);
  const auto volume = SmoothField<std::int16_t>(geometry, 21, -1000, 2000);
  const auto first = SmoothField<float>(geometry, 22, -50, 100);
  const auto second = SmoothField<float>(geometry, 23, 0, 1);
  IsosurfaceOptions options;
  options.values = {150, -300.5};
  options.computeNormals = true;
  options.computeScalars = true;
  const SurfaceMesh mesh = Extract(volume.view(), options, backend, {first.view(), second.view()});
  const SurfaceMesh vtk = VtkFlyingEdges(
      volume.view(),
      {options.values, true, true, {{"first", first.data.data()}, {"second", second.data.data()}}});
  ASSERT_GT(mesh.numberOfTriangles(), 1000);
  ASSERT_EQ(mesh.attributes.size(), 2u);
  MatchTolerances tolerances;
  tolerances.position = 1e-4 * MinSpacing(geometry);
  tolerances.attribute = 1e-4; // values up to 100: 8 float ulps
  EXPECT_TRUE(MatchesReference(mesh, vtk, tolerances));
}

class Attributes : public cumed::test::BackendTest<> {};

TEST_P(Attributes, InterpolatedLikeVtkFlyingEdges) {
  ExpectAttributesLikeVtk(backend());
}
CUMED_INSTANTIATE_ON_EVERY_BACKEND(Attributes);

} // namespace
