// Volumes through cumed-isosurface: each surface file, read back, has the points and triangles of
// vtkFlyingEdges3D (vtkDiscreteFlyingEdges3D for --labels) on the same voxels and geometry, and
// the summary line tells what ran.
#include "IsosurfaceAppSupport.h"

#include "cumed/io/DicomSeriesReader.h"

#include <gtest/gtest.h>
#include <vtkCellArray.h>
#include <vtkDataArray.h>
#include <vtkPointData.h>

#include <cmath>
#include <set>

namespace fs = std::filesystem;
using namespace cumed::isosurfacetest;

namespace {

// Same size, and (for formats that keep them) the same points and bounds as `reference`.
void ExpectSameSurface(vtkPolyData* surface, vtkPolyData* reference, const RunResult& run) {
  ASSERT_GT(reference->GetNumberOfPolys(), 200) << "the test volume should give a surface";
  EXPECT_EQ(surface->GetNumberOfPolys(), reference->GetNumberOfPolys());
  EXPECT_EQ(surface->GetNumberOfPoints(), reference->GetNumberOfPoints());
  EXPECT_EQ(FieldOf(run.out, "triangles"), std::to_string(reference->GetNumberOfPolys()));
  EXPECT_EQ(FieldOf(run.out, "points"), std::to_string(reference->GetNumberOfPoints()));
  double a[6], b[6];
  surface->GetBounds(a);
  reference->GetBounds(b);
  for (int i = 0; i < 6; ++i) EXPECT_NEAR(a[i], b[i], 1e-4) << "bound " << i;
}

TEST(IsosurfaceAppRoundTrip, Int16MhaToVtpEqualsVtkFlyingEdges3D) {
  const fs::path work = FreshWorkDirectory();
  const auto volume = SphereVolume<Int16Volume>({{31, 27, 23}});
  WriteItkImage(volume.GetPointer(), work / "sphere.mha");
  const RunResult run = RunIsosurface(
      {"--iso", "500.5", "--backend", "cpu", "--output", "sphere.vtp", "sphere.mha"}, work);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(FieldOf(run.out, "backend"), "cpu") << run.out;
  EXPECT_EQ(FieldOf(run.out, "pixel"), "int16") << run.out;
  EXPECT_EQ(FieldOf(run.out, "size"), "31x27x23") << run.out;
  EXPECT_EQ(FieldOf(run.out, "iso"), "500.5") << run.out;
  EXPECT_EQ(FieldOf(run.out, "normals"), "on") << run.out;
  EXPECT_EQ(FieldOf(run.out, "output"), "\"sphere.vtp\"") << run.out;

  const auto surface = ReadSurface(work / "sphere.vtp");
  ExpectSameSurface(surface, VtkReference(ToVtkImage(volume.GetPointer()), {500.5}), run);
  vtkDataArray* normals = surface->GetPointData()->GetNormals();
  ASSERT_NE(normals, nullptr) << "normals are on by default for --iso";
  EXPECT_EQ(normals->GetNumberOfTuples(), surface->GetNumberOfPoints());
  EXPECT_EQ(surface->GetPointData()->GetScalars(), nullptr) << "one value: no scalars";
}

TEST(IsosurfaceAppRoundTrip, FloatVtiToStlEqualsVtkFlyingEdges3D) {
  const fs::path work = FreshWorkDirectory();
  const auto image = ToVtkImage(SphereVolume<FloatVolume>({{25, 30, 19}}).GetPointer());
  WriteVti(image, work / "sphere.vti");
  const RunResult run =
      RunIsosurface({"--iso=300.25", "--output=out/sphere.stl", "sphere.vti"}, work);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(FieldOf(run.out, "pixel"), "float") << run.out;
  EXPECT_EQ(FieldOf(run.out, "backend"), "cpu") << run.out; // auto, without a GPU here
  // vtkSTLReader merges the points of the triangles again: the welded mesh comes back.
  ExpectSameSurface(ReadSurface(work / "out" / "sphere.stl"), VtkReference(image, {300.25}), run);
}

TEST(IsosurfaceAppRoundTrip, UInt8NrrdLabelsToPlyEqualVtkDiscreteFlyingEdges3D) {
  const fs::path work = FreshWorkDirectory();
  const auto labels = TwoBallLabels();
  WriteItkImage(labels.GetPointer(), work / "labels.nrrd");
  const RunResult run =
      RunIsosurface({"--labels", "1,2", "--output", "labels.ply", "labels.nrrd"}, work);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(FieldOf(run.out, "labels"), "1,2") << run.out;
  EXPECT_EQ(FieldOf(run.out, "normals"), "off") << run.out;
  EXPECT_EQ(FieldOf(run.out, "pixel"), "uint8") << run.out;
  ExpectSameSurface(ReadSurface(work / "labels.ply"),
                    VtkReference(ToVtkImage(labels.GetPointer()), {1.0, 2.0}, true), run);
}

TEST(IsosurfaceAppRoundTrip, SeveralIsovaluesCarryTheirValuePerPoint) {
  const fs::path work = FreshWorkDirectory();
  const auto volume = SphereVolume<Int16Volume>({{31, 27, 23}});
  WriteItkImage(volume.GetPointer(), work / "sphere.nii.gz");
  const RunResult run = RunIsosurface({"--iso", "200.5,700.5", "--no-normals", "--slabs", "3",
                                       "--output", "shells.vtp", "sphere.nii.gz"},
                                      work);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(FieldOf(run.out, "iso"), "200.5,700.5") << run.out;
  const auto surface = ReadSurface(work / "shells.vtp");
  ExpectSameSurface(surface, VtkReference(ToVtkImage(volume.GetPointer()), {200.5, 700.5}), run);
  EXPECT_EQ(surface->GetPointData()->GetNormals(), nullptr);
  vtkDataArray* scalars = surface->GetPointData()->GetScalars();
  ASSERT_NE(scalars, nullptr);
  EXPECT_EQ(scalars->GetDataType(), VTK_SHORT) << "typed like the input";
  std::set<double> values;
  for (vtkIdType i = 0; i < scalars->GetNumberOfTuples(); ++i) values.insert(scalars->GetTuple1(i));
  EXPECT_EQ(values, (std::set<double>{200.0, 700.0})) << "int16 holds the values cast to int16";
}

TEST(IsosurfaceAppRoundTrip, DoubleMhaIsReadAsFloatAndSaysSo) {
  const fs::path work = FreshWorkDirectory();
  const auto volume = SphereVolume<DoubleVolume>({{21, 19, 17}});
  WriteItkImage(volume.GetPointer(), work / "real.mha");
  const RunResult run = RunIsosurface({"--iso", "600.5", "--output", "real.vtp", "real.mha"}, work);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_NE(run.err.find("note: INPUT pixel type double read as float"), std::string::npos)
      << run.err;
  EXPECT_EQ(FieldOf(run.out, "pixel"), "float") << run.out;
  EXPECT_EQ(FieldOf(run.out, "backend"), "cpu") << run.out;
  // The values are whole numbers, which float holds exactly: VTK on the doubles is the reference.
  ExpectSameSurface(ReadSurface(work / "real.vtp"),
                    VtkReference(ToVtkImage(volume.GetPointer()), {600.5}), run);
}

TEST(IsosurfaceAppRoundTrip, DicomSeriesInPatientCoordinates) {
  const fs::path phantom = PhantomDirectory();
  ASSERT_TRUE(fs::is_directory(phantom)) << "phantom series '" << phantom << "' is missing";
  const fs::path work = FreshWorkDirectory();
  const RunResult run =
      RunIsosurface({"--iso", "300", "--output", "bone.vtp", phantom.string()}, work);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(FieldOf(run.out, "pixel"), "int16") << run.out;
  const auto series = cumed::io::ReadDicomCtSeries(phantom.string());
  ExpectSameSurface(ReadSurface(work / "bone.vtp"),
                    VtkReference(ToVtkImage(series.image.GetPointer()), {300.0}), run);
}

} // namespace

