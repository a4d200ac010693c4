// SurfaceFormatOf and WriteSurfaceFile: the format the extension names (any case), each format
// read back with VTK's reader, unwritable files refused by name.
#include "cumed/meshio/SurfaceWriter.h"
#include "cumed/core/Error.h"

#include <gtest/gtest.h>
#include <vtkCellArray.h>
#include <vtkNew.h>
#include <vtkPLYReader.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkSTLReader.h>
#include <vtkXMLPolyDataReader.h>

#include <filesystem>
#include <string>
#include <unistd.h>

namespace cumed::meshio {
namespace {
namespace fs = std::filesystem;

// A tetrahedron: 4 points, 4 triangles.
vtkSmartPointer<vtkPolyData> Tetrahedron() {
  vtkNew<vtkPoints> points;
  points->InsertNextPoint(0, 0, 0);
  points->InsertNextPoint(1, 0, 0);
  points->InsertNextPoint(0, 1, 0);
  points->InsertNextPoint(0, 0, 1);
  vtkNew<vtkCellArray> triangles;
  const vtkIdType faces[4][3] = {{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}};
  for (const auto& face : faces) triangles->InsertNextCell(3, face);
  auto mesh = vtkSmartPointer<vtkPolyData>::New();
  mesh->SetPoints(points);
  mesh->SetPolys(triangles);
  return mesh;
}

template <class Reader> vtkSmartPointer<vtkPolyData> ReadBack(const fs::path& file) {
  vtkNew<Reader> reader;
  reader->SetFileName(file.string().c_str());
  reader->Update();
  return reader->GetOutput();
}

class SurfaceWriter : public ::testing::Test {
protected:
  SurfaceWriter()
      : dir_(fs::temp_directory_path() / ("cumed-surface-writer-" + std::to_string(::getpid()))) {
    fs::create_directories(dir_);
  }
  ~SurfaceWriter() override {
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
  }
  fs::path dir_;
};

TEST_F(SurfaceWriter, TheExtensionNamesTheFormat) {
  EXPECT_EQ(SurfaceFormatOf("a/b.vtp"), SurfaceFormat::Vtp);
  EXPECT_EQ(SurfaceFormatOf("b.STL"), SurfaceFormat::Stl);
  EXPECT_EQ(SurfaceFormatOf("b.Ply"), SurfaceFormat::Ply);
  try {
    SurfaceFormatOf("mesh.obj");
    FAIL();
  } catch (const cumed::InvalidArgument& e) {
    EXPECT_EQ(std::string(e.what()), "unsupported file type '.obj' (use .vtp, .stl or .ply)");
  }
  EXPECT_THROW(SurfaceFormatOf("mesh"), cumed::InvalidArgument);
}

TEST_F(SurfaceWriter, EveryFormatReadsBack) {
  const auto mesh = Tetrahedron();
  WriteSurfaceFile(mesh, dir_ / "t.vtp", VtpCompression::None);
  WriteSurfaceFile(mesh, dir_ / "t.stl");
  WriteSurfaceFile(mesh, dir_ / "t.ply");
  const vtkSmartPointer<vtkPolyData> read[3] = {ReadBack<vtkXMLPolyDataReader>(dir_ / "t.vtp"),
                                                ReadBack<vtkSTLReader>(dir_ / "t.stl"),
                                                ReadBack<vtkPLYReader>(dir_ / "t.ply")};
  for (int f = 0; f < 3; ++f) {
    const auto& back = read[f];
    ASSERT_EQ(back->GetNumberOfPoints(), 4) << "file " << f;
    ASSERT_EQ(back->GetNumberOfPolys(), 4);
    double bounds[6];
    back->GetBounds(bounds);
    EXPECT_EQ(bounds[1], 1.0);
    EXPECT_EQ(bounds[5], 1.0);
  }
  // The PLY file keeps the points and the triangles in order.
  for (vtkIdType p = 0; p < 4; ++p) {
    double expected[3], actual[3];
    mesh->GetPoint(p, expected);
    read[2]->GetPoint(p, actual);
    for (int c = 0; c < 3; ++c) EXPECT_EQ(actual[c], expected[c]);
  }
  vtkNew<vtkIdList> cell;
  read[2]->GetPolys()->GetCellAtId(3, cell);
  EXPECT_EQ(cell->GetId(0), 1);
  EXPECT_EQ(cell->GetId(2), 3);
}

TEST_F(SurfaceWriter, AnUpperCasePlyNameIsWrittenUnderThatName) {
  // VTK's PLY writer would write "t.PLY.ply" instead.
  WriteSurfaceFile(Tetrahedron(), dir_ / "t.PLY");
  EXPECT_FALSE(fs::exists(dir_ / "t.PLY.ply"));
  ASSERT_TRUE(fs::exists(dir_ / "t.PLY"));
  fs::copy_file(dir_ / "t.PLY", dir_ / "copy.ply"); // VTK's reader has the same habit
  const auto back = ReadBack<vtkPLYReader>(dir_ / "copy.ply");
  EXPECT_EQ(back->GetNumberOfPoints(), 4);
  EXPECT_EQ(back->GetNumberOfPolys(), 4);
}

TEST_F(SurfaceWriter, AFileThatCannotBeWrittenIsNamed) {
  const fs::path file = dir_ / "no-such-dir" / "t.ply";
  try {
    WriteSurfaceFile(Tetrahedron(), file, SurfaceFormat::Ply);
    FAIL();
  } catch (const cumed::Error& e) {
    EXPECT_EQ(std::string(e.what()).rfind("cannot write '" + file.string() + "'", 0), 0u)
        << e.what();
  }
  EXPECT_FALSE(fs::exists(file));
}

} // namespace
} // namespace cumed::meshio
