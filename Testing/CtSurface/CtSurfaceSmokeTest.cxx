// Runs cumed-ct-surface on the phantom the build generates and checks what it wrote against
// numbers computed here independently: the closed mesh, its volume against the voxel count of
// the closed volume, the picture. Then the program's answers to bad command lines.
#include "CtSurfaceTestPaths.h"
#include "ProgramRun.h"
#include "cumed/core/Backend.h"
#include "cumed/io/DicomSeriesReader.h"
#include "cumed/io/DicomSeriesWriter.h"

#include <gtest/gtest.h>
#include <itkFlatStructuringElement.h>
#include <itkGrayscaleMorphologicalClosingImageFilter.h>
#include <itkImageDuplicator.h>
#include <vtkCellArray.h>
#include <vtkDataArray.h>
#include <vtkFeatureEdges.h>
#include <vtkImageData.h>
#include <vtkMassProperties.h>
#include <vtkNew.h>
#include <vtkPNGReader.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkXMLPolyDataReader.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>

#include <map>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

constexpr double kIsoHu = 300.0;
constexpr double kRadiusMm = 2.0;
constexpr int kPngWidth = 640;
constexpr int kPngHeight = 480;

using cumed::apptest::RunResult;
using cumed::apptest::Setting;

using cumed::ctsurfacetest::PhantomDir;
using cumed::ctsurfacetest::Program;
fs::path WorkDir() {
  return fs::path(CUMED_SMOKE_WORK_DIR);
}

// Runs the program with `arguments`, stdout and stderr captured in files under the work dir.
RunResult RunProgram(const std::vector<std::string>& arguments, const std::string& tag) {
  return cumed::apptest::RunProgram(Program(), arguments, WorkDir(), tag);
}

// name -> size of every file in a directory, to show the input was not touched.
std::map<std::string, std::uintmax_t> Listing(const fs::path& dir) {
  std::map<std::string, std::uintmax_t> files;
  for (const auto& entry : fs::directory_iterator(dir)) {
    files[entry.path().filename().string()] = entry.is_regular_file() ? entry.file_size() : 0;
  }
  return files;
}

bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

vtkSmartPointer<vtkPolyData> ReadVtp(const fs::path& path) {
  vtkNew<vtkXMLPolyDataReader> reader;
  reader->SetFileName(path.string().c_str());
  reader->Update();
  return reader->GetOutput();
}

// Edges used by one triangle (holes) or by more than two (non-manifold): 0 for a closed surface.
vtkIdType OpenOrNonManifoldEdges(vtkPolyData* surface) {
  vtkNew<vtkFeatureEdges> edges;
  edges->SetInputData(surface);
  edges->BoundaryEdgesOn();
  edges->NonManifoldEdgesOn();
  edges->FeatureEdgesOff();
  edges->ManifoldEdgesOff();
  edges->Update();
  return edges->GetOutput()->GetNumberOfCells();
}

double EnclosedVolume(vtkPolyData* surface) {
  vtkNew<vtkMassProperties> mass;
  mass->SetInputData(surface);
  mass->Update();
  return mass->GetVolume();
}

} // namespace

// One run of the program on the phantom, shared by the checks below.
class CtSurfaceOnPhantom : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    ASSERT_TRUE(fs::is_directory(PhantomDir()))
        << PhantomDir() << " is missing: build the target cumed_sample_data";
    outputDir_ = new fs::path(WorkDir() / "phantom-out");
    fs::remove_all(*outputDir_);
    inputBefore_ = new std::map<std::string, std::uintmax_t>(Listing(PhantomDir()));
    result_ = new RunResult(RunProgram({"--output-dir", outputDir_->string(), "--iso", "300",
                                        "--radius-mm", "2", "--png-size", "640x480", PhantomDir()},
                                       "phantom"));
    std::cout << "stdout: " << result_->out << "stderr: " << result_->err << std::endl;
  }
  static void TearDownTestSuite() {
    delete outputDir_;
    delete inputBefore_;
    delete result_;
  }
  void SetUp() override { ASSERT_EQ(result_->exitCode, 0) << result_->err; }

  static fs::path* outputDir_;
  static std::map<std::string, std::uintmax_t>* inputBefore_;
  static RunResult* result_;
};
fs::path* CtSurfaceOnPhantom::outputDir_ = nullptr;
std::map<std::string, std::uintmax_t>* CtSurfaceOnPhantom::inputBefore_ = nullptr;
RunResult* CtSurfaceOnPhantom::result_ = nullptr;