namespace {

// The volume a surface encloses by the divergence theorem: positive when its triangles face
// outward (their right-hand normals point out).
double SignedVolume(vtkPolyData* surface) {
  double sum = 0.0;
  vtkCellArray* polys = surface->GetPolys();
  vtkIdType count = 0;
  const vtkIdType* ids = nullptr;
  polys->InitTraversal();
  while (polys->GetNextCell(count, ids)) {
    double a[3], b[3], c[3];
    surface->GetPoint(ids[0], a);
    surface->GetPoint(ids[1], b);
    surface->GetPoint(ids[2], c);
    sum += a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) +
           a[2] * (b[0] * c[1] - b[1] * c[0]);
  }
  return sum / 6.0;
}

} // namespace

// --closed (cumed::surface::ExtractClosedSurface through vtkCuMedFlyingEdges3D::ClosedSurface): on
// a grid whose direction is a reflection, VTK's order encloses a negative volume and --closed the
// same volume positive; where the surface touches no face, the triangles are VTK's otherwise.
TEST(IsosurfaceAppRoundTrip, ClosedSurfacesFaceOutwardAlsoOnAReflectedGrid) {
  const fs::path work = FreshWorkDirectory();
  auto volume = SphereVolume<Int16Volume>({{31, 27, 23}});
  auto direction = volume->GetDirection();
  for (int row = 0; row < 3; ++row) direction[row][2] = -direction[row][2];
  volume->SetDirection(direction);
  WriteItkImage(volume.GetPointer(), work / "reflected.mha");
  const RunResult plain = RunIsosurface(
      {"--iso", "500.5", "--backend", "cpu", "--output", "plain.vtp", "reflected.mha"}, work);
  const RunResult closed = RunIsosurface({"--iso", "500.5", "--closed", "--backend", "cpu",
                                          "--output", "closed.vtp", "reflected.mha"},
                                         work);
  ASSERT_EQ(plain.exitCode, 0) << plain.err;
  ASSERT_EQ(closed.exitCode, 0) << closed.err;
  const auto vtkOrder = ReadSurface(work / "plain.vtp");
  const auto outward = ReadSurface(work / "closed.vtp");
  ASSERT_GT(vtkOrder->GetNumberOfPolys(), 200);
  EXPECT_EQ(outward->GetNumberOfPolys(), vtkOrder->GetNumberOfPolys());
  EXPECT_EQ(outward->GetNumberOfPoints(), vtkOrder->GetNumberOfPoints());
  const double before = SignedVolume(vtkOrder), after = SignedVolume(outward);
  EXPECT_LT(before, 0.0);
  EXPECT_GT(after, 0.0);
  EXPECT_NEAR(after, -before, 1e-6 * std::abs(before));

  const RunResult unreachable = RunIsosurface(
      {"--iso", "5000", "--closed", "--backend", "cpu", "--output", "none.vtp", "reflected.mha"},
      work);
  EXPECT_EQ(unreachable.exitCode, 1);
  EXPECT_NE(unreachable.err.find("no voxel reaches value 5000"), std::string::npos)
      << unreachable.err;
  EXPECT_FALSE(fs::exists(work / "none.vtp"));
}
