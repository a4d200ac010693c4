// The template of Documentation/building.md: a voxel dilated, then wrapped by an isosurface, and
// the library's version equal to the header's.
#include <cumed/core/Image.h>
#include <cumed/core/Version.h>
#include <cumed/morphology/GrayscaleMorphology.h>
#include <cumed/surface/Isosurface.h>

#include <cstdint>
#include <cstring>
#include <iostream>

int main() {
  cumed::ImageGeometry geometry;
  geometry.size = {5, 5, 5};
  cumed::Image image =
      cumed::Image::Allocate(cumed::PixelType::Int16, geometry, cumed::MemoryLocation::Host);
  image.view<std::int16_t>().data[2 + 5 * 2 + 25 * 2] = 7; // (2, 2, 2)
  const cumed::Image dilated =
      cumed::morphology::Grayscale(image, cumed::morphology::StructuringElement::Box({1, 0, 0}),
                                   cumed::morphology::GrayscaleOperation::Dilate)
          .toHost();
  if (dilated.view<std::int16_t>().data[3 + 5 * 2 + 25 * 2] != 7) return 1; // (3, 2, 2)
  cumed::surface::IsosurfaceOptions contour;
  contour.values = {5.0};
  const auto surface = cumed::surface::ExtractIsosurface(image, contour);
  if (surface.mesh.numberOfPoints() != 6 || surface.mesh.numberOfTriangles() != 8) return 2;
  if (std::strcmp(cumed::VersionString(), CUMED_VERSION_STRING) != 0) return 3;
  std::cout << "myapp OK, CuMed " << cumed::VersionString() << "\n";
  return 0;
}
