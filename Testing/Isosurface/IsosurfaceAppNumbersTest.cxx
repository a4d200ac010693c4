// cumed-isosurface and non-finite numbers (issue 25): a float volume with NaN voxels gave NaN
// surface points with nothing said. The rule: outputs hold inf/NaN only where the input did, and
// then the summary (non_finite_voxels=, non_finite_points=, JSON too) and a warning say how many;
// a geometry whose world coordinates overflow float points is refused by the library.
#include "IsosurfaceAppSupport.h"

#include <gtest/gtest.h>

#include <vtkPoints.h>

#include <cmath>

namespace fs = std::filesystem;
using namespace cumed::isosurfacetest;

namespace {

std::int64_t NonFiniteCoordinates(vtkPolyData* surface) {
  std::int64_t bad = 0;
  for (vtkIdType i = 0; i < surface->GetNumberOfPoints(); ++i) {
    double p[3];
    surface->GetPoint(i, p);
    for (const double c : p) bad += !std::isfinite(c);
  }
  return bad;
}

TEST(IsosurfaceAppNumbers, NaNVoxelsAreCountedInTheSummaryAndWarned) {
  const fs::path work = FreshWorkDirectory();
  FloatVolume::Pointer volume = SphereVolume<FloatVolume>({{31, 27, 23}});
  float* p = volume->GetBufferPointer();
  const std::size_t n = volume->GetBufferedRegion().GetNumberOfPixels();
  int nans = 0;
  for (std::size_t v = 0; v < n; v += 211, ++nans) p[v] = std::nanf("");
  WriteVti(ToVtkImage(volume.GetPointer()), work / "nan.vti");
  // An .mha reaches VTK through the bridge as a vtkAOSDataArrayTemplate<float>, no vtkFloatArray:
  // its NaN voxels were counted as 0.
  WriteItkImage(volume.GetPointer(), work / "nan.mha");
  const RunResult mha =
      RunIsosurface({"--iso", "500", "--backend", "cpu", "--output", "mha.vtp", "nan.mha"}, work);
  ASSERT_EQ(mha.exitCode, 0) << mha.err;
  EXPECT_EQ(FieldOf(mha.out, "non_finite_voxels"), std::to_string(nans)) << mha.out;
  const RunResult run =
      RunIsosurface({"--iso", "500", "--backend", "cpu", "--output", "out.vtp", "nan.vti"}, work);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(FieldOf(run.out, "non_finite_voxels"), std::to_string(nans)) << run.out;
  const auto surface = ReadSurface(work / "out.vtp");
  EXPECT_EQ(FieldOf(run.out, "non_finite_points"), std::to_string(NonFiniteCoordinates(surface)))
      << run.out;
  EXPECT_NE(run.err.find("warning: the volume has " + std::to_string(nans) +
                         " non-finite voxels (NaN or inf)"),
            std::string::npos)
      << run.err;
}

TEST(IsosurfaceAppNumbers, AFiniteVolumeSaysNothingAndGivesFinitePoints) {
  const fs::path work = FreshWorkDirectory();
  FloatVolume::Pointer volume = SphereVolume<FloatVolume>({{31, 27, 23}});
  WriteVti(ToVtkImage(volume.GetPointer()), work / "ok.vti");
  const RunResult run =
      RunIsosurface({"--iso", "500", "--backend", "cpu", "--output", "out.vtp", "ok.vti"}, work);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(FieldOf(run.out, "non_finite_voxels"), "") << run.out;
  EXPECT_EQ(NonFiniteCoordinates(ReadSurface(work / "out.vtp")), 0);
}

TEST(IsosurfaceAppNumbers, CoordinatesBeyondFloatAreRefusedNamingTheField) {
  const fs::path work = FreshWorkDirectory();
  FloatVolume::Pointer volume = SphereVolume<FloatVolume>({{31, 27, 23}});
  auto image = ToVtkImage(volume.GetPointer());
  image->SetOrigin(1e35, 0, 0);
  WriteVti(image, work / "far.vti");
  const RunResult run =
      RunIsosurface({"--iso", "500", "--backend", "cpu", "--output", "out.vtp", "far.vti"}, work);
  EXPECT_NE(run.exitCode, 0) << run.out;
  EXPECT_NE(run.err.find("origin[0] = 1e+35 is outside -1e+30..1e+30"), std::string::npos)
      << run.err;
  EXPECT_FALSE(fs::exists(work / "out.vtp"));
}

} // namespace
