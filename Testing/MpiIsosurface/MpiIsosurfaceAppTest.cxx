// cumed-mpi-isosurface run as a user runs it, under mpiexec with 1 to 4 ranks: a .mha (read slab
// by slab), a .nrrd and the phantom DICOM series (scattered from rank 0) in; a .pvtp that VTK's
// vtkXMLPPolyDataReader reads with the single-process counts (seam copies flagged vtkGhostType),
// and the gathered .vtp/.stl, identical to ExtractIsosurface's mesh of the whole volume (on the
// CPU backend, and in the Cuda suite on the ranks' GPUs); the exit statuses and messages of bad
// runs, with no outputs left behind.
#include "JsonValue.h"
#include "ProgramRun.h"
#include "TestVolumes.h"
#include "cumed/io/DicomSeriesReader.h"
#include "cumed/surface/Isosurface.h"

#include <gtest/gtest.h>
#include <vtkCellArray.h>
#include <vtkCellArrayIterator.h>
#include <vtkDataSetAttributes.h>
#include <vtkFloatArray.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkSTLReader.h>
#include <vtkUnsignedCharArray.h>
#include <vtkXMLPPolyDataReader.h>
#include <vtkXMLPolyDataReader.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>

namespace {

namespace fs = std::filesystem;
using namespace cumed;
using cumed::apptest::RunResult;

fs::path FreshDirectory() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  const fs::path directory = fs::path(CUMED_MPI_ISOSURFACE_WORK_DIR) / info->name();
  fs::remove_all(directory);
  fs::create_directories(directory);
  return directory;
}

RunResult RunRanks(int ranks, std::vector<std::string> arguments, const fs::path& directory) {
  setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 1);
  setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 1);
  setenv("OMPI_MCA_rmaps_base_oversubscribe", "1", 1);
  setenv("OMP_NUM_THREADS", "1", 1); // oversubscribed ranks: one thread each
  std::vector<std::string> all{"-n", std::to_string(ranks), CUMED_MPI_ISOSURFACE_EXE};
  all.insert(all.end(), arguments.begin(), arguments.end());
  return apptest::RunProgram(CUMED_MPIEXEC, all, directory, "run", directory);
}

using Volume16 = surface::test::Volume<std::int16_t>;

Volume16 TestVolume() {
  return surface::test::SmoothField<std::int16_t>(surface::test::ObliqueGeometry({37, 29, 19}), 5,
                                                  -600, 900);
}

/// MetaImage with its data in a .raw beside it; the direction as ITK writes TransformMatrix
/// (column-major of the direction matrix).
void WriteMha(const Volume16& v, const fs::path& file) {
  const auto& g = v.geometry;
  std::ofstream header(file);
  header.precision(17);
  header << "ObjectType = Image\nNDims = 3\nBinaryData = True\nBinaryDataByteOrderMSB = False\n"
         << "CompressedData = False\nTransformMatrix =";
  for (int c = 0; c < 3; ++c)
    for (int r = 0; r < 3; ++r) header << " " << g.direction[3 * r + c];
  header << "\nOffset = " << g.origin[0] << " " << g.origin[1] << " " << g.origin[2]
         << "\nElementSpacing = " << g.spacing[0] << " " << g.spacing[1] << " " << g.spacing[2]
         << "\nDimSize = " << g.size[0] << " " << g.size[1] << " " << g.size[2]
         << "\nElementType = MET_SHORT\nElementDataFile = " << file.stem().string() << ".raw\n";
  std::ofstream raw(file.parent_path() / (file.stem().string() + ".raw"), std::ios::binary);
  raw.write(reinterpret_cast<const char*>(v.data.data()), v.data.size() * 2);
}

/// NRRD with the data attached, axis-aligned (spacing and origin only).
void WriteNrrd(const Volume16& v, const fs::path& file) {
  const auto& g = v.geometry;
  std::ofstream out(file, std::ios::binary);
  out.precision(17);
  out << "NRRD0004\ntype: short\ndimension: 3\nspace: left-posterior-superior\nsizes: " << g.size[0]
      << " " << g.size[1] << " " << g.size[2] << "\nspace directions: (" << g.spacing[0]
      << ",0,0) (0," << g.spacing[1] << ",0) (0,0," << g.spacing[2] << ")\nspace origin: ("
      << g.origin[0] << "," << g.origin[1] << "," << g.origin[2]
      << ")\nendian: little\nencoding: raw\n\n";
  out.write(reinterpret_cast<const char*>(v.data.data()), v.data.size() * 2);
}

