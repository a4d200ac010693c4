// CuMed::RegistrationFiles as a C++ user calls it: inputs located and read (files, masks, an
// initial affine .tfm), a saved transform applied to points and to an image, the registration's
// outputs written staged and committed, and the QA pictures; each checked by value.
#include "cumed/registration/itk/ApplyTransform.h"
#include "cumed/registration/itk/QaPictures.h"
#include "cumed/registration/itk/RegistrationInputs.h"
#include "cumed/registration/itk/RegistrationOutputs.h"

#include <gtest/gtest.h>
#include <itkAffineTransform.h>
#include <itkBSplineTransform.h>
#include <itkImageFileReader.h>
#include <itkImageFileWriter.h>
#include <itkImageRegionIteratorWithIndex.h>
#include <itkMetaImageIO.h>
#include <itkPNGImageIO.h>
#include <itkTransformFileWriter.h>
#include <itkTxtTransformIOFactory.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>

namespace {
namespace fs = std::filesystem;
using namespace cumed::registration;

fs::path WorkDirectory(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("cumed_registration_files_test_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string ErrorOf(const std::function<void()>& call) {
  try {
    call();
  } catch (const cumed::Error& e) {
    return e.what();
  }
  ADD_FAILURE() << "no error";
  return "";
}

/// A D-dimensional image of `size` voxels along x and y (8 along z), spacing 2 mm, value
/// x + 100 y (+ 1000 z) in voxels, plus `offset`.
template <unsigned D>
typename FloatImage<D>::Pointer Ramp(float offset = 0.0f, std::size_t size = 12) {
  auto image = FloatImage<D>::New();
  typename FloatImage<D>::RegionType region;
  for (unsigned a = 0; a < D; ++a) region.SetSize(a, a == 2 ? 8 : size);
  image->SetRegions(region);
  image->SetSpacing(2.0);
  image->Allocate();
  itk::ImageRegionIteratorWithIndex<FloatImage<D>> it(image, region);
  for (; !it.IsAtEnd(); ++it) {
    float value = offset;
    for (unsigned a = 0; a < D; ++a)
      value += float(it.GetIndex()[a]) * (a == 0 ? 1 : a == 1 ? 100 : 1000);
    it.Set(value);
  }
  return image;
}

template <class TImage> void Write(const TImage* image, const fs::path& file) {
  auto writer = itk::ImageFileWriter<TImage>::New();
  writer->SetImageIO(itk::MetaImageIO::New());
  writer->SetInput(image);
  writer->SetFileName(file.string());
  writer->Update();
}

void WriteTransform(const itk::Object* transform, const fs::path& file) {
  itk::TxtTransformIOFactory::RegisterOneFactory();
  auto writer = itk::TransformFileWriterTemplate<double>::New();
  writer->SetInput(transform);
  writer->SetFileName(file.string());
  writer->Update();
}

itk::AffineTransform<double, 3>::Pointer Translation(double x) {
  auto affine = itk::AffineTransform<double, 3>::New();
  itk::AffineTransform<double, 3>::OutputVectorType t;
  t.Fill(0.0);
  t[0] = x;
  affine->SetTranslation(t);
  return affine;
}

std::string Text(const fs::path& file) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(RegistrationInputs, LocatesChecksAndReads) {
  const fs::path dir = WorkDirectory("inputs");
  Write(Ramp<3>().GetPointer(), dir / "fixed.mha");
  Write(Ramp<2>().GetPointer(), dir / "flat.mhd"); // a header and its .raw
  const InputImage fixed = LocateImage("FIXED", (dir / "fixed.mha").string());
  EXPECT_EQ(fixed.dimension, 3u);
  EXPECT_FALSE(fixed.dicom);
  const InputImage flat = LocateImage("MOVING", (dir / "flat.mhd").string());
  EXPECT_EQ(flat.dimension, 2u);
  EXPECT_TRUE(LocateImage("FIXED", dir.string()).dicom); // a directory: a DICOM series
  EXPECT_EQ(ErrorOf([&] { LocateImage("--mask", (dir / "none.mha").string()); }),
            "--mask '" + (dir / "none.mha").string() + "' does not exist");
  std::ofstream(dir / "notes.txt") << "text";
  EXPECT_NE(ErrorOf([&] {
              LocateImage("MOVING", (dir / "notes.txt").string());
            }).find("is neither a DICOM series directory nor an image file"),
            std::string::npos);
  EXPECT_NE(ErrorOf([&] {
              CheckSameDimension(fixed, flat);
            }).find("is 3D and MOVING '" + (dir / "flat.mhd").string() + "' is 2D"),
            std::string::npos);

  const cumed::output::ProtectedInputs inputs = ProtectedInputsOf(fixed, flat, {"", "mask.mha"});
  ASSERT_EQ(inputs.files.size(), 4u); // fixed.mha, flat.mhd, flat.raw, mask.mha
  EXPECT_EQ(inputs.files[2].filename(), "flat.raw");
  EXPECT_EQ(inputs.files[3], "mask.mha");

  const auto image = ReadFloatImage<3>(fixed);
  EXPECT_EQ(image->GetPixel({{3, 4, 5}}), 5403.0f);
  EXPECT_EQ(image->GetSpacing()[2], 2.0);
  const auto mask = ReadMask<2>(flat);
  EXPECT_EQ(mask->GetPixel({{7, 0}}), 7);
}

TEST(RegistrationInputs, InitialTransformFiles) {
  const fs::path dir = WorkDirectory("initial");
  WriteTransform(Translation(4.0), dir / "affine.tfm");
  const auto affine = ReadInitialTransform<3>(dir / "affine.tfm", "--initial-transform");
  EXPECT_EQ(affine->GetOffset()[0], 4.0);
  EXPECT_NE(ErrorOf([&] { ReadInitialTransform<2>(dir / "affine.tfm", "--initial-transform"); })
                .find("--initial-transform '" + (dir / "affine.tfm").string() +
                      "' holds a AffineTransform_double_3_3; expected an affine transform of "
                      "dimension 2"),
            std::string::npos);
  auto bspline = itk::BSplineTransform<double, 3, 3>::New();
  WriteTransform(bspline, dir / "bspline.tfm");
  EXPECT_NE(ErrorOf([&] {
              ReadInitialTransform<3>(dir / "bspline.tfm");
            }).find("initial transform file '"),
            std::string::npos);
}

TEST(ApplyTransform, PointsAndImageThroughASavedTranslation) {
  const fs::path dir = WorkDirectory("apply");
  WriteTransform(Translation(2.0), dir / "shift.tfm"); // one voxel along x
  const TransformBaseType::ConstPointer transform = ReadTransformFile(dir / "shift.tfm");
  EXPECT_EQ(transform->GetInputSpaceDimension(), 3u);
  PointList points{{1.0, 2.0, 3.0}, {-1.5, 0.0, 0.25}};
  MapPoints(*transform, points);
  EXPECT_EQ(points, (PointList{{3.0, 2.0, 3.0}, {0.5, 0.0, 0.25}}));

  const auto moving = Ramp<3>();
  const auto reference = Ramp<3>();
  const auto resampled = ResampleOntoReference<3>(*transform, moving, reference, -7.0);
  EXPECT_FLOAT_EQ(resampled->GetPixel({{3, 4, 5}}), moving->GetPixel({{4, 4, 5}}));
  EXPECT_FLOAT_EQ(resampled->GetPixel({{11, 4, 5}}), -7.0f); // x = 24 mm maps outside
  EXPECT_NE(ErrorOf([&] {
              ResampleOntoReference<2>(*transform, Ramp<2>(), Ramp<2>());
            }).find("which does not map 2D points"),
            std::string::npos);

  std::ofstream(dir / "empty.tfm") << "#Insight Transform File V1.0\n";
  EXPECT_NE(ErrorOf([&] {
              ReadTransformFile(dir / "empty.tfm", "--apply-transform");
            }).find("--apply-transform '" + (dir / "empty.tfm").string() + "'"),
            std::string::npos);

  WriteFloatImage(resampled, dir / "written.mha", dir / "written.mha", true);
  auto reader = itk::ImageFileReader<FloatImage<3>>::New();
  reader->SetImageIO(itk::MetaImageIO::New());
  reader->SetFileName((dir / "written.mha").string());
  reader->Update();
  EXPECT_EQ(reader->GetOutput()->GetPixel({{3, 4, 5}}), resampled->GetPixel({{3, 4, 5}}));
}

TEST(RegistrationOutputs, StagedWrittenAndCommittedTogether) {
  const fs::path dir = WorkDirectory("outputs");
  auto filter = cumed::BSplineRegistrationFilter<FloatImage<2>>::New();
  filter->SetFixedImage(Ramp<2>(0.0f, 32));
  filter->SetMovingImage(Ramp<2>(1.0f, 32));
  RegistrationOptions options;
  options.levels = 2;
  options.maximumIterations = 2;
  options.gridSpacing = 8.0;
  options.metric = SimilarityMetric::SSD;
  options.backend = cumed::Backend::CPU;
  filter->SetRegistrationOptions(options);
  filter->Update();
  const RegistrationOutputFiles files{dir / "warped.mha", dir / "field.mha", dir / "transform.tfm",
                                      dir / "jacobian.mha"};
  {
    cumed::output::StagedFiles staged(false);
    WriteRegistrationOutputs<2>(*filter, files, staged);
    EXPECT_FALSE(fs::exists(files.warped)); // staged, not yet in place
    staged.Commit();
  }
  for (const fs::path& file : {files.warped, files.field, files.transform, files.jacobian})
    EXPECT_TRUE(fs::is_regular_file(file)) << file;
  EXPECT_NE(Text(files.transform).find("Transform: BSplineTransform_double_2_2"),
            std::string::npos);
  auto reader = itk::ImageFileReader<FloatImage<2>>::New();
  reader->SetImageIO(itk::MetaImageIO::New());
  reader->SetFileName(files.warped.string());
  reader->Update();
  EXPECT_EQ(reader->GetOutput()->GetPixel({{5, 6}}), filter->GetOutput()->GetPixel({{5, 6}}));

  filter->SetAffineStage(true); // the composite of the affine and the B-spline
  filter->Update();
  cumed::output::StagedFiles again(true);
  WriteRegistrationOutputs<2>(*filter, files, again);
  again.Commit();
  EXPECT_NE(Text(files.transform).find("CompositeTransform_double_2_2"), std::string::npos);
}

TEST(QaPictures, CheckerboardAndDifferenceOfTheMiddleSlice) {
  const fs::path dir = WorkDirectory("pictures");
  const auto fixed = Ramp<3>();
  const auto other = Ramp<3>(50.0f);
  const QaPictureFiles files{dir / "cb-before.png", dir / "cb-after.png", dir / "diff-before.png",
                             dir / "diff-after.png"};
  WriteQaPictures<3>(fixed, other, nullptr, fixed, files);
  using Picture = itk::Image<unsigned char, 2>;
  const auto read = [](const fs::path& file) {
    auto reader = itk::ImageFileReader<Picture>::New();
    reader->SetImageIO(itk::PNGImageIO::New());
    reader->SetFileName(file.string());
    reader->Update();
    return Picture::Pointer(reader->GetOutput());
  };
  // The window is the middle slice's range (z = 4: 4000 .. 4000 + 11 + 1100 = 5111).
  const double range = 1111.0;
  const auto after = read(files.differenceAfter);
  const auto before = read(files.differenceBefore);
  EXPECT_EQ(int(after->GetPixel({{5, 5}})), 0);
  EXPECT_EQ(int(before->GetPixel({{5, 5}})), int(std::lround(255 * 50 / range)));
  const auto checkerboard = read(files.checkerboardBefore);
  EXPECT_EQ(int(checkerboard->GetPixel({{0, 0}})), 0); // FIXED's tile: its minimum
  EXPECT_EQ(int(checkerboard->GetPixel({{1, 0}})), int(std::lround(255 * 51 / range))); // MOVING's
  EXPECT_EQ(checkerboard->GetLargestPossibleRegion().GetSize(0), 12u);
}

} // namespace
