// The files of PIV results (FieldFiles.h): a field image written as .vti and legacy .vtk and read
// back with its arrays, pathlines as .vtp, an unwritable file named; the seeds of a field
// image's grid (GridSeeds, Pathlines.h).
#include "cumed/piv/FieldFiles.h"

#include "cumed/core/Error.h"
#include "cumed/piv/Pathlines.h"

#include <gtest/gtest.h>
#include <vtkCellArray.h>
#include <vtkDataArray.h>
#include <vtkDataSetReader.h>
#include <vtkFloatArray.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkXMLImageDataReader.h>
#include <vtkXMLPolyDataReader.h>

#include <filesystem>
#include <string>

namespace fs = std::filesystem;
using namespace cumed::piv;

namespace {

fs::path FreshDirectory() {
  const fs::path dir = fs::temp_directory_path() / "cumed_piv_field_files_test";
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

/// A 4 x 3 grid at origin (16, 8), spacing 8, with "velocity" (i, j, 0).
vtkNew<vtkImageData> Field() {
  vtkNew<vtkImageData> image;
  image->SetDimensions(4, 3, 1);
  image->SetOrigin(16, 8, 0);
  image->SetSpacing(8, 8, 1);
  vtkNew<vtkFloatArray> velocity;
  velocity->SetName("velocity");
  velocity->SetNumberOfComponents(3);
  velocity->SetNumberOfTuples(12);
  for (int j = 0; j < 3; ++j)
    for (int i = 0; i < 4; ++i) velocity->SetTuple3(j * 4 + i, i, j, 0);
  image->GetPointData()->AddArray(velocity);
  return image;
}

void ExpectField(vtkImageData* read) {
  ASSERT_TRUE(read);
  int dims[3];
  read->GetDimensions(dims);
  EXPECT_EQ(dims[0], 4);
  EXPECT_EQ(dims[1], 3);
  EXPECT_EQ(read->GetOrigin()[0], 16.0);
  EXPECT_EQ(read->GetSpacing()[1], 8.0);
  vtkDataArray* velocity = read->GetPointData()->GetArray("velocity");
  ASSERT_TRUE(velocity);
  EXPECT_EQ(velocity->GetComponent(7, 0), 3.0);
  EXPECT_EQ(velocity->GetComponent(7, 1), 1.0);
}

TEST(PivFieldFiles, FieldsAsVtiAndLegacyVtk) {
  const fs::path dir = FreshDirectory();
  EXPECT_STREQ(FieldExtension(FieldFormat::Vti), ".vti");
  EXPECT_STREQ(FieldExtension(FieldFormat::Vtk), ".vtk");
  auto field = Field();
  WriteFieldImage(dir / "f.vti", field, FieldFormat::Vti);
  vtkNew<vtkXMLImageDataReader> xml;
  xml->SetFileName((dir / "f.vti").string().c_str());
  xml->Update();
  ExpectField(xml->GetOutput());

  WriteFieldImage(dir / "f.vtk", field, FieldFormat::Vtk);
  vtkNew<vtkDataSetReader> legacy;
  legacy->SetFileName((dir / "f.vtk").string().c_str());
  legacy->Update();
  ExpectField(vtkImageData::SafeDownCast(legacy->GetOutput()));

  try {
    WriteFieldImage(dir / "missing" / "f.vti", field, FieldFormat::Vti);
    ADD_FAILURE() << "no exception";
  } catch (const cumed::Error& e) {
    EXPECT_NE(std::string(e.what()).find("cannot write '" + (dir / "missing" / "f.vti").string()),
              std::string::npos)
        << e.what();
  }
  EXPECT_THROW(WriteFieldImage(dir / "g.vti", nullptr, FieldFormat::Vti), cumed::InvalidArgument);
}

TEST(PivFieldFiles, PathlinesAsVtp) {
  const fs::path dir = FreshDirectory();
  vtkNew<vtkPolyData> lines;
  vtkNew<vtkPoints> points;
  points->InsertNextPoint(0, 0, 0);
  points->InsertNextPoint(1, 2, 0);
  points->InsertNextPoint(3, 3, 0);
  lines->SetPoints(points);
  vtkNew<vtkCellArray> cells;
  const vtkIdType ids[3] = {0, 1, 2};
  cells->InsertNextCell(3, ids);
  lines->SetLines(cells);
  WritePathlines(dir / "p.vtp", lines);
  vtkNew<vtkXMLPolyDataReader> reader;
  reader->SetFileName((dir / "p.vtp").string().c_str());
  reader->Update();
  EXPECT_EQ(reader->GetOutput()->GetNumberOfPoints(), 3);
  EXPECT_EQ(reader->GetOutput()->GetNumberOfLines(), 1);
  EXPECT_EQ(reader->GetOutput()->GetPoint(1)[1], 2.0);
  EXPECT_THROW(WritePathlines(dir / "q.vtp", nullptr), cumed::InvalidArgument);
}

TEST(PivFieldFiles, GridSeedsEveryKthPointRowByRow) {
  auto field = Field();
  const auto all = GridSeeds(field);
  ASSERT_EQ(all.size(), 12u);
  EXPECT_EQ(all[5], (std::array<double, 3>{24, 16, 0}));
  const auto every2 = GridSeeds(field, 2);
  ASSERT_EQ(every2.size(), 4u); // i = 0, 2 and j = 0, 2
  EXPECT_EQ(every2[0], (std::array<double, 3>{16, 8, 0}));
  EXPECT_EQ(every2[1], (std::array<double, 3>{32, 8, 0}));
  EXPECT_EQ(every2[2], (std::array<double, 3>{16, 24, 0}));
  EXPECT_EQ(every2[3], (std::array<double, 3>{32, 24, 0}));
  EXPECT_THROW(GridSeeds(field, 0), cumed::InvalidArgument);
  EXPECT_THROW(GridSeeds(nullptr), cumed::InvalidArgument);
}

} // namespace