surface::SurfaceMesh Whole(const Volume16& v, double iso, bool normals) {
  surface::IsosurfaceOptions options;
  options.values = {iso};
  options.computeNormals = normals;
  options.backend = Backend::CPU;
  return surface::ExtractIsosurface(v.view(), options).mesh;
}

/// The gathered .vtp holds exactly the whole mesh: points in id order, triangles, normals.
void ExpectVtpIsWholeMesh(const fs::path& file, const surface::SurfaceMesh& whole) {
  vtkNew<vtkXMLPolyDataReader> reader;
  reader->SetFileName(file.string().c_str());
  reader->Update();
  vtkPolyData* mesh = reader->GetOutput();
  ASSERT_EQ(mesh->GetNumberOfPoints(), whole.numberOfPoints());
  ASSERT_EQ(mesh->GetNumberOfPolys(), whole.numberOfTriangles());
  auto* points = vtkFloatArray::SafeDownCast(mesh->GetPoints()->GetData());
  ASSERT_NE(points, nullptr);
  EXPECT_EQ(0, std::memcmp(points->GetPointer(0), whole.points.data(),
                           whole.points.size() * sizeof(float)));
  vtkIdType n = 0;
  const vtkIdType* ids = nullptr;
  auto polys = vtk::TakeSmartPointer(mesh->GetPolys()->NewIterator());
  for (polys->GoToFirstCell(); !polys->IsDoneWithTraversal(); polys->GoToNextCell(), ++n) {
    vtkIdType size = 0;
    polys->GetCurrentCell(size, ids);
    ASSERT_EQ(size, 3);
    for (int c = 0; c < 3; ++c) ASSERT_EQ(ids[c], whole.triangles[3 * n + c]) << "triangle " << n;
  }
  if (!whole.normals.empty()) {
    auto* normals = vtkFloatArray::SafeDownCast(mesh->GetPointData()->GetArray("Normals"));
    ASSERT_NE(normals, nullptr);
    EXPECT_EQ(0, std::memcmp(normals->GetPointer(0), whole.normals.data(),
                             whole.normals.size() * sizeof(float)));
  }
}

/// VTK's parallel reader joins the pieces: every triangle, each owned point once (the others
/// flagged DUPLICATEPOINT).
void ExpectPvtpHasWholeCounts(const fs::path& file, const surface::SurfaceMesh& whole,
                              bool normals) {
  vtkNew<vtkXMLPPolyDataReader> reader;
  reader->SetFileName(file.string().c_str());
  reader->Update();
  EXPECT_EQ(reader->GetErrorCode(), 0);
  vtkPolyData* mesh = reader->GetOutput();
  EXPECT_EQ(mesh->GetNumberOfPolys(), whole.numberOfTriangles());
  EXPECT_EQ(mesh->GetPointData()->GetArray("Normals") != nullptr, normals);
  auto* ghosts = vtkUnsignedCharArray::SafeDownCast(
      mesh->GetPointData()->GetArray(vtkDataSetAttributes::GhostArrayName()));
  ASSERT_NE(ghosts, nullptr);
  vtkIdType owned = 0;
  for (vtkIdType p = 0; p < ghosts->GetNumberOfValues(); ++p) owned += ghosts->GetValue(p) == 0;
  EXPECT_EQ(owned, whole.numberOfPoints());
}

std::string FieldOf(const std::string& summary, const std::string& key) {
  const auto at = summary.find(key + "=");
  if (at == std::string::npos) return "";
  const auto begin = at + key.size() + 1;
  return summary.substr(begin, summary.find_first_of(" \n", begin) - begin);
}

class MpiIsosurfaceApp : public ::testing::TestWithParam<int> {};

