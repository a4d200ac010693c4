#include "PivAppFiles.h"

#include <itkImage.h>
#include <itkImageFileWriter.h>
#include <itkPNGImageIOFactory.h>
#include <itkTIFFImageIOFactory.h>

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace cumed::pivtest {
namespace fs = std::filesystem;

fs::path FreshWorkDirectory() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  const fs::path directory =
      fs::path(CUMED_PIV_WORK_DIR) / (std::string(info->test_suite_name()) + "." + info->name());
  fs::remove_all(directory);
  fs::create_directories(directory);
  return directory;
}

apptest::RunResult RunPiv(const std::vector<std::string>& arguments, const fs::path& directory) {
  return apptest::RunProgram(CUMED_PIV_EXE, arguments, directory, "cumed-piv", directory);
}

namespace {
template <class T> void WriteAs(const Image& frame, const fs::path& file) {
  static const bool registered = [] {
    itk::PNGImageIOFactory::RegisterOneFactory();
    itk::TIFFImageIOFactory::RegisterOneFactory();
    return true;
  }();
  (void)registered;
  const Image quantised = testing::Quantise(frame, PixelTypeOf<T>(), sizeof(T) == 1 ? 1.0 : 200.0);
  const auto view = quantised.view<T>();
  using ItkImage = itk::Image<T, 2>;
  auto image = ItkImage::New();
  typename ItkImage::RegionType region;
  region.SetSize(0, view.geometry.size[0]);
  region.SetSize(1, view.geometry.size[1]);
  image->SetRegions(region);
  image->Allocate();
  std::copy(view.data, view.data + view.geometry.numberOfPixels(), image->GetBufferPointer());
  auto writer = itk::ImageFileWriter<ItkImage>::New();
  writer->SetInput(image);
  writer->SetFileName(file.string());
  writer->Update();
}
} // namespace

void WriteFrame(const Image& frame, const fs::path& file) {
  if (file.extension() == ".tif")
    WriteAs<std::uint16_t>(frame, file);
  else
    WriteAs<std::uint8_t>(frame, file);
}

void WritePair(const fs::path& first, const fs::path& second, double dx, double dy,
               std::uint32_t seed, int width, int height) {
  testing::ParticleImageSettings settings;
  settings.width = width;
  settings.height = height;
  settings.seed = seed;
  settings.noise = 1.0;
  const auto pair = testing::RenderParticlePair(settings, testing::UniformDisplacement(dx, dy));
  WriteFrame(pair.first, first);
  WriteFrame(pair.second, second);
}

std::vector<TextVector> ReadFieldText(const fs::path& file) {
  std::ifstream in(file);
  std::vector<TextVector> vectors;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    TextVector v{};
    fields >> v.x >> v.y >> v.u >> v.v >> v.flags;
    vectors.push_back(v);
  }
  return vectors;
}

std::optional<fs::path> SharedPivData(const std::string& name) {
  const char* source = std::getenv("CUMED_SOURCE_DIR");
  // Absolute: the program runs in the test's own directory.
  const fs::path path = fs::absolute(fs::path(source ? source : CUMED_PIV_SOURCE_DIR) / ".." /
                                     "shared" / "data" / "piv" / name);
  if (!fs::exists(path)) return std::nullopt;
  return path;
}

} // namespace cumed::pivtest
