// Randomized differential test of CuMed's isosurfaces against VTK, point for point in VTK's
// order, on every backend (Cpu/ and Cuda/ instances; the CUDA one skips without a device).
// 200 seeded cases per backend in CI (cumed/test/RandomCases.h prints the seed and a one-line
// reproducer of the first failing case). The parameter space drawn (RandomContourCases.h):
//  - sizes 2..40 per axis (2 and 40 often); one case in 10 has an axis of 1 point, which CuMed
//    refuses with InvalidArgument and vtkFlyingEdges3D refuses too (empty output);
//  - every pixel type CuMed contours: uint8, int16, uint16, float; smooth fields, white noise and
//    noise of 2..5 levels (grid values equal to the isovalue everywhere); float fields with NaN,
//    +inf and -inf pixels in a quarter of the cases;
//  - anisotropic spacing 0.05..4, origin within +-500, identity / rotated / rotated and reflected
//    (determinant -1) directions; 1 case in 8 unit spacing without rotation;
//  - 1..3 values: grid values exactly, integers and reals within the range, values outside it;
//  - normals and scalars on or off, 0..5 slabs (the mesh must not depend on the split);
//  - one case in 4 in Label mode against vtkDiscreteFlyingEdges3D (labels present and absent;
//    non-integer ones on float pixels; labels an integer type cannot hold, where VTK 9.1 is
//    inconsistent, are Discrete.LabelsThePixelTypeCannotHoldMatchNothing's).
// Equality asserted: the same points in the same order at bit-identical positions, the same
// triangles id for id, bit-identical scalars and normals (NaN where VTK has NaN: a zero gradient,
// NaN or infinite pixels).
#include "RandomContourCases.h"
#include "VtkOrderChecks.h"
#include "VtkReference.h"
#include "cumed/core/Error.h"

#include <vtkObject.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <sstream>
#include <string>

namespace {

using namespace cumed;
using namespace cumed::surface;
using namespace cumed::surface::test;

std::string Describe(const ImageGeometry& g, const std::string& pixel, const std::string& kind,
                     const IsosurfaceOptions& o) {
  std::ostringstream text;
  text.precision(17);
  text << pixel << " " << kind << " " << g.size[0] << "x" << g.size[1] << "x" << g.size[2]
       << " spacing " << g.spacing[0] << "," << g.spacing[1] << "," << g.spacing[2] << " det "
       << (g.direction[0] * (g.direction[4] * g.direction[8] - g.direction[5] * g.direction[7]) -
           g.direction[1] * (g.direction[3] * g.direction[8] - g.direction[5] * g.direction[6]) +
           g.direction[2] * (g.direction[3] * g.direction[7] - g.direction[4] * g.direction[6]))
       << (o.mode == ContourMode::Label ? " labels" : " values");
  for (double v : o.values) text << " " << v;
  text << (o.computeNormals ? " normals" : "") << (o.computeScalars ? " scalars" : "") << " slabs "
       << o.numberOfSlabs;
  return text.str();
}

template <class T> void RunCase(cumed::test::RandomDraw& draw, Backend backend) {
  const int flatAxis = draw.chance(0.1) ? draw.integer(0, 2) : -1;
  const ImageGeometry geometry = DrawGeometry(draw, DrawSize(draw, flatAxis));
  IsosurfaceOptions options;
  options.backend = backend;
  const bool label = draw.chance(0.25);
  std::string kind = "labels";
  const Volume<T> volume =
      label ? DrawLabelVolume<T>(draw, geometry) : DrawVolume<T>(draw, geometry, kind);
  options.mode = label ? ContourMode::Label : ContourMode::Isovalue;
  options.values = label ? DrawLabels(draw, volume.data) : DrawValues(draw, volume.data);
  options.computeNormals = draw.chance(0.5);
  options.computeScalars = draw.chance(0.5);
  options.numberOfSlabs = draw.integer(0, 5);
  SCOPED_TRACE(Describe(geometry, TypeName(PixelTypeOf<T>()), kind, options));

  const VtkContourRequest request{
      options.values, options.computeNormals, options.computeScalars, {}};
  if (flatAxis >= 0) {
    vtkObject::GlobalWarningDisplayOff(); // VTK reports its refusal as an error
    const SurfaceMesh vtk = label ? VtkDiscreteFlyingEdges(volume.view(), request)
                                  : VtkFlyingEdges(volume.view(), request);
    vtkObject::GlobalWarningDisplayOn();
    EXPECT_EQ(vtk.numberOfPoints(), 0);
    try {
      ExtractIsosurface(volume.view(), options);
      ADD_FAILURE() << "no error for a volume of one point along axis " << flatAxis;
    } catch (const InvalidArgument& error) {
      EXPECT_NE(std::string(error.what()).find("at least 2 points along every axis"),
                std::string::npos)
          << error.what();
    }
    return;
  }
  const IsosurfaceResult result = ExtractIsosurface(volume.view(), options);
  ASSERT_EQ(result.backendUsed, backend);
  const SurfaceMesh vtk = label ? VtkDiscreteFlyingEdges(volume.view(), request)
                                : VtkFlyingEdges(volume.view(), request);
  EXPECT_TRUE(SameAsVtkInOrder(result.mesh, vtk, InOrderTolerances{}));
}

void RunRandomCase(cumed::test::RandomDraw& draw, Backend backend) {
  switch (draw.integer(0, 3)) {
  case 0:
    RunCase<std::uint8_t>(draw, backend);
    break;
  case 1:
    RunCase<std::int16_t>(draw, backend);
    break;
  case 2:
    RunCase<std::uint16_t>(draw, backend);
    break;
  default:
    RunCase<float>(draw, backend);
    break;
  }
}

class RandomizedVsVtk : public cumed::test::BackendTest<> {};

TEST_P(RandomizedVsVtk, SamePointsInVtkOrderAndSameTriangles) {
  cumed::test::ForEachRandomCase(
      200, [&](cumed::test::RandomDraw& draw) { RunRandomCase(draw, backend()); });
}

// Cases the randomized run found, replayed by their case seed (CUMED_RANDOM_CASE_SEED; the draws
// of RandomContourCases.h as of this test: a change there gives these seeds other cases, so
// re-derive them from the descriptions).
TEST_P(RandomizedVsVtk, CasesFoundBefore) {
  const struct {
    std::uint64_t seed;
    const char* what;
  } found[] = {
      // Normals 1-4 float ulps off: the gradient's length was taken in double, VTK 9.1's
      // vtkMath::Normalize(float*) takes it in float; vtkImageTransform's 1/length in double.
      {0x5b3efafd72d90413ull, "float noise 3x36x35, 3 values, normals, 3 slabs"},
      {0xedeb280bef412b3bull, "float noise 30x40x31, 2 values, normals, 4 slabs"},
      {0x0492f52f147c76fbull, "int16 levels2 38x40x3, 3 values, normals, 5 slabs"},
      // One float ulp off where the direction's determinant is not exactly -1: GCC 12's SLP
      // vectorizer dropped a float rounding (RoundedToFloat in PointAttributes.h).
      {0x2bc67d045086dd97ull, "uint8 levels5 35x40x35 reflected, 3 values, normals, 5 slabs"},
  };
  for (const auto& c : found) {
    SCOPED_TRACE(c.what);
    cumed::test::RandomDraw draw(c.seed);
    RunRandomCase(draw, backend());
  }
}
CUMED_INSTANTIATE_ON_EVERY_BACKEND(RandomizedVsVtk);

} // namespace
