// Issue 23, item 3: cumed-compare said a byte-identical copy of a CT surface differs (VTK 9.1's
// vtkHausdorffDistancePointSetFilter at the coincident points of zero-area triangles). The
// reproducer: marching cubes on an integer volume where many voxels equal the isovalue, which
// makes degenerate triangles. A copy must compare equal without measuring, and the same surface
// written differently or with its points reordered must measure 0.
#include "CompareTestSupport.h"
#include "JsonValue.h"
#include "ProgramRun.h"

#include <gtest/gtest.h>
#include <vtkCellArray.h>
#include <vtkFlyingEdges3D.h>
#include <vtkIdList.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkVertexGlyphFilter.h>
#include <vtkXMLPolyDataReader.h>
#include <vtkXMLPolyDataWriter.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <numeric>
#include <random>
#include <string>
#include <vector>

namespace {
namespace fs = std::filesystem;
using cumed::apptest::RunProgram;
using cumed::apptest::RunResult;

constexpr double kIso = 300.0;

using cumed::comparetest::Compare;
using cumed::comparetest::WorkDirectory;

// A 28^3 short volume, 0.8 x 0.8 x 2 mm like a CT: a ball of 600 inside a shell of voxels equal
// to the isovalue, in 0, with a fifth of the voxels set to one of 200, 300, 400 (a fixed seed).
vtkNew<vtkPolyData> IntegerIsosurface() {
  vtkNew<vtkImageData> volume;
  volume->SetDimensions(28, 28, 28);
  volume->SetSpacing(0.8, 0.8, 2.0);
  volume->SetOrigin(-10.0, 4.0, 100.0);
  volume->AllocateScalars(VTK_SHORT, 1);
  auto* voxels = static_cast<short*>(volume->GetScalarPointer());
  std::mt19937 random(23);
  for (int z = 0, i = 0; z < 28; ++z) {
    for (int y = 0; y < 28; ++y) {
      for (int x = 0; x < 28; ++x, ++i) {
        const double r =
            std::sqrt((x - 13.5) * (x - 13.5) + (y - 13.5) * (y - 13.5) + (z - 13.5) * (z - 13.5));
        short v = r < 7 ? 600 : r < 10 ? 300 : 0;
        if (random() % 5 == 0) v = static_cast<short>(200 + 100 * (random() % 3));
        voxels[i] = v;
      }
    }
  }
  vtkNew<vtkFlyingEdges3D> contour;
  contour->SetInputData(volume);
  contour->SetValue(0, kIso);
  contour->ComputeNormalsOff();
  contour->ComputeScalarsOff();
  contour->Update();
  vtkNew<vtkPolyData> surface;
  surface->ShallowCopy(contour->GetOutput());
  return surface;
}

// Triangles with coincident corners (no area): what broke the VTK filter.
int CoincidentCornerTriangles(vtkPolyData* mesh) {
  int count = 0;
  vtkNew<vtkIdList> ids;
  for (vtkIdType c = 0; c < mesh->GetNumberOfCells(); ++c) {
    mesh->GetCellPoints(c, ids);
    std::array<std::array<double, 3>, 3> p;
    for (int k = 0; k < 3; ++k) mesh->GetPoint(ids->GetId(k), p[k].data());
    if (p[0] == p[1] || p[1] == p[2] || p[0] == p[2]) ++count;
  }
  return count;
}

void Write(vtkPolyData* mesh, const fs::path& file, bool ascii) {
  vtkNew<vtkXMLPolyDataWriter> writer;
  writer->SetInputData(mesh);
  writer->SetFileName(file.string().c_str());
  if (ascii) writer->SetDataModeToAscii();
  ASSERT_EQ(writer->Write(), 1) << file;
}

// The same triangles over the points in another order (a seeded shuffle).
vtkNew<vtkPolyData> PermutePoints(vtkPolyData* mesh) {
  const vtkIdType n = mesh->GetNumberOfPoints();
  std::vector<vtkIdType> newId(static_cast<std::size_t>(n));
  std::iota(newId.begin(), newId.end(), 0);
  std::shuffle(newId.begin(), newId.end(), std::mt19937(7));
  vtkNew<vtkPoints> points;
  points->SetDataType(mesh->GetPoints()->GetDataType());
  points->SetNumberOfPoints(n);
  for (vtkIdType p = 0; p < n; ++p) points->SetPoint(newId[p], mesh->GetPoint(p));
  vtkNew<vtkCellArray> triangles;
  vtkNew<vtkIdList> ids;
  for (vtkIdType c = 0; c < mesh->GetNumberOfCells(); ++c) {
    mesh->GetCellPoints(c, ids);
    for (vtkIdType k = 0; k < ids->GetNumberOfIds(); ++k) ids->SetId(k, newId[ids->GetId(k)]);
    triangles->InsertNextCell(ids);
  }
  vtkNew<vtkPolyData> permuted;
  permuted->SetPoints(points);
  permuted->SetPolys(triangles);
  return permuted;
}

void ExpectMeasuredZero(const RunResult& run) {
  ASSERT_EQ(run.exitCode, 0) << run.out << run.err;
  const cumed::apptest::JsonValue verdict = cumed::apptest::ParseJson(run.out);
  EXPECT_TRUE(verdict["within_tolerance"].boolean);
  EXPECT_EQ(verdict["measures"]["identical_files"].number, 0.0) << "measured, not the shortcut";
  EXPECT_EQ(verdict["measures"]["hausdorff_distance_mm"].number, 0.0) << run.out;
  EXPECT_EQ(verdict["measures"]["output_to_baseline_mean_mm"].number, 0.0) << run.out;
  EXPECT_EQ(verdict["measures"]["baseline_to_output_mean_mm"].number, 0.0) << run.out;
}

TEST(CompareMeshRegression, IntegerIsovalueSurfaceEqualsItself) {
  const fs::path work = WorkDirectory();
  auto surface = IntegerIsosurface();
  ASSERT_GT(surface->GetNumberOfCells(), 1000);
  ASSERT_GT(CoincidentCornerTriangles(surface), 10)
      << "the reproducer lost its degenerate triangles";
  const fs::path original = work / "orig.vtp";
  Write(surface, original, false);

  // A byte-identical copy: equal without measuring, with the same measures as a measured 0.
  const fs::path copy = work / "copy.vtp";
  fs::copy_file(original, copy);
  RunResult run = Compare({copy.string(), original.string()}, work);
  EXPECT_EQ(run.exitCode, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("identical files"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("Hausdorff distance: 0 mm"), std::string::npos) << run.out;
  run = Compare({"--json", copy.string(), original.string()}, work);
  ASSERT_EQ(run.exitCode, 0) << run.out << run.err;
  const cumed::apptest::JsonValue verdict = cumed::apptest::ParseJson(run.out);
  EXPECT_EQ(verdict["measures"]["identical_files"].number, 1.0);
  EXPECT_EQ(verdict["measures"]["hausdorff_distance_mm"].number, 0.0);
  EXPECT_EQ(verdict["measures"]["output_triangles"].number, double(surface->GetNumberOfCells()));
  EXPECT_EQ(verdict["measures"]["baseline_points"].number, double(surface->GetNumberOfPoints()));

  // The same surface in other bytes (ASCII): measured, exactly 0.
  const fs::path ascii = work / "ascii.vtp";
  Write(surface, ascii, true);
  ExpectMeasuredZero(Compare({"--json", ascii.string(), original.string()}, work));

  // Its points reordered (the triangles follow): measured both ways, exactly 0.
  const fs::path permuted = work / "permuted.vtp";
  Write(PermutePoints(surface), permuted, false);
  ExpectMeasuredZero(Compare({"--json", permuted.string(), original.string()}, work));
  ExpectMeasuredZero(Compare({"--json", original.string(), permuted.string()}, work));
  run = Compare({permuted.string(), original.string()}, work);
  EXPECT_EQ(run.exitCode, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("Hausdorff distance (point to triangle): 0 mm"), std::string::npos)
      << run.out;
}

// The measured path still sees a difference on this surface, and says where: one point moved.
TEST(CompareMeshRegression, OneMovedPointIsFoundAndLocated) {
  const fs::path work = WorkDirectory();
  auto surface = IntegerIsosurface();
  const fs::path original = work / "orig.vtp";
  Write(surface, original, false);
  vtkNew<vtkPolyData> moved;
  moved->DeepCopy(surface);
  const vtkIdType point = surface->GetNumberOfPoints() / 2;
  double p[3];
  moved->GetPoint(point, p);
  p[2] += 500.0; // far above the whole surface (z from 100 to 154)
  moved->GetPoints()->SetPoint(point, p);
  const fs::path output = work / "moved.vtp";
  Write(moved, output, false);
  RunResult run = Compare({"--json", output.string(), original.string()}, work);
  EXPECT_EQ(run.exitCode, 1) << run.out << run.err;
  const cumed::apptest::JsonValue verdict = cumed::apptest::ParseJson(run.out);
  EXPECT_GT(verdict["measures"]["hausdorff_distance_mm"].number, 1.0);
  EXPECT_EQ(verdict["measures"]["largest_output_to_baseline"].number, 1.0);
  EXPECT_NEAR(verdict["measures"]["largest_x_mm"].number, p[0], 1e-4);
  EXPECT_NEAR(verdict["measures"]["largest_y_mm"].number, p[1], 1e-4);
  EXPECT_NEAR(verdict["measures"]["largest_z_mm"].number, p[2], 1e-4);
  run = Compare({output.string(), original.string()}, work);
  EXPECT_EQ(run.exitCode, 1) << run.out << run.err;
  EXPECT_NE(run.out.find("largest output->baseline: output point " + std::to_string(point)),
            std::string::npos)
      << run.out;
}

// Double-precision points are measured in double: a shift of 3e-7 mm, which float coordinates
// near 100 mm (spacing 7.6e-6 mm) could not hold, is found.
TEST(CompareMeshRegression, DoublePointsAreMeasuredInDouble) {
  const fs::path work = WorkDirectory();
  auto surface = IntegerIsosurface();
  auto inDouble = [&](double dz) {
    vtkNew<vtkPoints> points;
    points->SetDataTypeToDouble();
    points->SetNumberOfPoints(surface->GetNumberOfPoints());
    double p[3];
    for (vtkIdType i = 0; i < surface->GetNumberOfPoints(); ++i) {
      surface->GetPoint(i, p);
      points->SetPoint(i, p[0], p[1], p[2] + dz);
    }
    vtkNew<vtkPolyData> copy;
    copy->SetPoints(points);
    copy->SetPolys(surface->GetPolys());
    return copy;
  };
  const fs::path original = work / "orig.vtp", shifted = work / "shifted.vtp";
  Write(inDouble(0.0), original, false);
  Write(inDouble(3e-7), shifted, false);
  RunResult run = Compare({"--json", shifted.string(), original.string()}, work);
  EXPECT_EQ(run.exitCode, 0) << run.out << run.err; // within the default 1e-6 mm
  const cumed::apptest::JsonValue verdict = cumed::apptest::ParseJson(run.out);
  EXPECT_NEAR(verdict["measures"]["hausdorff_distance_mm"].number, 3e-7, 1e-11) << run.out;
  run = Compare({"--tolerance-distance", "1e-7", shifted.string(), original.string()}, work);
  EXPECT_EQ(run.exitCode, 1) << run.out << run.err;
}

// Points with vertex cells (no triangles): measured point to point, the cells ignored.
TEST(CompareMeshRegression, PointCloudsArePointToPoint) {
  const fs::path work = WorkDirectory();
  auto surface = IntegerIsosurface();
  vtkNew<vtkVertexGlyphFilter> cloud;
  cloud->SetInputData(surface);
  cloud->Update();
  ASSERT_GT(cloud->GetOutput()->GetNumberOfVerts(), 0);
  const fs::path points = work / "points.vtp", original = work / "orig.vtp";
  Write(cloud->GetOutput(), points, false);
  Write(surface, original, false);
  const RunResult run = Compare({points.string(), original.string()}, work);
  EXPECT_EQ(run.exitCode, 1) << run.out << run.err; // the triangle counts differ
  EXPECT_NE(run.out.find("Hausdorff distance (point to point): 0 mm"), std::string::npos)
      << run.out;
}

// A coordinate that is not finite cannot be measured: exit 2, the file and point named.
TEST(CompareMeshRegression, NonFiniteCoordinateIsAnError) {
  const fs::path work = WorkDirectory();
  auto surface = IntegerIsosurface();
  const fs::path original = work / "orig.vtp", broken = work / "nan.vtp";
  Write(surface, original, false);
  vtkNew<vtkPolyData> nan;
  nan->DeepCopy(surface);
  nan->GetPoints()->SetPoint(5, 0.0, std::numeric_limits<double>::quiet_NaN(), 0.0);
  Write(nan, broken, false);
  const RunResult run = Compare({broken.string(), original.string()}, work);
  EXPECT_EQ(run.exitCode, 2) << run.out << run.err;
  EXPECT_NE(run.err.find("nan.vtp' (first)"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("point 5 of the first mesh has a coordinate that is not finite"),
            std::string::npos)
      << run.err;
}

// A damaged or lying .vtp (issue 25) is refused by CuMed's structural check before VTK's reader
// sees it: a header claiming 2^32 + 3 points made VTK 9.1 die with an uncaught bad_alloc.
TEST(CompareMeshRegression, DamagedVtpFilesExitTwoNamingTheFile) {
  const fs::path work = WorkDirectory();
  auto surface = IntegerIsosurface();
  const fs::path original = work / "orig.vtp";
  Write(surface, original, false);
  std::ifstream in(original, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string points =
      "NumberOfPoints=\"" + std::to_string(surface->GetNumberOfPoints()) + "\"";
  const std::size_t at = bytes.find(points);
  ASSERT_NE(at, std::string::npos) << points;
  std::string lying = bytes;
  lying.replace(at, points.size(), "NumberOfPoints=\"4294967299\"");
  const std::pair<std::string, std::string> damaged[] = {
      {"cut.vtp", bytes.substr(0, bytes.size() / 2)}, {"lying.vtp", lying}};
  for (const auto& [name, content] : damaged) {
    std::ofstream(work / name, std::ios::binary) << content;
    for (const bool first : {true, false}) {
      const std::string bad = (work / name).string();
      const RunResult run =
          first ? Compare({bad, original.string()}, work) : Compare({original.string(), bad}, work);
      EXPECT_EQ(run.exitCode, 2) << name << ": -1 is a crash; " << run.err;
      EXPECT_NE(run.err.find("cannot read '" + bad + "' as a mesh"), std::string::npos) << run.err;
    }
  }
}

} // namespace