TEST_F(CtSurfaceOnPhantom, PrintsOneSummaryLineWithEveryStage) {
  const std::string& out = result_->out;
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), 1) << out;
  for (const char* field :
       {"slices=", "voxels=", "triangles=", "points=", "voxels_ge_iso=", "volume_mm3=",
        "closing=cumed-cpu", "contour=cumed-cpu", "backend=cpu", "time_s:", "render=\"",
        "render_mesh=", "render_copies_down=", "render_bytes_down="}) {
    EXPECT_TRUE(Contains(out, field)) << "missing " << field << " in: " << out;
  }
}

TEST_F(CtSurfaceOnPhantom, LeavesTheInputSeriesAsItWas) {
  EXPECT_EQ(Listing(PhantomDir()), *inputBefore_);
}

TEST_F(CtSurfaceOnPhantom, WritesAClosedManifoldTriangleSurface) {
  const auto surface = ReadVtp(*outputDir_ / "surface.vtp");
  ASSERT_GT(surface->GetNumberOfPolys(), 10000);
  EXPECT_EQ(surface->GetNumberOfPolys(), surface->GetNumberOfCells()) << "only triangles expected";
  EXPECT_EQ(surface->GetPolys()->IsHomogeneous(), 3) << "every cell a triangle";
  ASSERT_NE(surface->GetPointData()->GetNormals(), nullptr) << "normals missing";

  EXPECT_EQ(OpenOrNonManifoldEdges(surface), 0)
      << "boundary or non-manifold edges: the surface is not closed";

  const std::string expected = "triangles=" + std::to_string(surface->GetNumberOfPolys()) + " ";
  EXPECT_TRUE(Contains(result_->out, expected)) << result_->out;
}

TEST_F(CtSurfaceOnPhantom, EnclosedVolumeMatchesVoxelsAtOrAboveIsoAfterClosing) {
  // The same closing as the program, done here with ITK directly.
  const auto series = cumed::io::ReadDicomCtSeries(PhantomDir());
  using Image = cumed::io::HounsfieldImage;
  using Kernel = itk::FlatStructuringElement<3>;
  Kernel::RadiusType radius;
  for (unsigned i = 0; i < 3; ++i) {
    radius[i] =
        static_cast<itk::SizeValueType>(std::lround(kRadiusMm / series.image->GetSpacing()[i]));
  }
  auto closing = itk::GrayscaleMorphologicalClosingImageFilter<Image, Image, Kernel>::New();
  closing->SetInput(series.image);
  closing->SetKernel(Kernel::Ball(radius));
  closing->Update();
  const Image* closed = closing->GetOutput();
  const auto* begin = closed->GetBufferPointer();
  const auto count = std::count_if(begin, begin + closed->GetBufferedRegion().GetNumberOfPixels(),
                                   [](std::int16_t hu) { return hu >= kIsoHu; });
  ASSERT_GT(count, 0);
  const auto& spacing = closed->GetSpacing();
  const double voxelVolume = count * spacing[0] * spacing[1] * spacing[2];

  const double surfaceVolume = EnclosedVolume(ReadVtp(*outputDir_ / "surface.vtp"));
  std::cout << "voxels >= " << kIsoHu << ": " << count << " (" << voxelVolume
            << " mm^3), enclosed by the surface: " << surfaceVolume << " mm^3\n";
  EXPECT_NEAR(surfaceVolume, voxelVolume, 0.05 * voxelVolume);
  EXPECT_TRUE(Contains(result_->out, "voxels_ge_iso=" + std::to_string(count) + " "))
      << result_->out;
}

TEST_F(CtSurfaceOnPhantom, WritesABinaryStlOfTheSameTriangles) {
  const auto surface = ReadVtp(*outputDir_ / "surface.vtp");
  const fs::path stl = *outputDir_ / "surface.stl";
  ASSERT_TRUE(fs::exists(stl));
  // Binary STL: 80-byte header, a 4-byte count, 50 bytes per triangle.
  EXPECT_EQ(fs::file_size(stl),
            84u + 50u * static_cast<std::uintmax_t>(surface->GetNumberOfPolys()));
}