TEST_P(MpiIsosurfaceApp, MhaToPvtpAndGatheredVtpEqualTheWholeMesh) {
  const int ranks = GetParam();
  const fs::path dir = FreshDirectory();
  const Volume16 volume = TestVolume();
  WriteMha(volume, dir / "volume.mha");
  const RunResult pieces =
      RunRanks(ranks, {"volume.mha", "--iso", "150", "--output", "out/surface.pvtp"}, dir);
  ASSERT_EQ(pieces.exitCode, 0) << pieces.err;
  const surface::SurfaceMesh whole = Whole(volume, 150, false);
  EXPECT_EQ(FieldOf(pieces.out, "points"), std::to_string(whole.numberOfPoints()));
  EXPECT_EQ(FieldOf(pieces.out, "input"), "streamed");
  for (int r = 0; r < ranks; ++r)
    EXPECT_TRUE(fs::is_regular_file(dir / "out" / ("surface_" + std::to_string(r) + ".vtp")));
  ExpectPvtpHasWholeCounts(dir / "out" / "surface.pvtp", whole, false);
  const RunResult withNormals =
      RunRanks(ranks, {"volume.mha", "--iso", "150", "--normals", "--output", "n.pvtp"}, dir);
  ASSERT_EQ(withNormals.exitCode, 0) << withNormals.err;
  ExpectPvtpHasWholeCounts(dir / "n.pvtp", whole, true);

  const RunResult gathered = RunRanks(
      ranks, {"volume.mha", "--iso", "150", "--normals", "--gather", "--output", "g.vtp"}, dir);
  ASSERT_EQ(gathered.exitCode, 0) << gathered.err;
  ExpectVtpIsWholeMesh(dir / "g.vtp", Whole(volume, 150, true));
}

TEST(MpiIsosurfaceAppOnThreeRanks, NrrdAndGatheredStl) {
  const fs::path dir = FreshDirectory();
  Volume16 volume = TestVolume();
  volume.geometry.direction = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  WriteNrrd(volume, dir / "volume.nrrd");
  const RunResult run = RunRanks(
      3, {"volume.nrrd", "--iso", "-20", "--gather", "--output", "s.stl", "--backend", "cpu"}, dir);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(FieldOf(run.out, "backend"), "cpu");
  EXPECT_EQ(FieldOf(run.out, "device"), "-1");
  vtkNew<vtkSTLReader> reader;
  reader->SetFileName((dir / "s.stl").string().c_str());
  reader->MergingOff(); // keep every facet, degenerate ones included
  reader->Update();
  EXPECT_EQ(reader->GetOutput()->GetNumberOfPolys(), Whole(volume, -20, false).numberOfTriangles());
}

TEST(MpiIsosurfaceAppCuda, PiecesOnTheRanksGpusEqualTheCpuWholeMesh) {
  CUMED_SKIP_WITHOUT_CUDA();
  const fs::path dir = FreshDirectory();
  const Volume16 volume = TestVolume();
  WriteMha(volume, dir / "volume.mha");
  for (const int ranks : {1, 3}) {
    const RunResult gathered =
        RunRanks(ranks,
                 {"volume.mha", "--iso", "150", "--normals", "--gather", "--output",
                  "g" + std::to_string(ranks) + ".vtp", "--backend", "cuda"},
                 dir);
    ASSERT_EQ(gathered.exitCode, 0) << gathered.err;
    EXPECT_EQ(FieldOf(gathered.out, "backend"), "cuda");
    EXPECT_NE(FieldOf(gathered.out, "device"), "-1");
    ExpectVtpIsWholeMesh(dir / ("g" + std::to_string(ranks) + ".vtp"), Whole(volume, 150, true));
  }
}

