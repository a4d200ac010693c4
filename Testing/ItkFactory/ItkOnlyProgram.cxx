// A program written only with ITK's names, as existing user code is. The one CuMed line
// (RegisterItkMorphologyOverrides) makes ITK's object factory hand out CuMed's filters; the
// program checks that itk::...::New() then runs CuMed (ITK's PrintSelf shows "LastBackend") and
// that the output equals a dilation computed by hand. Exit 0 on success.
#include <cumed/morphology/MorphologyItkFactory.h>

#include <itkGrayscaleDilateImageFilter.h>
#include <itkImage.h>

#include <iostream>
#include <sstream>

int main() {
  using Image = itk::Image<short, 3>;
  using Kernel = itk::FlatStructuringElement<3>;
  cumed::RegisterItkMorphologyOverrides<Image, itk::Image<unsigned char, 3>>();

  // ---- from here on, unmodified ITK code ----
  auto image = Image::New();
  image->SetRegions(Image::SizeType{{9, 8, 7}});
  image->Allocate(true);
  image->SetPixel({{4, 4, 3}}, 100);
  Kernel::RadiusType radius;
  radius.Fill(1);
  auto dilate = itk::GrayscaleDilateImageFilter<Image, Image, Kernel>::New();
  dilate->SetInput(image);
  dilate->SetKernel(Kernel::Box(radius));
  dilate->Update();
  // ---- end of ITK code ----

  std::ostringstream printed;
  dilate->Print(printed);
  const bool cumedRan = printed.str().find("LastBackend: cpu") != std::string::npos ||
                        printed.str().find("LastBackend: cuda") != std::string::npos;
  int wrong = 0;
  itk::ImageRegionConstIteratorWithIndex<Image> it(dilate->GetOutput(),
                                                   dilate->GetOutput()->GetBufferedRegion());
  for (; !it.IsAtEnd(); ++it) {
    const auto i = it.GetIndex();
    const bool near = std::abs(i[0] - 4) <= 1 && std::abs(i[1] - 4) <= 1 && std::abs(i[2] - 3) <= 1;
    wrong += it.Get() != (near ? 100 : 0);
  }
  // A type that was not registered stays ITK's.
  auto plain =
      itk::GrayscaleDilateImageFilter<itk::Image<float, 3>, itk::Image<float, 3>, Kernel>::New();
  std::ostringstream printedPlain;
  plain->Print(printedPlain);
  const bool plainIsItk = printedPlain.str().find("LastBackend") == std::string::npos;
  std::cout << "itk-only program: CuMed ran: " << cumedRan << ", wrong voxels: " << wrong
            << ", unregistered type stays ITK: " << plainIsItk << "\n";
  return cumedRan && wrong == 0 && plainIsItk ? 0 : 1;
}
