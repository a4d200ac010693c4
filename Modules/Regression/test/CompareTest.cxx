// cumed::regression (Compare.h) called as a C++ test of a user's pipeline calls it: images,
// meshes and pictures written here, compared within and beyond tolerances, the measures checked.
#include "cumed/regression/Compare.h"

#include <gtest/gtest.h>
#include <itkImage.h>
#include <itkImageFileReader.h>
#include <itkImageFileWriter.h>
#include <itkMetaImageIO.h>
#include <itkPNGImageIO.h>
#include <vtkNew.h>
#include <vtkSphereSource.h>
#include <vtkTransform.h>
#include <vtkTransformPolyDataFilter.h>
#include <vtkXMLPolyDataWriter.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace {
namespace fs = std::filesystem;
using namespace cumed::regression;

fs::path WorkDirectory(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("cumed_regression_test_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

double Measure(const Comparison& c, const std::string& name) {
  for (const auto& [key, value] : c.measures)
    if (key == name) return value;
  ADD_FAILURE() << "no measure " << name;
  return -1.0;
}

// A 10x8x6 ramp; `delta` added to voxel (3, 4, 5).
std::string WriteVolume(const fs::path& file, float delta = 0.0f, double spacing = 1.0) {
  using Volume = itk::Image<float, 3>;
  auto image = Volume::New();
  image->SetRegions(Volume::SizeType{{10, 8, 6}});
  image->SetSpacing(spacing);
  image->Allocate();
  float* p = image->GetBufferPointer();
  for (std::size_t i = 0; i < 10 * 8 * 6; ++i) p[i] = static_cast<float>(i);
  image->SetPixel({{3, 4, 5}}, image->GetPixel({{3, 4, 5}}) + delta);
  auto writer = itk::ImageFileWriter<Volume>::New();
  writer->SetImageIO(itk::MetaImageIO::New());
  writer->SetInput(image);
  writer->SetFileName(file.string());
  writer->Update();
  return file.string();
}

// A 16x12 grey picture, 100 everywhere, 200 at the pixels listed.
std::string WritePicture(const fs::path& file, std::vector<std::pair<long, long>> bright = {}) {
  using Picture = itk::Image<unsigned char, 2>;
  auto image = Picture::New();
  image->SetRegions(Picture::SizeType{{16, 12}});
  image->Allocate();
  image->FillBuffer(100);
  for (const auto& [x, y] : bright) image->SetPixel({{x, y}}, 200);
  auto writer = itk::ImageFileWriter<Picture>::New();
  writer->SetImageIO(itk::PNGImageIO::New());
  writer->SetInput(image);
  writer->SetFileName(file.string());
  writer->Update();
  return file.string();
}

// A sphere of radius 10 mm, moved by `shift` along x.
std::string WriteSphere(const fs::path& file, double shift = 0.0) {
  vtkNew<vtkSphereSource> sphere;
  sphere->SetRadius(10.0);
  sphere->SetThetaResolution(16);
  sphere->SetPhiResolution(16);
  vtkNew<vtkTransform> move;
  move->Translate(shift, 0.0, 0.0);
  vtkNew<vtkTransformPolyDataFilter> moved;
  moved->SetInputConnection(sphere->GetOutputPort());
  moved->SetTransform(move);
  vtkNew<vtkXMLPolyDataWriter> writer;
  writer->SetInputConnection(moved->GetOutputPort());
  writer->SetFileName(file.string().c_str());
  writer->Write();
  return file.string();
}

TEST(RegressionCompare, ImagesEqualAndDifferingByOneVoxel) {
  const fs::path dir = WorkDirectory("images");
  const std::string base = WriteVolume(dir / "base.mha");
  const std::string same = WriteVolume(dir / "same.mha");
  const std::string changed = WriteVolume(dir / "changed.mha", 2.5f);
  const Comparison equal = CompareImages(same, base, {});
  EXPECT_TRUE(equal.withinTolerance) << equal.report;
  EXPECT_EQ(Measure(equal, "max_difference"), 0.0);
  EXPECT_EQ(Measure(equal, "voxels"), 480.0);

  const Comparison differs = CompareImages(changed, base, {});
  EXPECT_FALSE(differs.withinTolerance);
  EXPECT_EQ(Measure(differs, "max_difference"), 2.5);
  EXPECT_EQ(Measure(differs, "differing_voxels"), 1.0);
  EXPECT_NE(differs.report.find("at (3, 4, 5)"), std::string::npos) << differs.report;

  Tolerances oneVoxel;
  oneVoxel.voxels = 1;
  EXPECT_TRUE(CompareImages(changed, base, oneVoxel).withinTolerance);
  Tolerances intensity;
  intensity.intensity = 2.5;
  EXPECT_TRUE(CompareImages(changed, base, intensity).withinTolerance);
}

TEST(RegressionCompare, ImageGeometryAndUnreadableFiles) {
  const fs::path dir = WorkDirectory("geometry");
  const std::string base = WriteVolume(dir / "base.mha");
  const std::string wider = WriteVolume(dir / "wider.mha", 0.0f, 1.5);
  const Comparison c = CompareImages(wider, base, {});
  EXPECT_FALSE(c.withinTolerance);
  EXPECT_NE(c.report.find("spacing differs by 0.5"), std::string::npos) << c.report;
  Tolerances loose;
  loose.geometry = 0.5;
  EXPECT_TRUE(CompareImages(wider, base, loose).withinTolerance);
  EXPECT_THROW(CompareImages((dir / "missing.mha").string(), base, {}), FileError);
}

TEST(RegressionCompare, MeshesIdenticalMovedAndWithinDistance) {
  const fs::path dir = WorkDirectory("meshes");
  const std::string base = WriteSphere(dir / "base.vtp");
  const std::string copy = dir / "copy.vtp";
  fs::copy_file(base, copy);
  const Comparison identical = CompareMeshes(copy, base, {});
  EXPECT_TRUE(identical.withinTolerance) << identical.report;
  EXPECT_EQ(Measure(identical, "identical_files"), 1.0);
  EXPECT_EQ(Measure(identical, "hausdorff_distance_mm"), 0.0);
  EXPECT_GT(Measure(identical, "output_triangles"), 0.0);

  const std::string moved = WriteSphere(dir / "moved.vtp", 0.25);
  const Comparison differs = CompareMeshes(moved, base, {});
  EXPECT_FALSE(differs.withinTolerance);
  EXPECT_EQ(Measure(differs, "identical_files"), 0.0);
  EXPECT_NEAR(Measure(differs, "hausdorff_distance_mm"), 0.25, 0.05);
  Tolerances loose;
  loose.distance = 0.3;
  EXPECT_TRUE(CompareMeshes(moved, base, loose).withinTolerance);
  EXPECT_THROW(CompareMeshes((dir / "missing.vtp").string(), base, {}), FileError);
}

TEST(RegressionCompare, PicturesShiftSearchAndDifferencePicture) {
  const fs::path dir = WorkDirectory("pictures");
  const std::string base = WritePicture(dir / "base.png", {{5, 5}});
  const std::string shifted = WritePicture(dir / "shifted.png", {{6, 5}});
  const Comparison c = ComparePictures(shifted, base, {}); // radius 1 forgives the shift
  EXPECT_TRUE(c.withinTolerance) << c.report;
  EXPECT_EQ(Measure(c, "max_difference_unshifted"), 100.0);
  EXPECT_EQ(Measure(c, "differing_pixels"), 0.0);

  Tolerances exact;
  exact.shiftRadius = 0;
  const fs::path difference = dir / "difference.png";
  const Comparison strict = ComparePictures(shifted, base, exact, difference.string());
  EXPECT_FALSE(strict.withinTolerance);
  EXPECT_EQ(Measure(strict, "differing_pixels"), 2.0);
  EXPECT_DOUBLE_EQ(Measure(strict, "differing_pixels_fraction"), 2.0 / 192.0);
  using Picture = itk::Image<unsigned char, 2>;
  auto reader = itk::ImageFileReader<Picture>::New();
  reader->SetImageIO(itk::PNGImageIO::New());
  reader->SetFileName(difference.string());
  reader->Update();
  EXPECT_EQ(reader->GetOutput()->GetPixel({{6, 5}}), 100);
  EXPECT_EQ(reader->GetOutput()->GetPixel({{0, 0}}), 0);

  const std::string volume = WriteVolume(dir / "volume.mha");
  EXPECT_THROW(ComparePictures(volume, volume, {}), cumed::InvalidArgument);
}

TEST(RegressionCompare, KindsAndSameBytes) {
  EXPECT_EQ(KindOfFiles("a.vtp", "b.STL"), Kind::Mesh);
  EXPECT_EQ(KindOfFiles("a.png", "b.png"), Kind::Rendering);
  EXPECT_EQ(KindOfFiles("a.mha", "b.nii.gz"), Kind::Image);
  EXPECT_THROW(KindOfFiles("a.vtp", "b.mha"), cumed::InvalidArgument);
  EXPECT_STREQ(ToString(Kind::Rendering), "rendering");
  EXPECT_TRUE(IsMeshFile("x.OBJ"));
  EXPECT_FALSE(IsMeshFile("x.mha"));

  const fs::path dir = WorkDirectory("bytes");
  std::ofstream(dir / "a") << "same";
  std::ofstream(dir / "b") << "same";
  std::ofstream(dir / "c") << "diff";
  EXPECT_TRUE(SameBytes((dir / "a").string(), (dir / "b").string()));
  EXPECT_FALSE(SameBytes((dir / "a").string(), (dir / "c").string()));
  EXPECT_THROW(SameBytes((dir / "a").string(), (dir / "none").string()), FileError);

  const std::string base = WriteVolume(dir / "base.mha");
  EXPECT_TRUE(CompareFiles(Kind::Image, base, base, {}).withinTolerance);
}

} // namespace
