// CuMed::MeshIO: .vtp files read back by vtkXMLPolyDataReader unchanged for every compression
// (from a SurfaceMesh and from a vtkPolyData), binary STL read back by vtkSTLReader equal to
// vtkSTLWriter's, empty meshes, and errors that name the file.
#include "cumed/core/Error.h"
#include "cumed/core/Image.h"
#include "cumed/meshio/StlWriter.h"
#include "cumed/meshio/VtpWriter.h"
#include "cumed/surface/Isosurface.h"
#include "cumed/vtk/VtkMeshBridge.h"

#include <gtest/gtest.h>
#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkDataArray.h>
#include <vtkDoubleArray.h>
#include <vtkFloatArray.h>
#include <vtkIdTypeArray.h>
#include <vtkIntArray.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkSTLReader.h>
#include <vtkSTLWriter.h>
#include <vtkStringArray.h>
#include <vtkUnsignedCharArray.h>
#include <vtkXMLPolyDataReader.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;
using cumed::SurfaceMesh;
using cumed::meshio::VtpCompression;
using cumed::meshio::VtpOptions;

namespace {

class TempDir {
public:
  TempDir() {
    path_ = fs::temp_directory_path() /
            ("cumed-mesh-io-test-" + std::to_string(::getpid()) + "-" + std::to_string(next_++));
    fs::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  fs::path operator/(const std::string& name) const { return path_ / name; }

private:
  static inline int next_ = 0;
  fs::path path_;
};

/// Two overlapping balls (sum of inverse squares) contoured by CuMed's CPU marching cubes, with
/// normals, scalars and one attribute (the x coordinate of the grid).
SurfaceMesh Balls(std::size_t n) {
  cumed::ImageGeometry geometry;
  geometry.size = {n, n, n};
  geometry.spacing = {0.5, 0.75, 1.0};
  geometry.origin = {-3.0, 2.0, 10.0};
  cumed::Image volume =
      cumed::Image::Allocate(cumed::PixelType::Float32, geometry, cumed::MemoryLocation::Host);
  cumed::Image xs =
      cumed::Image::Allocate(cumed::PixelType::Float32, geometry, cumed::MemoryLocation::Host);
  float* f = volume.view<float>().data;
  float* x = xs.view<float>().data;
  const double c = n / 2.0, r = n / 5.0;
  for (std::size_t k = 0; k < n; ++k)
    for (std::size_t j = 0; j < n; ++j)
      for (std::size_t i = 0; i < n; ++i) {
        const double d1 = (i - c + r / 2) * (i - c + r / 2) + (j - c) * (j - c) + (k - c) * (k - c);
        const double d2 = (i - c - r / 2) * (i - c - r / 2) + (j - c) * (j - c) + (k - c) * (k - c);
        f[(k * n + j) * n + i] = static_cast<float>(r * r / (d1 + 1e-3) + r * r / (d2 + 1e-3));
        x[(k * n + j) * n + i] = static_cast<float>(i);
      }
  cumed::surface::IsosurfaceOptions options;
  options.backend = cumed::Backend::CPU;
  options.values = {1.0};
  options.computeNormals = true;
  options.computeScalars = true;
  return cumed::surface::ExtractIsosurface(volume, options, {&xs}).mesh;
}

const SurfaceMesh& TestMesh() {
  static const SurfaceMesh mesh = Balls(40);
  return mesh;
}

vtkSmartPointer<vtkPolyData> ReadVtp(const fs::path& file) {
  vtkNew<vtkXMLPolyDataReader> reader;
  reader->SetFileName(file.c_str());
  reader->Update();
  EXPECT_EQ(reader->GetErrorCode(), 0) << file;
  vtkSmartPointer<vtkPolyData> output = reader->GetOutput();
  return output;
}

template <class T> std::vector<T> Values(vtkDataArray* array) {
  std::vector<T> values(static_cast<std::size_t>(array->GetNumberOfValues()));
  for (std::size_t i = 0; i < values.size(); ++i)
    values[i] = static_cast<T>(array->GetComponent(i / array->GetNumberOfComponents(),
                                                   i % array->GetNumberOfComponents()));
  return values;
}

template <class T> std::vector<T> Values(const cumed::MeshArray<T>& array) {
  return std::vector<T>(array.begin(), array.end());
}

std::vector<std::int64_t> Connectivity(vtkCellArray* cells) {
  vtkNew<vtkIdTypeArray> ids;
  cells->ExportLegacyFormat(ids);
  return Values<std::int64_t>(ids);
}

/// The read-back surface holds exactly the mesh (points, triangles, point data in
/// ToVtkPolyData's order and names, active scalars and normals).
void ExpectSameAsMesh(vtkPolyData* read, const SurfaceMesh& mesh, const std::string& attribute) {
  ASSERT_EQ(read->GetNumberOfPoints(), mesh.numberOfPoints());
  ASSERT_EQ(read->GetNumberOfPolys(), mesh.numberOfTriangles());
  EXPECT_EQ(read->GetNumberOfVerts() + read->GetNumberOfLines() + read->GetNumberOfStrips(), 0);
  if (mesh.numberOfPoints() > 0) {
    EXPECT_EQ(read->GetPoints()->GetDataType(), VTK_FLOAT);
    EXPECT_EQ(Values<float>(read->GetPoints()->GetData()), Values(mesh.points));
  }
  std::vector<std::int64_t> expected;
  for (std::int64_t t = 0; t < mesh.numberOfTriangles(); ++t) {
    expected.push_back(3);
    for (int k = 0; k < 3; ++k) expected.push_back(mesh.triangles[3 * t + k]);
  }
  EXPECT_EQ(Connectivity(read->GetPolys()), expected);

  vtkPointData* pd = read->GetPointData();
  ASSERT_EQ(pd->GetNumberOfArrays(), 3);
  EXPECT_STREQ(pd->GetArrayName(0), attribute.c_str());
  EXPECT_STREQ(pd->GetArrayName(1), "Scalars");
  EXPECT_STREQ(pd->GetArrayName(2), "Normals");
  EXPECT_EQ(Values<float>(pd->GetArray(0)), Values(mesh.attributes[0]));
  EXPECT_EQ(Values<float>(pd->GetArray(1)), Values(mesh.scalars));
  ASSERT_NE(pd->GetNormals(), nullptr);
  EXPECT_STREQ(pd->GetNormals()->GetName(), "Normals");
  EXPECT_EQ(pd->GetNormals()->GetNumberOfComponents(), 3);
  EXPECT_EQ(Values<float>(pd->GetNormals()), Values(mesh.normals));
  ASSERT_NE(pd->GetScalars(), nullptr);
  EXPECT_STREQ(pd->GetScalars()->GetName(), "Scalars");
}

vtkSmartPointer<vtkPolyData> AsPolyData(const SurfaceMesh& mesh, const std::string& attribute) {
  auto surface = vtkSmartPointer<vtkPolyData>::New();
  vtkNew<vtkFloatArray> scalars;
  scalars->SetName("Scalars");
  scalars->SetNumberOfTuples(mesh.numberOfPoints());
  for (std::int64_t p = 0; p < mesh.numberOfPoints(); ++p) scalars->SetValue(p, mesh.scalars[p]);
  cumed::ToVtkPolyData(mesh, surface, {attribute}, scalars);
  return surface;
}

class VtpRoundTrip : public ::testing::TestWithParam<VtpCompression> {};

TEST_P(VtpRoundTrip, MeshReadsBackExactly) {
  const SurfaceMesh& mesh = TestMesh();
  ASSERT_GT(mesh.numberOfTriangles(), 1000);
  TempDir dir;
  const fs::path file = dir / "mesh.vtp";
  cumed::meshio::WriteVtp(mesh, file, VtpOptions{GetParam()}, {"x <&\"grid\">"});
  ExpectSameAsMesh(ReadVtp(file), mesh, "x <&\"grid\">");
}

TEST_P(VtpRoundTrip, PolyDataReadsBackExactly) {
  const SurfaceMesh& mesh = TestMesh();
  TempDir dir;
  const fs::path file = dir / "surface.vtp";
  cumed::meshio::WriteVtp(AsPolyData(mesh, "x"), file, GetParam());
  ExpectSameAsMesh(ReadVtp(file), mesh, "x");
}

TEST_P(VtpRoundTrip, BlocksOfAnySize) {
  if (GetParam() == VtpCompression::None) GTEST_SKIP() << "no blocks without compression";
  const SurfaceMesh& mesh = TestMesh();
  TempDir dir;
  // 12 bytes: every array a whole number of blocks; 1000: a partial last block everywhere.
  for (const std::size_t block : {std::size_t{12}, std::size_t{1000}, std::size_t{1} << 24}) {
    const fs::path file = dir / ("blocks-" + std::to_string(block) + ".vtp");
    VtpOptions options{GetParam()};
    options.blockBytes = block;
    options.level = 9;
    cumed::meshio::WriteVtp(mesh, file, options, {"x"});
    SCOPED_TRACE(block);
    ExpectSameAsMesh(ReadVtp(file), mesh, "x");
  }
}

TEST_P(VtpRoundTrip, EmptyMesh) {
  TempDir dir;
  const fs::path fromMesh = dir / "empty-mesh.vtp", fromPolyData = dir / "empty-polydata.vtp";
  cumed::meshio::WriteVtp(SurfaceMesh{}, fromMesh, GetParam());
  vtkNew<vtkPolyData> empty;
  cumed::meshio::WriteVtp(empty, fromPolyData, GetParam());
  for (const fs::path& file : {fromMesh, fromPolyData}) {
    vtkSmartPointer<vtkPolyData> read = ReadVtp(file);
    EXPECT_EQ(read->GetNumberOfPoints(), 0) << file;
    EXPECT_EQ(read->GetNumberOfCells(), 0) << file;
  }
}

TEST_P(VtpRoundTrip, AnyPolyData) {
  // Double points, 32-bit cell storage, vertices, lines, triangles and a quad, point and cell
  // data of several types, an unnamed array, active vectors.
  vtkNew<vtkPolyData> surface;
  vtkNew<vtkPoints> points;
  points->SetDataTypeToDouble();
  for (int i = 0; i < 7; ++i) points->InsertNextPoint(0.1 * i, std::sqrt(i), -1.0 / (i + 1));
  surface->SetPoints(points);
  vtkNew<vtkCellArray> verts, lines, polys;
  verts->Use32BitStorage();
  const vtkIdType v[] = {6}, l[] = {0, 1, 2}, t[] = {0, 1, 2}, q[] = {2, 3, 4, 5};
  verts->InsertNextCell(1, v);
  lines->InsertNextCell(3, l);
  polys->InsertNextCell(3, t);
  polys->InsertNextCell(4, q);
  surface->SetVerts(verts);
  surface->SetLines(lines);
  surface->SetPolys(polys);
  vtkNew<vtkIntArray> labels;
  labels->SetName("labels");
  vtkNew<vtkUnsignedCharArray> unnamed;
  unnamed->SetNumberOfComponents(2);
  vtkNew<vtkDoubleArray> vectors;
  vectors->SetName("velocity");
  vectors->SetNumberOfComponents(3);
  for (int i = 0; i < 7; ++i) {
    labels->InsertNextValue(1000 * i - 3);
    unnamed->InsertNextTuple2(i, 255 - i);
    vectors->InsertNextTuple3(i, -i, 0.5 * i);
  }
  surface->GetPointData()->AddArray(labels);
  surface->GetPointData()->AddArray(unnamed);
  surface->GetPointData()->SetVectors(vectors);
  vtkNew<vtkFloatArray> area;
  area->SetName("area");
  for (int c = 0; c < 4; ++c) area->InsertNextValue(0.25f * c);
  surface->GetCellData()->SetScalars(area);

  TempDir dir;
  const fs::path file = dir / "any.vtp";
  cumed::meshio::WriteVtp(surface, file, GetParam());
  vtkSmartPointer<vtkPolyData> read = ReadVtp(file);
  ASSERT_EQ(read->GetNumberOfPoints(), 7);
  EXPECT_EQ(read->GetPoints()->GetDataType(), VTK_DOUBLE);
  EXPECT_EQ(Values<double>(read->GetPoints()->GetData()), Values<double>(points->GetData()));
  EXPECT_EQ(Connectivity(read->GetVerts()), Connectivity(verts));
  EXPECT_EQ(Connectivity(read->GetLines()), Connectivity(lines));
  EXPECT_EQ(Connectivity(read->GetPolys()), Connectivity(polys));
  vtkPointData* pd = read->GetPointData();
  ASSERT_EQ(pd->GetNumberOfArrays(), 3);
  EXPECT_EQ(Values<int>(pd->GetArray("labels")), Values<int>(labels));
  EXPECT_EQ(pd->GetArray(1)->GetNumberOfComponents(), 2);
  EXPECT_EQ(Values<int>(pd->GetArray(1)), Values<int>(unnamed));
  ASSERT_NE(pd->GetVectors(), nullptr);
  EXPECT_STREQ(pd->GetVectors()->GetName(), "velocity");
  EXPECT_EQ(Values<double>(pd->GetVectors()), Values<double>(vectors));
  ASSERT_NE(read->GetCellData()->GetScalars(), nullptr);
  EXPECT_EQ(Values<float>(read->GetCellData()->GetScalars()), Values<float>(area));
}

INSTANTIATE_TEST_SUITE_P(Compressions, VtpRoundTrip,
                         ::testing::Values(VtpCompression::None, VtpCompression::LZ4,
                                           VtpCompression::ZLib),
                         [](const auto& info) { return cumed::meshio::ToString(info.param); });

TEST(VtpWriter, CompressionNames) {
  for (const VtpCompression c : {VtpCompression::None, VtpCompression::LZ4, VtpCompression::ZLib})
    EXPECT_EQ(cumed::meshio::ParseVtpCompression(cumed::meshio::ToString(c)), c);
  EXPECT_FALSE(cumed::meshio::ParseVtpCompression("LZ4").has_value());
  EXPECT_FALSE(cumed::meshio::ParseVtpCompression("gzip").has_value());
  EXPECT_EQ(VtpOptions{}.compression, VtpCompression::LZ4);
}

TEST(VtpWriter, RefusesWhatItCannotWrite) {
  TempDir dir;
  vtkNew<vtkPolyData> surface;
  vtkNew<vtkStringArray> names;
  names->SetName("names");
  surface->GetPointData()->AddArray(names);
  EXPECT_THROW(cumed::meshio::WriteVtp(surface, dir / "s.vtp"), cumed::InvalidArgument);
  EXPECT_THROW(cumed::meshio::WriteVtp(TestMesh(), dir / "m.vtp", VtpOptions{}, {}),
               cumed::InvalidArgument); // one attribute, no name
  EXPECT_FALSE(fs::exists(dir / "s.vtp"));
  EXPECT_FALSE(fs::exists(dir / "m.vtp"));
}

// --- STL ---

struct StlFile {
  std::string header;
  std::vector<float> records; ///< 12 floats per triangle: normal, three vertices
  std::vector<std::uint16_t> attributes;
};

StlFile ReadBinaryStl(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  StlFile stl;
  if (bytes.size() < 84) {
    ADD_FAILURE() << file << " has " << bytes.size() << " bytes";
    return stl;
  }
  stl.header = bytes.substr(0, 80);
  std::uint32_t count = 0;
  std::memcpy(&count, bytes.data() + 80, 4);
  EXPECT_EQ(bytes.size(), 84 + 50 * std::size_t{count}) << file;
  if (bytes.size() != 84 + 50 * std::size_t{count}) return stl;
  stl.records.resize(12 * std::size_t{count});
  stl.attributes.resize(count);
  for (std::uint32_t t = 0; t < count; ++t) {
    std::memcpy(&stl.records[12 * t], bytes.data() + 84 + 50 * t, 48);
    std::memcpy(&stl.attributes[t], bytes.data() + 84 + 50 * t + 48, 2);
  }
  return stl;
}

void WriteWithVtk(vtkPolyData* surface, const fs::path& file) {
  vtkNew<vtkSTLWriter> writer;
  writer->SetInputData(surface);
  writer->SetFileName(file.c_str());
  writer->SetFileTypeToBinary();
  ASSERT_EQ(writer->Write(), 1);
}

vtkSmartPointer<vtkPolyData> ReadStl(const fs::path& file) {
  vtkNew<vtkSTLReader> reader;
  reader->SetFileName(file.c_str());
  reader->Update();
  EXPECT_EQ(reader->GetErrorCode(), 0) << file;
  vtkSmartPointer<vtkPolyData> output = reader->GetOutput();
  return output;
}

/// Ours and vtkSTLWriter's: same triangles read back, same vertices, facet normals within 1e-6.
void ExpectSameAsVtk(const fs::path& ours, const fs::path& vtks) {
  const StlFile a = ReadBinaryStl(ours), b = ReadBinaryStl(vtks);
  EXPECT_EQ(a.header.rfind("binary STL written by CuMed", 0), 0u) << a.header;
  ASSERT_EQ(a.records.size(), b.records.size());
  for (std::size_t t = 0; t < a.records.size() / 12; ++t) {
    for (int c = 0; c < 3; ++c) ASSERT_NEAR(a.records[12 * t + c], b.records[12 * t + c], 1e-6);
    for (int c = 3; c < 12; ++c) ASSERT_EQ(a.records[12 * t + c], b.records[12 * t + c]) << t;
    ASSERT_EQ(a.attributes[t], 0);
  }
  vtkSmartPointer<vtkPolyData> readOurs = ReadStl(ours), readVtks = ReadStl(vtks);
  ASSERT_EQ(readOurs->GetNumberOfPolys(), readVtks->GetNumberOfPolys());
  EXPECT_EQ(Values<float>(readOurs->GetPoints()->GetData()),
            Values<float>(readVtks->GetPoints()->GetData()));
  EXPECT_EQ(Connectivity(readOurs->GetPolys()), Connectivity(readVtks->GetPolys()));
}

TEST(StlWriter, SameTrianglesAsVtkSTLWriter) {
  SurfaceMesh mesh = TestMesh();
  // A degenerate triangle too: a zero normal, as VTK writes it.
  mesh.triangles.push_back(0), mesh.triangles.push_back(0), mesh.triangles.push_back(1);
  vtkSmartPointer<vtkPolyData> surface = AsPolyData(mesh, "x");
  ASSERT_GT(surface->GetNumberOfPolys(), 1000);
  TempDir dir;
  WriteWithVtk(surface, dir / "vtk.stl");
  cumed::meshio::WriteStl(mesh, dir / "mesh.stl");
  cumed::meshio::WriteStl(surface, dir / "polydata.stl");
  ExpectSameAsVtk(dir / "mesh.stl", dir / "vtk.stl");
  ExpectSameAsVtk(dir / "polydata.stl", dir / "vtk.stl");
}

TEST(StlWriter, DoublePointsAndThirtyTwoBitCells) {
  vtkNew<vtkPolyData> surface;
  vtkNew<vtkPoints> points;
  points->SetDataTypeToDouble();
  for (int i = 0; i < 5; ++i)
    points->InsertNextPoint(0.1 * i * i, std::sqrt(i + 0.3), 1.0 / (i + 3));
  vtkNew<vtkCellArray> polys;
  polys->Use32BitStorage();
  const vtkIdType a[] = {0, 1, 2}, b[] = {2, 3, 4}, c[] = {4, 1, 0};
  polys->InsertNextCell(3, a), polys->InsertNextCell(3, b), polys->InsertNextCell(3, c);
  surface->SetPoints(points);
  surface->SetPolys(polys);
  TempDir dir;
  WriteWithVtk(surface, dir / "vtk.stl");
  cumed::meshio::WriteStl(surface, dir / "ours.stl");
  ExpectSameAsVtk(dir / "ours.stl", dir / "vtk.stl");
}

TEST(StlWriter, EmptyMesh) {
  TempDir dir;
  cumed::meshio::WriteStl(SurfaceMesh{}, dir / "mesh.stl");
  vtkNew<vtkPolyData> empty;
  cumed::meshio::WriteStl(empty, dir / "polydata.stl");
  for (const char* name : {"mesh.stl", "polydata.stl"}) {
    const StlFile stl = ReadBinaryStl(dir / name);
    EXPECT_EQ(fs::file_size(dir / name), 84u);
    EXPECT_TRUE(stl.records.empty());
  }
}

TEST(StlWriter, RefusesWhatItCannotWrite) {
  TempDir dir;
  vtkNew<vtkPolyData> quad;
  vtkNew<vtkPoints> points;
  for (int i = 0; i < 4; ++i) points->InsertNextPoint(i, i * i, 0);
  vtkNew<vtkCellArray> polys;
  const vtkIdType q[] = {0, 1, 2, 3};
  polys->InsertNextCell(4, q);
  quad->SetPoints(points);
  quad->SetPolys(polys);
  EXPECT_THROW(cumed::meshio::WriteStl(quad, dir / "quad.stl"), cumed::InvalidArgument);
  SurfaceMesh bad = TestMesh();
  bad.triangles[4] = bad.numberOfPoints();
  EXPECT_THROW(cumed::meshio::WriteStl(bad, dir / "bad.stl"), cumed::InvalidArgument);
  EXPECT_FALSE(fs::exists(dir / "quad.stl"));
  EXPECT_FALSE(fs::exists(dir / "bad.stl"));
}

// --- errors naming the file ---

template <class F> std::string ErrorOf(F&& write) {
  try {
    write();
  } catch (const cumed::InvalidArgument& e) {
    return std::string("unexpected InvalidArgument: ") + e.what();
  } catch (const cumed::Error& e) {
    return e.what();
  }
  return "no error";
}

TEST(MeshWriters, UnwritablePathIsAnErrorNamingIt) {
  const fs::path missing = fs::temp_directory_path() / "cumed-no-such-directory-4d1f" / "out";
  const SurfaceMesh& mesh = TestMesh();
  vtkSmartPointer<vtkPolyData> surface = AsPolyData(mesh, "x");
  for (const std::string& what :
       {ErrorOf([&] { cumed::meshio::WriteVtp(mesh, missing.string() + ".vtp", {}, {"x"}); }),
        ErrorOf([&] { cumed::meshio::WriteVtp(surface, missing.string() + ".vtp"); }),
        ErrorOf([&] { cumed::meshio::WriteStl(mesh, missing.string() + ".stl"); }),
        ErrorOf([&] { cumed::meshio::WriteStl(surface, missing.string() + ".stl"); })}) {
    EXPECT_NE(what.find("cannot create '" + missing.string()), std::string::npos) << what;
    EXPECT_NE(what.find("No such file or directory"), std::string::npos) << what;
  }
}

TEST(MeshWriters, FullDiskIsAnErrorNamingTheFile) {
  // /dev/full fails every write with ENOSPC; the writers must say so (and leave it in place).
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  const SurfaceMesh& mesh = TestMesh();
  for (const VtpCompression c : {VtpCompression::None, VtpCompression::LZ4, VtpCompression::ZLib}) {
    const std::string what =
        ErrorOf([&] { cumed::meshio::WriteVtp(mesh, "/dev/full", VtpOptions{c}, {"x"}); });
    EXPECT_NE(what.find("cannot write '/dev/full': No space left on device"), std::string::npos)
        << what;
  }
  const std::string what = ErrorOf([&] { cumed::meshio::WriteStl(mesh, "/dev/full"); });
  EXPECT_NE(what.find("cannot write '/dev/full': No space left on device"), std::string::npos)
      << what;
  EXPECT_TRUE(fs::exists("/dev/full"));
}

} // namespace

// --- files appear complete, and replace a link rather than write through it ---

TEST(MeshWriters, ReplaceALinkNotTheFileItLeadsToAndLeaveNoTemporaryFile) {
  TempDir dir;
  std::ofstream(dir / "precious.txt") << "someone else's file\n";
  const SurfaceMesh& mesh = TestMesh();
  for (const std::string name : {"link.stl", "link.vtp"}) {
    fs::create_symlink(dir / "precious.txt", dir / name);
    if (name == "link.stl") {
      cumed::meshio::WriteStl(mesh, dir / name);
    } else {
      cumed::meshio::WriteVtp(mesh, dir / name, {}, {"x"});
    }
    EXPECT_FALSE(fs::is_symlink(dir / name)) << name;
    EXPECT_GT(fs::file_size(dir / name), 84u) << name;
  }
  std::ifstream in(dir / "precious.txt");
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "someone else's file");
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir / "")) {
    names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"link.stl", "link.vtp", "precious.txt"}));
}