TEST_F(CtSurfaceOnPhantom, RendersAPictureOfTheRequestedSizeThatShowsTheBone) {
  const fs::path png = *outputDir_ / "surface.png";
  ASSERT_TRUE(fs::exists(png));
  vtkNew<vtkPNGReader> reader;
  reader->SetFileName(png.string().c_str());
  reader->Update();
  vtkImageData* image = reader->GetOutput();
  int dims[3];
  image->GetDimensions(dims);
  ASSERT_EQ(dims[0], kPngWidth);
  ASSERT_EQ(dims[1], kPngHeight);
  ASSERT_GE(image->GetNumberOfScalarComponents(), 3);
  const auto* corner = static_cast<unsigned char*>(image->GetScalarPointer(0, 0, 0));
  long differing = 0;
  for (int y = 0; y < dims[1]; ++y) {
    for (int x = 0; x < dims[0]; ++x) {
      const auto* p = static_cast<unsigned char*>(image->GetScalarPointer(x, y, 0));
      differing +=
          std::abs(p[0] - corner[0]) + std::abs(p[1] - corner[1]) + std::abs(p[2] - corner[2]) > 12;
    }
  }
  const double fraction = double(differing) / (double(dims[0]) * dims[1]);
  std::cout << "fraction of pixels unlike the background: " << fraction << "\n";
  EXPECT_GT(fraction, 0.08) << "the picture is (nearly) blank";
  EXPECT_LT(fraction, 0.95);
}

TEST_F(CtSurfaceOnPhantom, FollowsObliqueDirectionCosines) {
  // The phantom again, tilted 30 degrees about the patient's x axis: same voxels, new geometry.
  const auto series = cumed::io::ReadDicomCtSeries(PhantomDir());
  auto duplicator = itk::ImageDuplicator<cumed::io::HounsfieldImage>::New();
  duplicator->SetInputImage(series.image);
  duplicator->Update();
  auto tilted = duplicator->GetOutput();
  const double angle = 30.0 * M_PI / 180.0;
  cumed::io::HounsfieldImage::DirectionType rotation;
  rotation.SetIdentity();
  rotation[1][1] = std::cos(angle);
  rotation[1][2] = -std::sin(angle);
  rotation[2][1] = std::sin(angle);
  rotation[2][2] = std::cos(angle);
  tilted->SetDirection(rotation);
  const fs::path tiltedSeries = WorkDir() / "tilted-ct";
  fs::remove_all(tiltedSeries);
  cumed::io::WriteDicomCtSeries(tilted, tiltedSeries.string());

  const fs::path output = WorkDir() / "tilted-out";
  fs::remove_all(output);
  const RunResult result = RunProgram({"--output-dir", output.string(), "--iso", "300",
                                       "--radius-mm", "2", "--no-png", tiltedSeries.string()},
                                      "tilted");
  ASSERT_EQ(result.exitCode, 0) << result.err;
  const auto straight = ReadVtp(*outputDir_ / "surface.vtp");
  const auto turned = ReadVtp(output / "surface.vtp");
  ASSERT_EQ(turned->GetNumberOfPoints(), straight->GetNumberOfPoints());
  EXPECT_EQ(OpenOrNonManifoldEdges(turned), 0);
  EXPECT_NEAR(EnclosedVolume(turned), EnclosedVolume(straight), 1e-6 * EnclosedVolume(straight));

  // Each point and normal is the straight one turned about the origin (the first voxel).
  const auto origin = series.image->GetOrigin();
  vtkDataArray* straightNormals = straight->GetPointData()->GetNormals();
  vtkDataArray* turnedNormals = turned->GetPointData()->GetNormals();
  ASSERT_NE(turnedNormals, nullptr);
  for (vtkIdType id = 0; id < straight->GetNumberOfPoints(); id += 997) {
    double p[3], q[3], n[3], m[3];
    straight->GetPoint(id, p);
    turned->GetPoint(id, q);
    straightNormals->GetTuple(id, n);
    turnedNormals->GetTuple(id, m);
    for (int r = 0; r < 3; ++r) {
      double expectedPoint = origin[r];
      double expectedNormal = 0.0;
      for (int c = 0; c < 3; ++c) {
        expectedPoint += rotation[r][c] * (p[c] - origin[c]);
        expectedNormal += rotation[r][c] * n[c];
      }
      ASSERT_NEAR(q[r], expectedPoint, 1e-2) << "point " << id << " axis " << r;
      ASSERT_NEAR(m[r], expectedNormal, 1e-3) << "normal " << id << " axis " << r;
    }
  }
}

