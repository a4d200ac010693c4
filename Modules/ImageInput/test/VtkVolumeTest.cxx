// LocateVolume and ReadVtkVolume: what a path names, and any volume (ITK image file, .vti) as a
// vtkImageData with one contourable scalar array: types kept or converted to float (and said so),
// ITK pixels handed over without a copy, refusals named.
#include "cumed/io/VtkVolume.h"
#include "cumed/core/Error.h"
#include "cumed/io/VolumeLocation.h"

#include <gtest/gtest.h>
#include <itkImage.h>
#include <itkImageFileWriter.h>
#include <itkMetaImageIO.h>
#include <vtkDataArray.h>
#include <vtkDoubleArray.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkXMLImageDataWriter.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace cumed::io {
namespace {
namespace fs = std::filesystem;

class Scratch {
public:
  Scratch()
      : path_(fs::temp_directory_path() / ("cumed-vtk-volume-" + std::to_string(::getpid()))) {
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~Scratch() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  const fs::path& path() const { return path_; }

private:
  fs::path path_;
};

// A 4x3x2 image whose voxel i holds i * scale, with spacing (0.5, 1, 2) and origin (1, 2, 3).
template <class T> typename itk::Image<T, 3>::Pointer Ramp(double scale) {
  auto image = itk::Image<T, 3>::New();
  typename itk::Image<T, 3>::RegionType region;
  region.SetSize({4, 3, 2});
  image->SetRegions(region);
  const double spacing[3] = {0.5, 1.0, 2.0};
  const double origin[3] = {1.0, 2.0, 3.0};
  image->SetSpacing(spacing);
  image->SetOrigin(origin);
  image->Allocate();
  for (std::size_t i = 0; i < region.GetNumberOfPixels(); ++i)
    image->GetBufferPointer()[i] = static_cast<T>(double(i) * scale);
  return image;
}

template <class T> fs::path WriteMha(const fs::path& file, double scale) {
  auto writer = itk::ImageFileWriter<itk::Image<T, 3>>::New();
  writer->SetFileName(file.string());
  writer->SetImageIO(itk::MetaImageIO::New()); // no IO factories registered here
  writer->SetInput(Ramp<T>(scale));
  writer->Update();
  return file;
}

TEST(VolumeLocation, TheKindComesFromThePath) {
  Scratch scratch;
  std::ofstream(scratch.path() / "a.NII.GZ") << "x";
  std::ofstream(scratch.path() / "b.vti") << "x";
  std::ofstream(scratch.path() / "c.obj") << "x";
  EXPECT_EQ(LocateVolume(scratch.path().string()).kind, VolumeKind::DicomDirectory);
  EXPECT_EQ(LocateVolume((scratch.path() / "a.NII.GZ").string()).kind, VolumeKind::ItkImageFile);
  EXPECT_EQ(LocateVolume((scratch.path() / "b.vti").string()).kind, VolumeKind::VtkImageFile);
  EXPECT_EQ(LowercaseExtension("dir/A.Nii.Gz"), ".nii.gz");
  EXPECT_EQ(LowercaseExtension("dir/.hidden"), "");
  EXPECT_EQ(VolumeExtensions(), ".mha, .mhd, .nrrd, .nii, .nii.gz, .vti");
  const std::string obj = (scratch.path() / "c.obj").string();
  try {
    LocateVolume(obj);
    FAIL();
  } catch (const cumed::Error& e) {
    EXPECT_EQ(std::string(e.what()),
              "INPUT '" + obj + "' is neither a DICOM series directory nor a volume file of a " +
                  "supported type (.mha, .mhd, .nrrd, .nii, .nii.gz, .vti)");
  }
  const std::string missing = (scratch.path() / "missing.mha").string();
  try {
    LocateVolume(missing);
    FAIL();
  } catch (const cumed::Error& e) {
    EXPECT_EQ(std::string(e.what()), "INPUT '" + missing + "' does not exist");
  }
}

TEST(VolumeLocation, ProtectedInputsNameTheDataFilesAndTheSeriesDirectory) {
  Scratch scratch;
  const fs::path mhd = scratch.path() / "v.mhd";
  std::ofstream(mhd) << "ObjectType = Image\nNDims = 3\nDimSize = 2 2 2\n"
                     << "ElementType = MET_UCHAR\nElementDataFile = v.raw\n";
  const output::ProtectedInputs file = ProtectedInputsOf({VolumeKind::ItkImageFile, mhd});
  ASSERT_EQ(file.files.size(), 2u);
  EXPECT_EQ(file.files[0], mhd);
  EXPECT_EQ(file.files[1].filename(), "v.raw");
  EXPECT_TRUE(file.directories.empty());
  const output::ProtectedInputs series =
      ProtectedInputsOf({VolumeKind::DicomDirectory, scratch.path()});
  EXPECT_TRUE(series.files.empty());
  ASSERT_EQ(series.directories.size(), 1u);
  EXPECT_EQ(series.directories[0], scratch.path());
}

TEST(VtkVolume, AnItkFileKeepsItsTypeAndItsPixelsWithoutACopy) {
  Scratch scratch;
  const fs::path file = WriteMha<std::int16_t>(scratch.path() / "ramp.mha", -3.0);
  const VtkVolume volume = ReadVtkVolume(LocateVolume(file.string()));
  EXPECT_EQ(volume.pixelType, "int16");
  EXPECT_EQ(volume.conversion, "");
  ASSERT_TRUE(volume.pixelOwner);
  int dims[3];
  volume.image->GetDimensions(dims);
  EXPECT_EQ(dims[0], 4);
  EXPECT_EQ(dims[1], 3);
  EXPECT_EQ(dims[2], 2);
  double spacing[3], origin[3];
  volume.image->GetSpacing(spacing);
  volume.image->GetOrigin(origin);
  EXPECT_EQ(spacing[2], 2.0);
  EXPECT_EQ(origin[1], 2.0);
  vtkDataArray* scalars = volume.image->GetPointData()->GetScalars();
  ASSERT_NE(scalars, nullptr);
  EXPECT_STREQ(scalars->GetName(), "scalars");
  ASSERT_EQ(scalars->GetNumberOfTuples(), 24);
  for (vtkIdType i = 0; i < 24; ++i) EXPECT_EQ(scalars->GetTuple1(i), -3.0 * double(i));
  const auto* itkImage =
      dynamic_cast<const itk::Image<std::int16_t, 3>*>(volume.pixelOwner.GetPointer());
  ASSERT_NE(itkImage, nullptr);
  EXPECT_EQ(scalars->GetVoidPointer(0), static_cast<const void*>(itkImage->GetBufferPointer()));
  EXPECT_NO_THROW(CheckIsVolume(volume.image, file.string()));
}

TEST(VtkVolume, OtherTypesAreReadAsFloatAndSaySo) {
  Scratch scratch;
  const fs::path file = WriteMha<double>(scratch.path() / "ramp.mha", 0.25);
  const VtkVolume volume = ReadVtkVolume(LocateVolume(file.string()));
  EXPECT_EQ(volume.pixelType, "float");
  EXPECT_EQ(volume.conversion, "double read as float");
  vtkDataArray* scalars = volume.image->GetPointData()->GetScalars();
  EXPECT_EQ(scalars->GetDataType(), VTK_FLOAT);
  EXPECT_EQ(scalars->GetTuple1(23), 0.25 * 23);
}

TEST(VtkVolume, AVtiFileIsReadWithItsScalars) {
  Scratch scratch;
  vtkNew<vtkImageData> image;
  image->SetDimensions(3, 2, 2);
  image->SetSpacing(1.0, 2.0, 3.0);
  vtkNew<vtkDoubleArray> values;
  values->SetName("density");
  values->SetNumberOfValues(12);
  for (vtkIdType i = 0; i < 12; ++i) values->SetValue(i, 1.5 * double(i));
  image->GetPointData()->SetScalars(values);
  const fs::path file = scratch.path() / "v.vti";
  vtkNew<vtkXMLImageDataWriter> writer;
  writer->SetFileName(file.string().c_str());
  writer->SetInputData(image);
  ASSERT_EQ(writer->Write(), 1);

  const VtkVolume volume = ReadVtkVolume(LocateVolume(file.string()));
  EXPECT_EQ(volume.pixelType, "float");
  EXPECT_EQ(volume.conversion, "double read as float");
  EXPECT_FALSE(volume.pixelOwner);
  vtkDataArray* scalars = volume.image->GetPointData()->GetScalars();
  ASSERT_EQ(scalars->GetNumberOfTuples(), 12);
  EXPECT_EQ(scalars->GetTuple1(11), 16.5);
  double spacing[3];
  volume.image->GetSpacing(spacing);
  EXPECT_EQ(spacing[2], 3.0);
}

TEST(VtkVolume, ASingleSliceIsNotAVolume) {
  vtkNew<vtkImageData> slice;
  slice->SetDimensions(3, 4, 1);
  try {
    CheckIsVolume(slice, "slice.mha");
    FAIL();
  } catch (const cumed::Error& e) {
    EXPECT_EQ(std::string(e.what()), "INPUT 'slice.mha' is 3x4x1: a single slice along z; an "
                                     "isosurface needs a 3D volume (at least 2 voxels along every "
                                     "axis)");
  }
}

} // namespace
} // namespace cumed::io
