#include "ReferenceFrames.h"

#include "cumed/core/Error.h"

#include <itkBMPImageIOFactory.h>
#include <itkImage.h>
#include <itkImageFileReader.h>
#include <itkTIFFImageIOFactory.h>

#include <cstring>
#include <fstream>
#include <sstream>

namespace cumed::piv::reference {

Image ReadFrame8(const std::string& file) {
  static const bool registered = [] {
    itk::BMPImageIOFactory::RegisterOneFactory();
    itk::TIFFImageIOFactory::RegisterOneFactory();
    return true;
  }();
  (void)registered;
  using ItkImage = itk::Image<std::uint8_t, 2>;
  auto reader = itk::ImageFileReader<ItkImage>::New();
  reader->SetFileName(file);
  try {
    reader->Update();
  } catch (const itk::ExceptionObject& e) {
    throw Error("cannot read '" + file + "': " + e.GetDescription());
  }
  const ItkImage* image = reader->GetOutput();
  const auto size = image->GetBufferedRegion().GetSize();
  ImageGeometry g;
  g.size = {size[0], size[1], 1};
  Image frame = Image::Allocate(PixelType::UInt8, g, MemoryLocation::Host);
  std::memcpy(frame.view<std::uint8_t>().data, image->GetBufferPointer(), g.numberOfPixels());
  return frame;
}

std::vector<ReferenceVector> ReadOpenPivText(const std::string& file, int height) {
  std::ifstream in(file);
  if (!in) throw Error("cannot read '" + file + "'");
  std::vector<ReferenceVector> vectors;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    double x, y, u, v, flag = 0;
    if (!(fields >> x >> y >> u >> v)) continue;
    fields >> flag;
    vectors.push_back({x, height - y, u, -v, int(flag)});
  }
  if (vectors.empty()) throw Error("'" + file + "' holds no vector");
  return vectors;
}

} // namespace cumed::piv::reference
