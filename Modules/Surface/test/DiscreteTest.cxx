// Label volumes (touching blobs, one cut by the volume's faces) in ContourMode::Label against
// vtkDiscreteFlyingEdges3D, every label in one call: same counts, points (edge midpoints) within
// 1e-4 voxel, the same triangles, the label as scalar.
#include "MeshChecks.h"
#include "TestVolumes.h"
#include "VtkReference.h"

#include <gtest/gtest.h>

namespace {

using namespace cumed::surface;
using namespace cumed::surface::test;

template <class T>
void ExpectLikeVtkDiscrete(const std::vector<T>& labels, Size3 size, cumed::Backend backend) {
  const auto volume = LabelBlobs<T>(ObliqueGeometry(size), labels, 5);
  IsosurfaceOptions options;
  options.mode = ContourMode::Label;
  options.values.assign(labels.begin(), labels.end());
  options.values.push_back(99); // a label that does not occur
  options.computeScalars = true;
  const SurfaceMesh mesh = Extract(volume.view(), options, backend);
  const SurfaceMesh vtk = VtkDiscreteFlyingEdges(volume.view(), {options.values, false, true, {}});
  ASSERT_GT(mesh.numberOfTriangles(), 1000);
  EXPECT_TRUE(ValidTriangles(mesh));
  for (std::size_t v = 0; v + 1 < options.values.size(); ++v)
    EXPECT_GT(mesh.triangleOffsets[v + 1], mesh.triangleOffsets[v]) << "label " << labels[v];
  EXPECT_EQ(mesh.triangleOffsets.back(), mesh.triangleOffsets[labels.size()]) << "label 99";
  MatchTolerances tolerances;
  tolerances.position = 1e-4 * MinSpacing(volume.geometry);
  EXPECT_TRUE(MatchesReference(mesh, vtk, tolerances));
}

class Discrete : public cumed::test::BackendTest<> {};

TEST_P(Discrete, UInt8LabelsLikeVtkDiscreteFlyingEdges) {
  ExpectLikeVtkDiscrete<std::uint8_t>({1, 2, 3}, {45, 39, 33}, backend());
}
TEST_P(Discrete, UInt16LabelsLikeVtkDiscreteFlyingEdges) {
  ExpectLikeVtkDiscrete<std::uint16_t>({7, 300, 4000}, {71, 33, 41}, backend());
}
CUMED_INSTANTIATE_ON_EVERY_BACKEND(Discrete);

} // namespace
