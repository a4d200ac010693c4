// Dilates one voxel through CuMed's own API (no ITK): its neighbour must take its value.
#include <cumed/core/Image.h>
#include <cumed/morphology/GrayscaleMorphology.h>

#include <cstdint>
#include <iostream>

int main() {
  cumed::ImageGeometry geometry;
  geometry.size = {3, 4, 5};
  cumed::Image image =
      cumed::Image::Allocate(cumed::PixelType::Int16, geometry, cumed::MemoryLocation::Host);
  image.view<std::int16_t>().data[59] = 7;
  const cumed::Image dilated =
      cumed::morphology::Grayscale(image, cumed::morphology::StructuringElement::Ball({1, 1, 1}),
                                   cumed::morphology::GrayscaleOperation::Dilate);
  const auto result = dilated.toHost();
  if (result.view<std::int16_t>().data[58] != 7 || result.view<std::int16_t>().data[0] != 0) {
    std::cerr << "unexpected dilation result\n";
    return 1;
  }
  std::cout << "morphology-only OK\n";
  return 0;
}
