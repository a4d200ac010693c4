// Uses the installed headers and libraries: prints the backend Auto resolves to, checks that an
// image round-trips through the public API, and (when installed) that the IO module links.
#include <cumed/core/Backend.h>
#include <cumed/core/Config.h>
#include <cumed/core/Device.h>
#include <cumed/core/Image.h>
#ifdef DOWNSTREAM_HAS_IO
#include <cumed/io/DicomSeriesReader.h>
#endif

#include <cstdint>
#include <iostream>

int main() {
  cumed::ImageGeometry geometry;
  geometry.size = {3, 4, 5};
  cumed::Image image =
      cumed::Image::Allocate(cumed::PixelType::Int16, geometry, cumed::MemoryLocation::Host);
  image.view<std::int16_t>().data[59] = 7;
  const cumed::Image copy = image.clone();
  if (copy.view<std::int16_t>().data[59] != 7) return 1;
#ifdef DOWNSTREAM_HAS_IO
  try {
    cumed::io::ReadDicomCtSeries("/nonexistent-cumed-downstream-dir");
    return 2; // must have thrown
  } catch (const cumed::io::DicomError&) {
  }
#endif
  std::cout << "CuMed " << CUMED_VERSION << " downstream OK, backend "
            << cumed::ToString(cumed::ResolveBackend(cumed::Backend::Auto)) << ", "
            << cumed::DescribeDevices() << "\n";
  return 0;
}
