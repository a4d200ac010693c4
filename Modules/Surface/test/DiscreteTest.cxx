// Label volumes (touching blobs, one cut by the volume's faces) in ContourMode::Label against
// vtkDiscreteFlyingEdges3D, every label in one call: same counts, points (edge midpoints) within
// 1e-4 voxel, the same triangles, the label as scalar.
#include "MeshChecks.h"
#include "TestVolumes.h"
#include "VtkOrderChecks.h"
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
  EXPECT_TRUE(SameAsVtkInOrder(mesh, vtk, InOrderTolerances{}));
}

class Discrete : public cumed::test::BackendTest<> {};

TEST_P(Discrete, UInt8LabelsLikeVtkDiscreteFlyingEdges) {
  ExpectLikeVtkDiscrete<std::uint8_t>({1, 2, 3}, {45, 39, 33}, backend());
}
TEST_P(Discrete, UInt16LabelsLikeVtkDiscreteFlyingEdges) {
  ExpectLikeVtkDiscrete<std::uint16_t>({7, 300, 4000}, {71, 33, 41}, backend());
}
// A label the pixel type cannot hold (a non-integer or out-of-range label on integer pixels)
// matches no pixel: an empty surface. vtkDiscreteFlyingEdges3D 9.1 gives partial, open surfaces
// for such labels (on int16, label 2.5 around a single voxel of 2 gives 5 points instead of
// none or 6), so this is where CuMed differs from it on purpose (surface.md).
TEST_P(Discrete, LabelsThePixelTypeCannotHoldMatchNothing) {
  const auto volume = LabelBlobs<std::int16_t>(ObliqueGeometry({21, 17, 13}), {2, 3}, 7);
  IsosurfaceOptions options;
  options.mode = ContourMode::Label;
  options.values = {2.5, 2.0, 40000.0, -2.5, 3.0};
  const SurfaceMesh mesh = Extract(volume.view(), options, backend());
  const auto& p = mesh.pointOffsets;
  EXPECT_EQ(p[1] - p[0], 0) << "label 2.5";
  EXPECT_GT(p[2] - p[1], 0) << "label 2";
  EXPECT_EQ(p[3] - p[2], 0) << "label 40000";
  EXPECT_EQ(p[4] - p[3], 0) << "label -2.5";
  EXPECT_GT(p[5] - p[4], 0) << "label 3";
  const auto bytes = LabelBlobs<std::uint8_t>(ObliqueGeometry({21, 17, 13}), {2, 3}, 7);
  options.values = {258.0, -254.0}; // 2 and 3 modulo 256: no wrap-around
  EXPECT_EQ(Extract(bytes.view(), options, backend()).numberOfPoints(), 0);
}
CUMED_INSTANTIATE_ON_EVERY_BACKEND(Discrete);

} // namespace