TEST(CtSurfacePadding, ClosesTheBodyWhereItLeavesTheVolume) {
  // Air-to-tissue at -500 HU: the body runs through the top and bottom slices, so only the
  // padding closes it there.
  const fs::path output = WorkDir() / "body-out";
  fs::remove_all(output);
  const RunResult result = RunProgram({"--output-dir", output.string(), "--iso", "-500",
                                       "--radius-mm", "0", "--no-png", PhantomDir()},
                                      "body");
  ASSERT_EQ(result.exitCode, 0) << result.err;
  EXPECT_TRUE(Contains(result.out, "closing=skipped")) << result.out;
  const auto surface = ReadVtp(output / "surface.vtp");
  EXPECT_EQ(OpenOrNonManifoldEdges(surface), 0);

  const auto series = cumed::io::ReadDicomCtSeries(PhantomDir());
  const auto* image = series.image.GetPointer();
  const auto size = image->GetLargestPossibleRegion().GetSize();
  const auto& spacing = image->GetSpacing();
  const double firstZ = image->GetOrigin()[2];
  const double lastZ = firstZ + (size[2] - 1) * spacing[2];
  double bounds[6];
  surface->GetBounds(bounds);
  EXPECT_LT(bounds[4], firstZ) << "the surface should close just outside the first slice";
  EXPECT_GT(bounds[5], lastZ) << "the surface should close just outside the last slice";

  const auto* begin = image->GetBufferPointer();
  const auto count = std::count_if(begin, begin + image->GetBufferedRegion().GetNumberOfPixels(),
                                   [](std::int16_t hu) { return hu >= -500; });
  const double voxelVolume = count * spacing[0] * spacing[1] * spacing[2];
  EXPECT_NEAR(EnclosedVolume(surface), voxelVolume, 0.05 * voxelVolume);
}

// Issue 25: on the 64 x 64 x 40 phantom at 600 HU two vertices sit where the gradient is zero;
// VTK's normal transform divides that zero vector by its zero length, which wrote NaN normals
// into surface.vtp though the series holds no NaN. CuMed keeps the zero vector.
TEST(CtSurfaceNormals, AreFiniteWhereTheGradientIsZero) {
  const fs::path dir = WorkDir() / "zero-gradient";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const RunResult phantom = cumed::apptest::RunProgram(
      cumed::apptest::Setting("CUMED_MAKE_PHANTOM", CUMED_MAKE_PHANTOM_EXE),
      {"--quiet", "--size", "64", "64", "40", "series"}, dir, "small-phantom", dir);
  ASSERT_EQ(phantom.exitCode, 0) << phantom.err;
  const RunResult result = RunProgram({"--output-dir", (dir / "out").string(), "--iso", "600",
                                       "--no-png", (dir / "series").string()},
                                      "zero-gradient");
  ASSERT_EQ(result.exitCode, 0) << result.err;
  const auto surface = ReadVtp(dir / "out" / "surface.vtp");
  vtkDataArray* normals = surface->GetPointData()->GetNormals();
  ASSERT_NE(normals, nullptr);
  vtkIdType nonFinite = 0;
  for (vtkIdType i = 0; i < normals->GetNumberOfTuples(); ++i)
    for (int c = 0; c < 3; ++c) nonFinite += !std::isfinite(normals->GetComponent(i, c));
  EXPECT_EQ(nonFinite, 0) << "of " << normals->GetNumberOfTuples() << " normals";
}

// ---- the program's answers to mistakes ------------------------------------------------------

namespace {

void ExpectUsageError(const std::vector<std::string>& arguments, const std::string& named,
                      const std::string& tag) {
  const RunResult result = RunProgram(arguments, tag);
  EXPECT_EQ(result.exitCode, 2) << result.err;
  EXPECT_TRUE(Contains(result.err, named))
      << "stderr does not name " << named << ": " << result.err;
  EXPECT_TRUE(result.out.empty()) << result.out;
}

} // namespace

TEST(CtSurfaceCommandLine, RejectsBadArgumentsWithExitCode2NamingTheOption) {
  ExpectUsageError({"--frobnicate"}, "--frobnicate", "unknown");
  ExpectUsageError({"--iso"}, "--iso", "missing-value");
  ExpectUsageError({"--radius-mm", "two"}, "--radius-mm", "non-numeric");
  ExpectUsageError({"--radius-mm", "-1"}, "--radius-mm", "negative-radius");
  ExpectUsageError({"--iso", "nan"}, "--iso", "nan-iso");
  ExpectUsageError({"--iso=inf"}, "--iso", "inf-iso");
  ExpectUsageError({"--png-size", "640"}, "--png-size", "png-size");
  ExpectUsageError({"--backend", "opencl"}, "--backend", "backend");
  ExpectUsageError({PhantomDir(), "second-dir"}, "second-dir", "two-inputs");
}

TEST(CtSurfaceCommandLine, RefusesRepeatedOptions) {
  ExpectUsageError({"--iso", "300", "--iso", "200", PhantomDir()}, "option --iso is given twice",
                   "iso-twice");
  ExpectUsageError({"--radius-mm=1", "--radius-mm", "2", PhantomDir()},
                   "option --radius-mm is given twice", "radius-twice");
}

