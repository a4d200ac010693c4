// The real thoracic CT (../shared/data/ct/popi-phase00, 512 x 512 x 141 int16 HU, read with
// CuMed's DICOM reader, its geometry included): bone (300 HU) and skin/lung (-400 HU) in one call
// with normals, against vtkFlyingEdges3D on the same image: same counts, every point within 1e-4
// voxel, the same triangles, normals within 1e-4.
#include "MeshChecks.h"
#include "TestVolumes.h"
#include "VtkOrderChecks.h"
#include "VtkReference.h"
#include "cumed/io/DicomSeriesReader.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <memory>

namespace {

using namespace cumed::surface;
using namespace cumed::surface::test;

const std::vector<double> kValues{300.0, -400.0};

struct LoadedCt {
  Volume<std::int16_t> volume;
  SurfaceMesh vtk; ///< vtkFlyingEdges3D's, computed once for both backends
};

const LoadedCt* LoadOnce() {
  static const std::unique_ptr<LoadedCt> loaded = []() -> std::unique_ptr<LoadedCt> {
    const char* source = std::getenv("CUMED_SOURCE_DIR");
    if (!source) return nullptr;
    const auto directory =
        std::filesystem::path(source) / ".." / "shared" / "data" / "ct" / "popi-phase00";
    if (!std::filesystem::is_directory(directory)) return nullptr;
    auto ct = std::make_unique<LoadedCt>();
    const auto series = cumed::io::ReadDicomCtSeries(directory.string());
    const auto& image = *series.image;
    auto& g = ct->volume.geometry;
    const auto size = image.GetLargestPossibleRegion().GetSize();
    for (int r = 0; r < 3; ++r) {
      g.size[r] = size[r];
      g.spacing[r] = image.GetSpacing()[r];
      g.origin[r] = image.GetOrigin()[r];
      for (int c = 0; c < 3; ++c) g.direction[3 * r + c] = image.GetDirection()[r][c];
    }
    ct->volume.data.assign(image.GetBufferPointer(), image.GetBufferPointer() + g.numberOfPixels());
    ct->vtk = VtkFlyingEdges(ct->volume.view(), {kValues, true, false, {}});
    return ct;
  }();
  return loaded.get();
}

void ExpectLikeVtk(cumed::Backend backend) {
  const LoadedCt* ct = LoadOnce();
  if (!ct) GTEST_SKIP() << "real CT not found: ../shared/data/ct/popi-phase00 beside the checkout";
  ASSERT_EQ(ct->volume.geometry.size, (Size3{512, 512, 141}));
  IsosurfaceOptions options;
  options.values = kValues;
  options.computeNormals = true;
  const SurfaceMesh mesh = Extract(ct->volume.view(), options, backend);
  EXPECT_GT(mesh.triangleOffsets[1], 500000) << "bone at 300 HU";
  EXPECT_GT(mesh.triangleOffsets[2] - mesh.triangleOffsets[1], 500000) << "skin/lung at -400 HU";
  EXPECT_TRUE(ValidTriangles(mesh));
  MatchTolerances tolerances;
  tolerances.position = 1e-4 * MinSpacing(ct->volume.geometry);
  EXPECT_TRUE(MatchesReference(mesh, ct->vtk, tolerances));
  EXPECT_TRUE(SameAsVtkInOrder(mesh, ct->vtk, InOrderTolerances{})); // point for point
}

class RealCt : public cumed::test::BackendTest<> {};

TEST_P(RealCt, BoneAndSkinWithNormalsLikeVtkFlyingEdges) {
  ExpectLikeVtk(backend());
}
CUMED_INSTANTIATE_ON_EVERY_BACKEND(RealCt);

} // namespace
