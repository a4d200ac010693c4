// The project's own ITK and VTK next to CuMed: a PNG written and read back by file name (the IO
// factory the project's UseITK registered), a vtkSphereSource, one CuMed ITK filter, and
// vtkFlyingEdges3D::New() made CuMed's by the installed CuMed::SurfaceVtkFactoryNew.
#include <cumed/morphology/GrayscaleDilateImageFilter.h>
#include <cumed/surface/VtkOverrides.h>

#include <itkFlatStructuringElement.h>
#include <itkImage.h>
#include <itkImageFileReader.h>
#include <itkImageFileWriter.h>
#include <vtkFlyingEdges3D.h>
#include <vtkNew.h>
#include <vtkPolyData.h>
#include <vtkSphereSource.h>

#include <iostream>
#include <string>

int main(int argc, char* argv[]) {
  const std::string png = std::string(argc > 1 ? argv[1] : ".") + "/coexistence.png";
  using PngImage = itk::Image<unsigned char, 2>;
  auto picture = PngImage::New();
  picture->SetRegions(PngImage::SizeType{{5, 4}});
  picture->Allocate(true);
  picture->SetPixel({{2, 1}}, 200);
  try {
    auto writer = itk::ImageFileWriter<PngImage>::New();
    writer->SetInput(picture);
    writer->SetFileName(png);
    writer->Update();
    auto reader = itk::ImageFileReader<PngImage>::New();
    reader->SetFileName(png);
    reader->Update();
    if (reader->GetOutput()->GetPixel({{2, 1}}) != 200) {
      std::cerr << "PNG read back a different pixel\n";
      return 1;
    }
  } catch (const itk::ExceptionObject& error) {
    std::cerr << "PNG round trip: " << error << "\n";
    return 1;
  }

  vtkNew<vtkSphereSource> sphere;
  sphere->Update();
  if (sphere->GetOutput()->GetNumberOfPoints() <= 0) {
    std::cerr << "vtkSphereSource made no points\n";
    return 2;
  }

  using CtImage = itk::Image<short, 3>;
  auto volume = CtImage::New();
  volume->SetRegions(CtImage::SizeType{{5, 5, 5}});
  volume->Allocate(true);
  volume->SetPixel({{2, 2, 2}}, 7);
  auto dilate = cumed::GrayscaleDilateImageFilter<CtImage>::New();
  itk::FlatStructuringElement<3>::RadiusType radius;
  radius.Fill(1);
  dilate->SetKernel(itk::FlatStructuringElement<3>::Ball(radius));
  dilate->SetInput(volume);
  dilate->Update();
  if (dilate->GetOutput()->GetPixel({{3, 2, 2}}) != 7 ||
      dilate->GetOutput()->GetPixel({{0, 0, 0}}) != 0) {
    std::cerr << "cumed::GrayscaleDilateImageFilter: unexpected voxels\n";
    return 3;
  }
  if (!cumed::RegisterVtkOverrides()) {
    std::cerr << "RegisterVtkOverrides: vtkFlyingEdges3D::New() does not consult the factory "
                 "although CuMed::SurfaceVtkFactoryNew is linked\n";
    return 4;
  }
  vtkNew<vtkFlyingEdges3D> contour;
  if (!contour->IsA("vtkCuMedFlyingEdges3D")) {
    std::cerr << "vtkNew<vtkFlyingEdges3D> gave " << contour->GetClassName()
              << ", not vtkCuMedFlyingEdges3D\n";
    return 5;
  }
  cumed::UnregisterVtkOverrides();
  std::cout << "coexistence OK\n";
  return 0;
}