TEST(MpiIsosurfaceAppOnFourRanks, PhantomDicomSeriesIsScatteredFromRankZero) {
  const fs::path series = CUMED_SAMPLE_CT_DIR;
  if (!fs::is_directory(series)) GTEST_SKIP() << "phantom series not generated: " << series;
  const fs::path dir = FreshDirectory();
  const RunResult run =
      RunRanks(4, {series.string(), "--iso", "300", "--gather", "--output", "ct.vtp"}, dir);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(FieldOf(run.out, "input"), "scattered");
  const auto ct = io::ReadDicomCtSeries(series.string());
  const auto& image = *ct.image;
  Volume16 volume;
  for (int r = 0; r < 3; ++r) {
    volume.geometry.size[r] = image.GetLargestPossibleRegion().GetSize()[r];
    volume.geometry.spacing[r] = image.GetSpacing()[r];
    volume.geometry.origin[r] = image.GetOrigin()[r];
    for (int c = 0; c < 3; ++c) volume.geometry.direction[3 * r + c] = image.GetDirection()[r][c];
  }
  volume.data.assign(image.GetBufferPointer(),
                     image.GetBufferPointer() + volume.geometry.numberOfPixels());
  ExpectVtpIsWholeMesh(dir / "ct.vtp", Whole(volume, 300, false));
}

TEST(MpiIsosurfaceAppOnThreeRanks, BadRunsSayWhyOnceAndLeaveNothing) {
  // A failing mpirun takes seconds to wind down: one rank count is enough here.
  const fs::path dir = FreshDirectory();
  WriteMha(TestVolume(), dir / "volume.mha");
  const RunResult missing = RunRanks(3, {"nothing.mha", "--iso", "1", "--output", "o.pvtp"}, dir);
  EXPECT_EQ(missing.exitCode, 1);
  EXPECT_NE(missing.err.find("cumed-mpi-isosurface: error: rank 0: INPUT 'nothing.mha' does not "
                             "exist"),
            std::string::npos)
      << missing.err;
  const RunResult help = RunRanks(3, {"--help"}, dir);
  EXPECT_EQ(help.exitCode, 0);
  EXPECT_EQ(help.out.find("Usage: mpirun"), help.out.rfind("Usage: mpirun")) << "printed once";
  EXPECT_NE(help.out.find("Exit status"), std::string::npos);
  const RunResult usage = RunRanks(3, {"volume.mha", "--output", "o.vtp"}, dir);
  EXPECT_EQ(usage.exitCode, 2);
  EXPECT_NE(usage.err.find("--iso V is required"), std::string::npos) << usage.err;
  // Printed by rank 0 only.
  EXPECT_EQ(usage.err.find("--iso V is required"), usage.err.rfind("--iso V is required"));
  const RunResult backend =
      RunRanks(3, {"volume.mha", "--iso", "1", "--output", "o.pvtp", "--backend", "gpu"}, dir);
  EXPECT_EQ(backend.exitCode, 2);
  EXPECT_NE(backend.err.find("--backend"), std::string::npos) << backend.err;
  if (!CudaUsable()) {
    const RunResult noGpu =
        RunRanks(3, {"volume.mha", "--iso", "1", "--output", "o.pvtp", "--backend", "cuda"}, dir);
    EXPECT_EQ(noGpu.exitCode, 1);
    EXPECT_NE(noGpu.err.find("rank 0: --backend cuda: "), std::string::npos) << noGpu.err;
  }
  std::ofstream(dir / "o_0.vtp") << "not mine";
  const RunResult exists = RunRanks(3, {"volume.mha", "--iso", "1", "--output", "o.pvtp"}, dir);
  EXPECT_EQ(exists.exitCode, 2);
  EXPECT_NE(exists.err.find("piece 'o_0.vtp' exists; --force replaces it"), std::string::npos)
      << exists.err;
  // A truncated data file: refused before any plane is read, no output at all.
  fs::resize_file(dir / "volume.raw", 1000);
  const RunResult truncated = RunRanks(3, {"volume.mha", "--iso", "1", "--output", "t.pvtp"}, dir);
  EXPECT_EQ(truncated.exitCode, 1);
  EXPECT_NE(truncated.err.find("rank 0: "), std::string::npos) << truncated.err;
  const std::set<std::string> expected{"o_0.vtp", "volume.mha", "volume.raw"};
  EXPECT_EQ(apptest::DirectoryNames(dir), expected);
}

