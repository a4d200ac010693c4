// Writes the input and the ITK baseline of the cumed-morphology regression test:
//   make-morphology-baseline DIR  ->  DIR/input.mha, DIR/dilate-itk.mha
// The input is a small int16 volume with blobs of several values, so a wrong element or boundary
// shows; the baseline is ITK's GrayscaleDilateImageFilter with a ball of radius 1.
#include <itkFlatStructuringElement.h>
#include <itkGrayscaleDilateImageFilter.h>
#include <itkImageFileWriter.h>
#include <itkImageRegionIteratorWithIndex.h>

#include <cstdint>
#include <iostream>
#include <string>

using Volume = itk::Image<std::int16_t, 3>;

Volume::Pointer MakeInput() {
  auto image = Volume::New();
  image->SetRegions(Volume::SizeType{{24, 20, 12}});
  const double spacing[] = {0.8, 0.8, 2.0};
  const double origin[] = {-10.0, 5.0, 30.0};
  image->SetSpacing(spacing);
  image->SetOrigin(origin);
  image->Allocate();
  itk::ImageRegionIteratorWithIndex<Volume> it(image, image->GetLargestPossibleRegion());
  for (; !it.IsAtEnd(); ++it) {
    const auto i = it.GetIndex();
    // A deterministic texture: a ramp, a bright block and scattered single voxels at the edges.
    std::int16_t value = static_cast<std::int16_t>(-100 + 3 * i[0] + 2 * i[1]);
    if (i[0] > 5 && i[0] < 12 && i[1] > 4 && i[1] < 9 && i[2] > 2 && i[2] < 8) value = 900;
    if ((i[0] * 7 + i[1] * 13 + i[2] * 5) % 53 == 0) value = 1500;
    it.Set(value);
  }
  return image;
}

void Write(const Volume* image, const std::string& file) {
  auto writer = itk::ImageFileWriter<Volume>::New();
  writer->SetInput(image);
  writer->SetFileName(file);
  writer->Update();
}

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: make-morphology-baseline DIR\n";
    return 2;
  }
  const std::string directory = argv[1];
  try {
    const auto input = MakeInput();
    Write(input, directory + "/input.mha");
    using Element = itk::FlatStructuringElement<3>;
    Element::RadiusType radius;
    radius.Fill(1);
    auto dilate = itk::GrayscaleDilateImageFilter<Volume, Volume, Element>::New();
    dilate->SetKernel(Element::Ball(radius));
    dilate->SetInput(input);
    Write(dilate->GetOutput(), directory + "/dilate-itk.mha");
  } catch (const itk::ExceptionObject& e) {
    std::cerr << "make-morphology-baseline: " << e.GetDescription() << "\n";
    return 1;
  }
  return 0;
}
