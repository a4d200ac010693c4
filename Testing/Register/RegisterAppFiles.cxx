#include "RegisterAppFiles.h"

#include <gtest/gtest.h>

#include <itkImage.h>
#include <itkImageFileWriter.h>
#include <itkImageRegionIteratorWithIndex.h>

#include <cmath>

namespace fs = std::filesystem;

namespace cumed::registertest {
namespace {

template <class TImage> typename TImage::Pointer MakeImage(const std::vector<std::size_t>& size) {
  constexpr unsigned D = TImage::ImageDimension;
  auto image = TImage::New();
  typename TImage::RegionType region;
  typename TImage::SpacingType spacing;
  typename TImage::PointType origin;
  const double corner[3] = {-10.0, 5.0, 3.0};
  for (unsigned a = 0; a < D; ++a) {
    region.SetSize(a, size[a]);
    spacing[a] = 2.0;
    origin[a] = corner[a];
  }
  image->SetRegions(region);
  image->SetSpacing(spacing);
  image->SetOrigin(origin);
  image->Allocate(true);
  return image;
}

template <class TImage> void Write(const TImage* image, const fs::path& file) {
  auto writer = itk::ImageFileWriter<TImage>::New();
  writer->SetInput(image);
  writer->SetFileName(file.string());
  writer->Update();
}

template <unsigned D>
void WriteBlobOf(const fs::path& file, const std::vector<std::size_t>& size,
                 const std::array<double, 3>& shift) {
  using Image = itk::Image<float, D>;
  const auto image = MakeImage<Image>(size);
  itk::ImageRegionIteratorWithIndex<Image> it(image, image->GetLargestPossibleRegion());
  for (; !it.IsAtEnd(); ++it) {
    typename Image::PointType p;
    image->TransformIndexToPhysicalPoint(it.GetIndex(), p);
    double r2 = 0.0;
    for (unsigned a = 0; a < D; ++a) {
      const double centre = image->GetOrigin()[a] + (double(size[a]) - 1.0) + shift[a];
      const double d = (p[a] - centre) / (a == 0 ? 7.0 : 5.0);
      r2 += d * d;
    }
    it.Set(static_cast<float>(1000.0 * std::exp(-0.5 * r2)));
  }
  Write(image.GetPointer(), file);
}

template <unsigned D> void WriteMaskOf(const fs::path& file, const std::vector<std::size_t>& size) {
  using Image = itk::Image<unsigned char, D>;
  const auto image = MakeImage<Image>(size);
  image->FillBuffer(1);
  Write(image.GetPointer(), file);
}

} // namespace

fs::path FreshWorkDirectory() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  const fs::path directory = fs::path(CUMED_REGISTER_WORK_DIR) /
                             (std::string(info->test_suite_name()) + "." + info->name());
  fs::remove_all(directory);
  fs::create_directories(directory);
  return directory;
}

apptest::RunResult RunRegister(const std::vector<std::string>& arguments,
                               const fs::path& directory) {
  return apptest::RunProgram(CUMED_REGISTER_EXE, arguments, directory, "cumed-register", directory);
}

void WriteBlob(const fs::path& file, const std::vector<std::size_t>& size,
               const std::array<double, 3>& shift) {
  if (size.size() == 2)
    WriteBlobOf<2>(file, size, shift);
  else
    WriteBlobOf<3>(file, size, shift);
}

void WriteMask(const fs::path& file, const std::vector<std::size_t>& size) {
  if (size.size() == 2)
    WriteMaskOf<2>(file, size);
  else
    WriteMaskOf<3>(file, size);
}

apptest::JsonValue ReadSummary(const fs::path& directory) {
  return apptest::ParseJson(apptest::FileBytes(directory / "summary.json"));
}

std::vector<std::string> QuickOptions() {
  return {"--levels", "2",         "--grid-spacing", "12",        "--iterations",
          "20",       "--bending", "0.01",           "--backend", "cpu"};
}

} // namespace cumed::registertest
