// libFuzzer target: the image files the applications read with ITK (cumed-isosurface,
// cumed-morphology): the first byte picks .mha, .nii, .nii.gz or .nrrd, the rest is the file,
// read as the programs read it: the header (ReadScalarItkImageHeader), then the pixels of a 2D or 3D
// image (ReadItkImageFile; as float, the conversion every component type can take). Documented
// refusals (cumed::Error) are fine; anything else is a finding.
#include "FuzzSupport.h"
#include "cumed/io/ImageFiles.h"

#include <itkImage.h>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  cumed::fuzz::QuietLibraries();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static const cumed::fuzz::ScratchDirectory scratch("image-file");
  scratch.Clear(); // one file at a time, whatever its extension
  const auto& extensions = cumed::fuzz::ImageFileExtensions();
  const std::string file =
      scratch.Write("image" + extensions[data[0] % extensions.size()], data + 1, size - 1);
  try {
    const itk::ImageIOBase::Pointer io =
        cumed::io::ReadScalarItkImageHeader(file, "fuzzing", {sizeof(float), 1});
    if (io->GetNumberOfDimensions() == 3)
      cumed::io::ReadItkImageFile<itk::Image<float, 3>>(file);
    else if (io->GetNumberOfDimensions() == 2)
      cumed::io::ReadItkImageFile<itk::Image<float, 2>>(file);
  } catch (const cumed::Error& error) {
    cumed::fuzz::NoteRefusal(error);
  }
  return 0;
}
