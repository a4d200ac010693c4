#include "ImageFiles.h"

#include "cumed/core/Error.h"
#include "cumed/io/ImageFiles.h"
#include "cumed/io/ImageInputChecks.h"
#include "cumed/io/PictureFileChecks.h"
#include "cumed/output/SafeOutput.h"

#include <itkBMPImageIOFactory.h>
#include <itkImageFileReader.h>
#include <itkImageFileWriter.h>
#include <itkImageIOFactory.h>
#include <itkJPEGImageIOFactory.h>
#include <itkPNGImageIOFactory.h>
#include <itkTIFFImageIOFactory.h>

#include <filesystem>
#include <mutex>

namespace cumed::regression {
namespace {

// The build's IO registration covers the volume formats; pictures are registered here.
void RegisterPictureFormats() {
  static std::once_flag once;
  std::call_once(once, [] {
    itk::PNGImageIOFactory::RegisterOneFactory();
    itk::BMPImageIOFactory::RegisterOneFactory();
    itk::JPEGImageIOFactory::RegisterOneFactory();
    itk::TIFFImageIOFactory::RegisterOneFactory();
  });
}

std::string Describe(const itk::ExceptionObject& e) {
  const char* description = e.GetDescription();
  return description && *description ? description : e.what();
}

// ---- Pictures: checked before ITK, libpng, libtiff or libjpeg see them ----------------------
// libpng's errors abort the process under ITK (a PNG cut to 8 or 40 bytes ended cumed-compare
// with exit 134), libjpeg reads a truncated JPEG as grey and ITK misreads some variants without an
// error, so pictures go through ImageInput's checks first (PictureFileChecks.h), as pictures:
// renderings may carry alpha, and JPEG baselines are allowed.

// "picture 'PATH': what" from the picture checks becomes "cannot read 'PATH': what". Their advice
// for a TIFF of several pages speaks of PIV frames: here it is said for a comparison.
std::string PictureMessage(const std::string& path, std::string what) {
  const std::string piv = "a PIV frame is one 2D image: save each page as its own file";
  const std::size_t advice = what.find(piv);
  if (advice != std::string::npos) {
    what.replace(advice, piv.size(),
                 "pictures are compared as single-page TIFFs (CuMed checks one image directory); "
                 "compare a volume as .mha or .nrrd");
  }
  const std::string prefix = "picture '" + path + "'";
  if (what.compare(0, prefix.size(), prefix) == 0) {
    const std::string rest = what.substr(prefix.size());
    return "cannot read '" + path + "'" + (rest.compare(0, 2, ": ") == 0 ? "" : ":") + rest;
  }
  return "cannot read '" + path + "': " + what;
}

// PNG, BMP, TIFF and JPEG pictures are checked; other files are left to ReadItkImageHeader's
// checks. Every refusal becomes a FileError naming the file.
void CheckPicture(const std::string& path) {
  try {
    io::CheckPictureFile(path, io::PictureUse::Picture);
  } catch (const Error& e) {
    throw FileError(PictureMessage(path, e.what()));
  }
}

} // namespace

LoadedImage ReadImage(const std::string& path) {
  RegisterPictureFormats();
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error)) {
    throw FileError("cannot read '" + path + "': no such file");
  }
  CheckPicture(path);
  // Values are held as doubles: the file's buffer converted into a double copy.
  itk::ImageIOBase::Pointer io;
  try {
    io = io::ReadItkImageHeader(path, {sizeof(double), 2});
  } catch (const cumed::Error& e) {
    throw FileError(e.what());
  }
  LoadedImage loaded;
  try {
    loaded.dimension = io->GetNumberOfDimensions();
    loaded.componentType = itk::ImageIOBase::GetComponentTypeAsString(io->GetComponentType());
    if (loaded.dimension > 3) {
      throw FileError("cannot read '" + path + "': " + std::to_string(loaded.dimension) +
                      "D images are not supported (at most 3D)");
    }
    auto reader = itk::ImageFileReader<VectorVolume>::New();
    reader->SetFileName(path);
    reader->SetImageIO(io);
    reader->Update();
    loaded.image = reader->GetOutput();
  } catch (const itk::ExceptionObject& e) {
    throw FileError("cannot read '" + path + "': " + Describe(e));
  } catch (const FileError&) {
    throw;
  } catch (const std::exception& e) { // a std::length_error or std::bad_alloc inside ITK's IO
    throw FileError("cannot read '" + path + "': " + io::LibraryErrorText(e));
  }
  return loaded;
}

void WriteImage8(const itk::Image<unsigned char, 2>* image, const std::string& path) {
  RegisterPictureFormats();
  cumed::output::StagedFiles staged(true); // complete or not at all; an old picture is replaced
  try {
    auto writer = itk::ImageFileWriter<itk::Image<unsigned char, 2>>::New();
    writer->SetFileName(staged.Stage(path).string());
    writer->SetInput(image);
    writer->Update();
  } catch (const itk::ExceptionObject& e) {
    throw FileError("cannot write '" + path + "': " + Describe(e));
  }
  staged.Commit();
}

} // namespace cumed::regression
