// Uses the installed headers and libraries: prints the backend Auto resolves to, checks that an
// image round-trips and dilates through the public API, and (when CuMed was built with
// ITK/VTK) that the IO module and the ITK morphology adapters work from the installed tree.
#include <cumed/core/Backend.h>
#include <cumed/core/Config.h>
#include <cumed/core/Device.h>
#include <cumed/core/Image.h>
#include <cumed/morphology/GrayscaleMorphology.h>
#ifdef DOWNSTREAM_HAS_ITK
#include <cumed/io/DicomSeriesReader.h>
#include <cumed/morphology/GrayscaleDilateImageFilter.h>
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
  const cumed::Image dilated =
      cumed::morphology::Grayscale(image, cumed::morphology::StructuringElement::Ball({1, 1, 1}),
                                   cumed::morphology::GrayscaleOperation::Dilate);
  if (dilated.toHost().view<std::int16_t>().data[58] != 7) return 3; // neighbour of pixel 59
#ifdef DOWNSTREAM_HAS_ITK
  using ItkImage = itk::Image<std::int16_t, 3>;
  auto filter = cumed::GrayscaleDilateImageFilter<ItkImage>::New();
  itk::FlatStructuringElement<3>::RadiusType radius;
  radius.Fill(1);
  filter->SetKernel(itk::FlatStructuringElement<3>::Ball(radius));
  auto input = ItkImage::New();
  input->SetRegions(ItkImage::SizeType{{4, 4, 4}});
  input->Allocate(true);
  filter->SetInput(input);
  filter->Update();
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
