// Uses the installed headers and libraries: prints the backend Auto resolves to, checks that an
// image round-trips and dilates through the public API, and (when CuMed was built with
// ITK/VTK) that the IO module and the ITK morphology adapters work from the installed tree.
#include <cumed/core/Backend.h>
#include <cumed/core/Config.h>
#include <cumed/core/Device.h>
#include <cumed/core/Image.h>
#include <cumed/core/Version.h>
#include <cumed/morphology/GrayscaleMorphology.h>
#include <cumed/piv/Piv.h>
#include <cumed/surface/Isosurface.h>
#ifdef DOWNSTREAM_HAS_ITK
#include <cumed/io/DicomSeriesReader.h>
#include <cumed/morphology/GrayscaleDilateImageFilter.h>
#include <cumed/piv/PIVImageFilter.h>
#include <cumed/piv/PivVtkField.h>
#include <cumed/surface/vtkCuMedFlyingEdges3D.h>
#include <vtkImageData.h>
#include <vtkPolyData.h>
#include <vtkSmartPointer.h>

#include <algorithm>
#include <utility>
#endif

#include <cmath>
#include <cstdint>
#include <cstring>
#include <iostream>

// The version macros agree with each other at compile time.
static_assert(CUMED_VERSION_NUMBER ==
              CUMED_VERSION_MAJOR * 10000 + CUMED_VERSION_MINOR * 100 + CUMED_VERSION_PATCH);
static_assert(CUMED_VERSION_AT_LEAST(0, 1, 0) &&
              !CUMED_VERSION_AT_LEAST(CUMED_VERSION_MAJOR + 1, 0, 0));

int main() {
  // The library the program runs with is the one its headers describe.
  if (std::strcmp(cumed::VersionString(), CUMED_VERSION_STRING) != 0 ||
      std::strcmp(CUMED_VERSION, CUMED_VERSION_STRING) != 0 ||
      cumed::VersionNumber() != CUMED_VERSION_NUMBER) {
    std::cerr << "library version " << cumed::VersionString() << ", headers "
              << CUMED_VERSION_STRING << "\n";
    return 20;
  }
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
  // A single inner voxel above 5 is wrapped in an octahedron: 6 points, 8 triangles.
  cumed::Image spot =
      cumed::Image::Allocate(cumed::PixelType::Int16, geometry, cumed::MemoryLocation::Host);
  spot.view<std::int16_t>().data[1 + 3 * 2 + 12 * 2] = 7; // (1, 2, 2)
  cumed::surface::IsosurfaceOptions contour;
  contour.values = {5.0};
  const auto surface = cumed::surface::ExtractIsosurface(spot, contour);
  if (surface.mesh.numberOfPoints() != 6 || surface.mesh.numberOfTriangles() != 8) return 4;
  // PIV (links FFTW3f, found by CuMed's FindFFTW3f.cmake): a pattern moved 3 px right, 1 px down.
  cumed::ImageGeometry plane;
  plane.size = {64, 64, 1};
  cumed::Image a =
      cumed::Image::Allocate(cumed::PixelType::Float32, plane, cumed::MemoryLocation::Host);
  cumed::Image b =
      cumed::Image::Allocate(cumed::PixelType::Float32, plane, cumed::MemoryLocation::Host);
  for (int y = 0; y < 64; ++y)
    for (int x = 0; x < 64; ++x) {
      const auto pattern = [](int px, int py) { // white noise
        unsigned h = unsigned(px) * 374761393u + unsigned(py) * 668265263u;
        h = (h ^ (h >> 13)) * 1274126177u;
        return float((h ^ (h >> 16)) & 255u);
      };
      const auto smooth = [&](int px, int py) { // 3 px wide: a peak to fit
        float sum = 0;
        for (int j = -1; j <= 1; ++j)
          for (int i = -1; i <= 1; ++i) sum += pattern(px + i, py + j);
        return sum;
      };
      a.view<float>().data[y * 64 + x] = smooth(x, y);
      b.view<float>().data[y * 64 + x] = smooth(x - 3, y - 1);
    }
  cumed::piv::PivOptions piv;
  piv.backend = cumed::Backend::CPU;
  const cumed::piv::PivField field = cumed::piv::ComputePiv(a, b, piv);
  if (field.size() != 9 || std::abs(field.u[4] - 3.f) > 0.1f || std::abs(field.v[4] - 1.f) > 0.1f)
    return 6;
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
  // The VTK adapter: a drop-in vtkFlyingEdges3D.
  auto volume = vtkSmartPointer<vtkImageData>::New();
  volume->SetDimensions(3, 4, 5);
  volume->AllocateScalars(VTK_SHORT, 1);
  std::fill_n(static_cast<std::int16_t*>(volume->GetScalarPointer()), 60, std::int16_t{0});
  static_cast<std::int16_t*>(volume->GetScalarPointer())[1 + 3 * 2 + 12 * 2] = 7; // (1, 2, 2)
  auto contourFilter = vtkSmartPointer<vtkCuMedFlyingEdges3D>::New();
  contourFilter->SetInputData(volume);
  contourFilter->SetValue(0, 5.0);
  contourFilter->Update();
  if (contourFilter->GetOutput()->GetNumberOfPolys() != 8) return 5;
  try {
    cumed::io::ReadDicomCtSeries("/nonexistent-cumed-downstream-dir");
    return 2; // must have thrown
  } catch (const cumed::io::DicomError&) {
  }
  // The PIV adapters: the field as vtkImageData, and the ITK filter on the same frames.
  int fieldDims[3];
  cumed::piv::FieldToImageData(field, plane)->GetDimensions(fieldDims);
  if (fieldDims[0] != 3 || fieldDims[1] != 3) return 7;
  using Frame = itk::Image<float, 2>;
  auto frameA = Frame::New(), frameB = Frame::New();
  for (const auto& [frame, image] :
       {std::pair{frameA.GetPointer(), &a}, std::pair{frameB.GetPointer(), &b}}) {
    frame->SetRegions(Frame::SizeType{{64, 64}});
    frame->Allocate();
    std::copy_n(image->view<float>().data, 64 * 64, frame->GetBufferPointer());
  }
  auto pivFilter = cumed::PIVImageFilter<Frame>::New();
  pivFilter->SetFirstInput(frameA);
  pivFilter->SetSecondInput(frameB);
  pivFilter->SetBackend(cumed::Backend::CPU);
  pivFilter->Update();
  if (std::abs(pivFilter->GetOutput()->GetBufferPointer()[4][0] - 3.f) > 0.1f) return 8;
#endif
  std::cout << "CuMed " << CUMED_VERSION << " downstream OK, backend "
            << cumed::ToString(cumed::ResolveBackend(cumed::Backend::Auto)) << ", "
            << cumed::DescribeDevices() << "\n";
  return 0;
}