TEST(CtSurfaceLimits, RefusesRadiiBeyondTheLimitsNamingThem) {
  // The phantom: 256x256x120 voxels of 1.4x1.4x2.5 mm. 3e9 mm once asked for ~3.4e18 bytes and
  // 1e300 mm became radius 0 ("closing skipped", exit 0).
  const fs::path output = WorkDir() / "limits-out";
  fs::remove_all(output);
  const std::vector<std::string> common{"--output-dir", output.string(), "--no-png"};
  const auto run = [&](std::vector<std::string> arguments, const std::string& tag) {
    arguments.insert(arguments.begin(), common.begin(), common.end());
    arguments.push_back(PhantomDir());
    return RunProgram(arguments, tag);
  };
  for (const char* huge : {"3e9", "1e300"}) {
    const RunResult result = run({"--radius-mm", huge}, std::string("radius-") + huge);
    EXPECT_EQ(result.exitCode, 2) << result.err;
    EXPECT_TRUE(Contains(result.err, "voxels along axis 0 (spacing 1.4 mm), above the limit of "
                                     "65536"))
        << result.err;
    EXPECT_TRUE(result.out.empty()) << result.out;
  }
  // 300 mm is 120 voxels along z: an extent of 241 slices, more than twice the 120 there are.
  RunResult result = run({"--radius-mm", "300"}, "radius-300");
  EXPECT_EQ(result.exitCode, 2) << result.err;
  EXPECT_TRUE(Contains(result.err, "--radius-mm 300: the element (radius 214x214x120 voxels, "
                                   "extent 429x429x241) is more than twice the 256x256x120 "
                                   "volume along z (120 voxels)"))
      << result.err;
  EXPECT_TRUE(Contains(result.err, "--allow-large-element")) << result.err;
  // Allowed past the volume rule, 600 mm is still a 859x859x481 box: above 2^27 voxels.
  result = run({"--allow-large-element", "--radius-mm", "600"}, "radius-600");
  EXPECT_EQ(result.exitCode, 2) << result.err;
  EXPECT_TRUE(Contains(result.err, "--radius-mm 600: structuring element radius 429x429x240"))
      << result.err;
  EXPECT_TRUE(Contains(result.err, "2^27")) << result.err;
  EXPECT_FALSE(fs::exists(output)) << "a refused run leaves no output directory";
}

TEST(CtSurfaceCommandLine, HelpExitsZero) {
  const RunResult result = RunProgram({"--help"}, "help");
  EXPECT_EQ(result.exitCode, 0);
  EXPECT_TRUE(Contains(result.out, "Usage: cumed-ct-surface")) << result.out;
  EXPECT_TRUE(Contains(result.out, "--radius-mm")) << result.out;
}

TEST(CtSurfaceCommandLine, MissingInputDirectoryIsNamed) {
  const std::string missing = (WorkDir() / "no-such-series").string();
  fs::remove_all(missing);
  const fs::path output = WorkDir() / "missing-input-out";
  fs::remove_all(output);
  const RunResult result = RunProgram({"--output-dir", output.string(), missing}, "missing-input");
  EXPECT_NE(result.exitCode, 0);
  EXPECT_TRUE(Contains(result.err, missing)) << result.err;
  EXPECT_FALSE(fs::exists(output)) << "nothing is created when the input is missing";
}

TEST(CtSurfaceCommandLine, RefusesToWriteIntoTheInputDirectory) {
  const auto before = Listing(PhantomDir());
  const fs::path inside = fs::path(PhantomDir()) / "out";
  const RunResult result =
      RunProgram({"--output-dir", inside.string(), PhantomDir()}, "inside-input");
  EXPECT_EQ(result.exitCode, 2) << result.err;
  EXPECT_TRUE(Contains(result.err, "--output-dir")) << result.err;
  EXPECT_FALSE(fs::exists(inside));
  EXPECT_EQ(Listing(PhantomDir()), before);
}

TEST(CtSurfaceCommandLine, CudaBackendFailsClearlyWithoutADevice) {
  if (cumed::CudaUsable()) GTEST_SKIP() << "a CUDA device is usable here";
  const fs::path output = WorkDir() / "cuda-out";
  fs::remove_all(output);
  const RunResult result =
      RunProgram({"--backend", "cuda", "--output-dir", output.string(), PhantomDir()}, "cuda");
  EXPECT_EQ(result.exitCode, 1) << result.err;
  EXPECT_TRUE(Contains(result.err, "--backend cuda")) << result.err;
  EXPECT_FALSE(fs::exists(output)) << "nothing is created when the backend cannot run";
}
