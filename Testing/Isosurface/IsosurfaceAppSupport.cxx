#include "IsosurfaceAppSupport.h"

#include <gtest/gtest.h>
#include <itkImageFileWriter.h>
#include <vtkDataArray.h>
#include <vtkDiscreteFlyingEdges3D.h>
#include <vtkFlyingEdges3D.h>
#include <vtkMatrix3x3.h>
#include <vtkNew.h>
#include <vtkPLYReader.h>
#include <vtkPointData.h>
#include <vtkSTLReader.h>
#include <vtkTypeTraits.h>
#include <vtkXMLImageDataWriter.h>
#include <vtkXMLPolyDataReader.h>

#include <algorithm>
#include <cmath>
#include <regex>
#include <stdexcept>
#include <system_error>

namespace fs = std::filesystem;

namespace cumed::isosurfacetest {
namespace {

constexpr double kPi = 3.14159265358979323846;

// The grid every test volume lies on.
template <class TImage> void SetTestGeometry(TImage* image, const typename TImage::SizeType& size) {
  image->SetRegions(size);
  const double spacing[3] = {0.8, 1.1, 1.7};
  const double origin[3] = {-12.0, 4.0, 25.0};
  typename TImage::SpacingType s;
  typename TImage::PointType o;
  for (unsigned i = 0; i < TImage::ImageDimension; ++i) {
    s[i] = spacing[i];
    o[i] = origin[i];
  }
  image->SetSpacing(s);
  image->SetOrigin(o);
  if constexpr (TImage::ImageDimension == 3) {
    const double z = 25.0 * kPi / 180.0, x = 10.0 * kPi / 180.0;
    typename TImage::DirectionType aboutZ, aboutX;
    aboutZ.SetIdentity();
    aboutZ(0, 0) = std::cos(z);
    aboutZ(0, 1) = -std::sin(z);
    aboutZ(1, 0) = std::sin(z);
    aboutZ(1, 1) = std::cos(z);
    aboutX.SetIdentity();
    aboutX(1, 1) = std::cos(x);
    aboutX(1, 2) = -std::sin(x);
    aboutX(2, 1) = std::sin(x);
    aboutX(2, 2) = std::cos(x);
    image->SetDirection(aboutZ * aboutX);
  }
  image->Allocate();
}

} // namespace

fs::path FreshWorkDirectory() {
  const ::testing::TestInfo& test = *::testing::UnitTest::GetInstance()->current_test_info();
  fs::path directory(CUMED_ISOSURFACE_WORK_DIR);
  directory /= std::string(test.test_suite_name()) + "." + test.name();
  std::error_code ignored;
  fs::remove_all(directory, ignored);
  fs::create_directories(directory);
  return directory;
}

RunResult RunIsosurface(const std::vector<std::string>& arguments, const fs::path& directory) {
  const std::string program = apptest::Setting("CUMED_ISOSURFACE", CUMED_ISOSURFACE_EXE);
  return apptest::RunProgram(program, arguments, directory, "program", directory);
}

std::string FieldOf(const std::string& summary, const std::string& key) {
  std::smatch match;
  const std::regex field(" " + key + "=([^ \\n]*)");
  return std::regex_search(summary, match, field) ? match[1].str() : std::string();
}

fs::path PhantomDirectory() {
  return apptest::Setting("CUMED_SAMPLE_CT_DIR", CUMED_SAMPLE_CT_DIR);
}

template <class TImage>
typename TImage::Pointer SphereVolume(const typename TImage::SizeType& size) {
  auto image = TImage::New();
  SetTestGeometry(image.GetPointer(), size);
  const double centre[3] = {0.45 * (size[0] - 1) * 0.8, 0.55 * (size[1] - 1) * 1.1,
                            0.5 * (size[2] - 1) * 1.7};
  auto* pixel = image->GetBufferPointer();
  for (std::size_t k = 0; k < size[2]; ++k) {
    for (std::size_t j = 0; j < size[1]; ++j) {
      for (std::size_t i = 0; i < size[0]; ++i) {
        const double d =
            std::sqrt(std::pow(i * 0.8 - centre[0], 2) + std::pow(j * 1.1 - centre[1], 2) +
                      std::pow(k * 1.7 - centre[2], 2));
        const double value =
            1000.0 - 60.0 * d + 25.0 * std::sin(0.4 * i + 0.3 * j) * std::cos(0.5 * k);
        *pixel++ = static_cast<typename TImage::PixelType>(std::round(value));
      }
    }
  }
  return image;
}

UInt8Volume::Pointer TwoBallLabels() {
  auto image = UInt8Volume::New();
  SetTestGeometry(image.GetPointer(), {{29, 25, 21}});
  auto* pixel = image->GetBufferPointer();
  for (int k = 0; k < 21; ++k) {
    for (int j = 0; j < 25; ++j) {
      for (int i = 0; i < 29; ++i) {
        const double a = std::pow(i - 10.0, 2) + std::pow(j - 12.0, 2) + std::pow(k - 10.0, 2);
        const double b = std::pow(i - 18.0, 2) + std::pow(j - 11.0, 2) + std::pow(k - 9.0, 2);
        *pixel++ = b <= 36.0 ? 2 : a <= 49.0 ? 1 : 0;
      }
    }
  }
  return image;
}

template <class TImage> void WriteItkImage(const TImage* image, const fs::path& file) {
  auto writer = itk::ImageFileWriter<TImage>::New();
  writer->SetInput(image);
  writer->SetFileName(file.string());
  writer->UseCompressionOn();
  writer->Update();
}

template <class TImage> vtkSmartPointer<vtkImageData> ToVtkImage(const TImage* image) {
  // Index (i, j, k) of the ITK image is point (i, j, k) of the VTK image, at the same place.
  const typename TImage::RegionType region = image->GetLargestPossibleRegion();
  vtkNew<vtkMatrix3x3> direction;
  for (int row = 0; row < 3; ++row) {
    for (int column = 0; column < 3; ++column) {
      direction->SetElement(row, column, image->GetDirection()[row][column]);
    }
  }
  auto result = vtkSmartPointer<vtkImageData>::New();
  result->SetExtent(0, static_cast<int>(region.GetSize(0)) - 1, 0,
                    static_cast<int>(region.GetSize(1)) - 1, 0,
                    static_cast<int>(region.GetSize(2)) - 1);
  result->SetOrigin(image->GetOrigin()[0], image->GetOrigin()[1], image->GetOrigin()[2]);
  result->SetSpacing(image->GetSpacing()[0], image->GetSpacing()[1], image->GetSpacing()[2]);
  result->SetDirectionMatrix(direction);
  result->AllocateScalars(vtkTypeTraits<typename TImage::PixelType>::VTK_TYPE_ID, 1);
  std::copy_n(image->GetBufferPointer(), region.GetNumberOfPixels(),
              static_cast<typename TImage::PixelType*>(result->GetScalarPointer()));
  result->GetPointData()->GetScalars()->SetName("values");
  return result;
}

void WriteVti(vtkImageData* image, const fs::path& file) {
  vtkNew<vtkXMLImageDataWriter> writer;
  writer->SetInputData(image);
  writer->SetFileName(file.string().c_str());
  if (writer->Write() != 1) throw std::runtime_error("cannot write " + file.string());
}

vtkSmartPointer<vtkPolyData> ReadSurface(const fs::path& file) {
  const std::string extension = file.extension().string();
  vtkSmartPointer<vtkAlgorithm> reader;
  if (extension == ".vtp") {
    auto xml = vtkSmartPointer<vtkXMLPolyDataReader>::New();
    xml->SetFileName(file.string().c_str());
    reader = xml;
  } else if (extension == ".stl") {
    auto stl = vtkSmartPointer<vtkSTLReader>::New();
    stl->SetFileName(file.string().c_str());
    reader = stl;
  } else {
    auto ply = vtkSmartPointer<vtkPLYReader>::New();
    ply->SetFileName(file.string().c_str());
    reader = ply;
  }
  reader->Update();
  return vtkPolyData::SafeDownCast(reader->GetOutputDataObject(0));
}

vtkSmartPointer<vtkPolyData> VtkReference(vtkImageData* image, const std::vector<double>& values,
                                          bool labels) {
  auto run = [&](auto filter) {
    filter->SetInputData(image);
    for (std::size_t v = 0; v < values.size(); ++v)
      filter->SetValue(static_cast<int>(v), values[v]);
    filter->Update();
    vtkSmartPointer<vtkPolyData> surface = filter->GetOutput();
    return surface;
  };
  if (labels) return run(vtkSmartPointer<vtkDiscreteFlyingEdges3D>::New());
  return run(vtkSmartPointer<vtkFlyingEdges3D>::New());
}

template Int16Volume::Pointer SphereVolume<Int16Volume>(const Int16Volume::SizeType&);
template DoubleVolume::Pointer SphereVolume<DoubleVolume>(const DoubleVolume::SizeType&);
template FloatVolume::Pointer SphereVolume<FloatVolume>(const FloatVolume::SizeType&);
template void WriteItkImage<Int16Volume>(const Int16Volume*, const fs::path&);
template void WriteItkImage<UInt8Volume>(const UInt8Volume*, const fs::path&);
template void WriteItkImage<DoubleVolume>(const DoubleVolume*, const fs::path&);
template void WriteItkImage<FloatVolume>(const FloatVolume*, const fs::path&);
template void WriteItkImage<itk::Image<std::int16_t, 2>>(const itk::Image<std::int16_t, 2>*,
                                                         const fs::path&);
template vtkSmartPointer<vtkImageData> ToVtkImage<Int16Volume>(const Int16Volume*);
template vtkSmartPointer<vtkImageData> ToVtkImage<UInt8Volume>(const UInt8Volume*);
template vtkSmartPointer<vtkImageData> ToVtkImage<FloatVolume>(const FloatVolume*);
template vtkSmartPointer<vtkImageData> ToVtkImage<DoubleVolume>(const DoubleVolume*);

} // namespace cumed::isosurfacetest
