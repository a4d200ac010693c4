// ReadScalarImageType: the CuMed pixel type and the dimension of an image file from its header,
// before any pixel is read; other component types, vector pixels and other dimensions refused
// naming the file.
#include "cumed/io/ScalarImageType.h"

#include "cumed/core/Error.h"

#include <gtest/gtest.h>
#include <itkImage.h>
#include <itkImageFileWriter.h>
#include <itkMetaImageIO.h>
#include <itkNrrdImageIO.h>
#include <itkVector.h>

#include <cstdint>
#include <filesystem>
#include <string>

namespace {

namespace fs = std::filesystem;
using cumed::PixelType;
using cumed::io::ReadScalarImageType;

fs::path FreshDirectory(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / "cumed_image_input_test" / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

template <class TImage> fs::path Write(const fs::path& file) {
  auto image = TImage::New();
  typename TImage::SizeType size;
  size.Fill(3);
  image->SetRegions(size);
  image->Allocate(true);
  auto writer = itk::ImageFileWriter<TImage>::New();
  writer->SetInput(image);
  writer->SetFileName(file.string());
  // This test registers no IO factories (ITK_USE_FILE): the writer gets its ImageIO here.
  if (file.extension() == ".nrrd") {
    writer->SetImageIO(itk::NrrdImageIO::New());
  } else {
    writer->SetImageIO(itk::MetaImageIO::New());
  }
  writer->Update();
  return file;
}

std::string ErrorOf(const fs::path& file) {
  try {
    ReadScalarImageType(file, {});
  } catch (const cumed::Error& e) {
    return e.what();
  }
  ADD_FAILURE() << "no cumed::Error for " << file;
  return "";
}

TEST(ScalarImageType, TypeAndDimensionFromTheHeader) {
  const fs::path dir = FreshDirectory("scalar_type");
  auto type = ReadScalarImageType(Write<itk::Image<std::uint8_t, 3>>(dir / "u8.mha"), {});
  EXPECT_EQ(type.pixelType, PixelType::UInt8);
  EXPECT_EQ(type.dimension, 3u);
  type = ReadScalarImageType(Write<itk::Image<std::int16_t, 2>>(dir / "i16.nrrd"), {});
  EXPECT_EQ(type.pixelType, PixelType::Int16);
  EXPECT_EQ(type.dimension, 2u);
  type = ReadScalarImageType(Write<itk::Image<std::uint16_t, 3>>(dir / "u16.mha"), {0, 2});
  EXPECT_EQ(type.pixelType, PixelType::UInt16);
  type = ReadScalarImageType(Write<itk::Image<float, 2>>(dir / "f.mhd"), {});
  EXPECT_EQ(type.pixelType, PixelType::Float32);
  EXPECT_EQ(type.dimension, 2u);
}

TEST(ScalarImageType, OtherTypesAndDimensionsAreRefusedNamingTheFile) {
  const fs::path dir = FreshDirectory("scalar_type_refused");
  std::string message = ErrorOf(Write<itk::Image<double, 3>>(dir / "d.mha"));
  EXPECT_NE(message.find("d.mha' has pixel type 'double'; supported are uint8"), std::string::npos)
      << message;
  message = ErrorOf(Write<itk::Image<std::uint8_t, 4>>(dir / "four.mha"));
  EXPECT_NE(message.find("four.mha' has 4 dimensions; only 2D and 3D images"), std::string::npos)
      << message;
  message = ErrorOf(Write<itk::Image<itk::Vector<float, 3>, 3>>(dir / "vector.mha"));
  EXPECT_NE(message.find("only scalar images are supported"), std::string::npos) << message;
  message = ErrorOf(dir / "missing.mha");
  EXPECT_NE(message.find("missing.mha"), std::string::npos) << message;
}

} // namespace