// The options every program takes: --version, --json, --quiet, --threads (once, by rank 0).
TEST(MpiIsosurfaceAppOnTwoRanks, ScriptOptions) {
  const fs::path dir = FreshDirectory();
  const Volume16 volume = TestVolume();
  WriteMha(volume, dir / "volume.mha");
  const RunResult version = RunRanks(2, {"--version"}, dir);
  EXPECT_EQ(version.exitCode, 0) << version.err;
  EXPECT_EQ(version.out.rfind("cumed-mpi-isosurface ", 0), 0u) << version.out;
  EXPECT_EQ(version.out.find("CUDA backend: "), version.out.rfind("CUDA backend: "));

  const RunResult json = RunRanks(
      2,
      {"volume.mha", "--iso", "150", "--output", "j.pvtp", "--json", "--quiet", "--threads", "1"},
      dir);
  ASSERT_EQ(json.exitCode, 0) << json.err;
  EXPECT_TRUE(json.err.empty()) << json.err;
  const apptest::JsonValue summary = apptest::ParseJson(json.out); // one object, printed once
  EXPECT_EQ(summary["program"].text, "cumed-mpi-isosurface");
  EXPECT_EQ(summary["output"].text, "j.pvtp");
  EXPECT_EQ(summary["ranks"].number, 2);
  EXPECT_EQ(summary["points"].number, Whole(volume, 150, false).numberOfPoints());
  EXPECT_EQ(summary["input_read"].text, "streamed");

  const RunResult threads =
      RunRanks(2, {"volume.mha", "--iso", "1", "--output", "t.pvtp", "--threads", "0"}, dir);
  EXPECT_EQ(threads.exitCode, 2);
  EXPECT_NE(threads.err.find("--threads 0 is outside 1..4096"), std::string::npos) << threads.err;
  EXPECT_FALSE(fs::exists(dir / "t.pvtp"));
}

// NaN/inf voxels are counted once over the ranks (their own planes, not the halos), as
// cumed-isosurface counts them, and the summary says how many.
TEST(MpiIsosurfaceAppOnThreeRanks, NonFiniteVoxelsAreCountedOnce) {
  const fs::path dir = FreshDirectory();
  const int n = 12;
  std::vector<float> values(std::size_t(n) * n * n);
  for (int z = 0; z < n; ++z)
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x)
        values[(std::size_t(z) * n + y) * n + x] = float(x * x + y * y + z * z);
  // One in each rank's slab and one on a slab boundary (a halo plane of the next rank).
  const std::size_t bad[] = {1 + n * (1 + n * 1), 5 + n * (6 + n * 4), 2 + n * (3 + n * 8),
                             7 + n * (7 + n * 11)};
  for (const std::size_t v : bad) values[v] = std::nanf("");
  values[bad[1]] = std::numeric_limits<float>::infinity();
  {
    std::ofstream header(dir / "nan.mha");
    header << "ObjectType = Image\nNDims = 3\nBinaryData = True\nBinaryDataByteOrderMSB = False\n"
           << "DimSize = " << n << " " << n << " " << n
           << "\nElementType = MET_FLOAT\nElementDataFile = nan.raw\n";
    std::ofstream raw(dir / "nan.raw", std::ios::binary);
    raw.write(reinterpret_cast<const char*>(values.data()), std::streamsize(values.size() * 4));
  }
  std::int64_t pointsOnOneRank = -1;
  for (const int ranks : {1, 3}) {
    const std::string output = "nan" + std::to_string(ranks) + ".pvtp";
    const RunResult run =
        RunRanks(ranks, {"nan.mha", "--iso", "40", "--output", output, "--json"}, dir);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const apptest::JsonValue summary = apptest::ParseJson(run.out);
    EXPECT_EQ(summary["non_finite_voxels"].number, 4) << ranks << " ranks";
    EXPECT_NE(run.err.find("the volume has 4 non-finite voxels"), std::string::npos) << run.err;
    if (ranks == 1)
      pointsOnOneRank = std::int64_t(summary["non_finite_points"].number);
    else
      EXPECT_EQ(summary["non_finite_points"].number, pointsOnOneRank);
  }
}

INSTANTIATE_TEST_SUITE_P(Ranks, MpiIsosurfaceApp, ::testing::Values(1, 2, 3, 4));

} // namespace
