#include "cumed/io/ImageFiles.h"

#include "HeaderSupport.h"
#include "ImageFileData.h"
#include "MetaImageHeader.h"
#include "MetaIoHeaderRules.h"
#include "NiftiHeader.h"
#include "NrrdHeader.h"

#include "cumed/core/InputFile.h"
#include "cumed/io/ImageInputChecks.h"
#include "cumed/output/SafeOutput.h"

#include <itkImageIOFactory.h>
#include <itkMetaImageIOFactory.h>
#include <itkNiftiImageIOFactory.h>
#include <itkNrrdImageIOFactory.h>

#include <ios>
#include <mutex>
#include <new>
#include <stdexcept>
#include <system_error>

namespace fs = std::filesystem;

namespace cumed::io {
namespace {

ImageGridClaim GridOf(const itk::ImageIOBase& io) {
  ImageGridClaim grid;
  const unsigned n = io.GetNumberOfDimensions();
  for (unsigned axis = 0; axis < n; ++axis) {
    grid.size.push_back(io.GetDimensions(axis));
    grid.spacing.push_back(io.GetSpacing(axis));
    grid.origin.push_back(io.GetOrigin(axis));
  }
  for (unsigned row = 0; row < n; ++row) {
    for (unsigned column = 0; column < n; ++column) {
      grid.direction.push_back(io.GetDirection(column)[row]); // GetDirection(i): axis i's vector
    }
  }
  grid.bytesPerVoxel = io.GetComponentSize() * io.GetNumberOfComponents();
  return grid;
}

// a x b, or an error naming the file when it overflows 64 bits.
std::uint64_t Times(const fs::path& file, const std::string& sizeText, std::uint64_t a,
                    std::uint64_t b) {
  if (b != 0 && a > UINT64_MAX / b) {
    throw cumed::Error(InputName(file) + " claims size " + sizeText +
                       ": its byte count overflows 64 bits");
  }
  return a * b;
}

const char* TypeName(const std::exception& e) {
  if (dynamic_cast<const std::length_error*>(&e)) return "std::length_error";
  if (dynamic_cast<const std::out_of_range*>(&e)) return "std::out_of_range";
  if (dynamic_cast<const std::invalid_argument*>(&e)) return "std::invalid_argument";
  if (dynamic_cast<const std::ios_base::failure*>(&e)) return "std::ios_base::failure";
  return "std::exception";
}

} // namespace

// ITK registers a factory class only once.
void RegisterImageFileIO() {
  static std::once_flag once;
  std::call_once(once, [] {
    itk::MetaImageIOFactory::RegisterOneFactory();
    itk::NrrdImageIOFactory::RegisterOneFactory();
    itk::NiftiImageIOFactory::RegisterOneFactory();
  });
}

std::string ItkErrorText(const itk::ExceptionObject& e) {
  std::string text = e.GetDescription();
  if (text.rfind("ITK ERROR: ", 0) == 0) {
    const auto end = text.find("): ");
    if (end != std::string::npos) text.erase(0, end + 3);
  }
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  for (auto newline = text.find('\n'); newline != std::string::npos; newline = text.find('\n')) {
    text.replace(newline, 1, "; ");
  }
  return text;
}

std::string LibraryErrorText(const std::exception& e) {
  if (dynamic_cast<const std::bad_alloc*>(&e)) {
    return "the reader ran out of memory (std::bad_alloc); the file's header claims more than "
           "it holds or is damaged";
  }
  return std::string("the reader failed (") + TypeName(e) + ": " + e.what() +
         "); the file is damaged or not what its extension says";
}

itk::ImageIOBase::Pointer ReadItkImageHeader(const fs::path& file, const MemoryUse& memory) {
  RegisterImageFileIO();
  const std::string name = file.string();
  CheckRegularInputFile(file, "cannot read " + InputName(file) + ":"); // a FIFO would block
  // MetaIO crashes or hangs on some malformed headers, ITK's NIfTI and NRRD readers on others:
  // CuMed's reading of them comes first.
  const std::string extension = file.extension().string();
  const bool metaImage = extension == ".mha" || extension == ".mhd"; // as ITK matches them
  if (metaImage) {
    const detail::MetaImageHeader header = detail::ReadMetaImageHeader(file);
    detail::CheckMetaImageForMetaIO(file, header);
    detail::CheckMetaImageNumbers(file, header); // MetaIO's message: "No such file or directory"
  }
  // ITK's NIfTI reader aborts (vnl's assert_finite) on a NaN in the orientation fields.
  const std::string lower = detail::Lowercase(file.filename().string());
  for (const char* nifti : {".nii", ".nii.gz", ".hdr", ".hdr.gz"}) {
    if (detail::EndsWith(lower, nifti)) detail::LocateNiftiData(file);
  }
  if (detail::EndsWith(lower, ".nrrd") || detail::EndsWith(lower, ".nhdr")) {
    detail::CheckNrrdHeaderLines(file);
  }
  itk::ImageIOBase::Pointer io;
  try {
    io = itk::ImageIOFactory::CreateImageIO(name.c_str(),
                                            itk::ImageIOFactory::FileModeEnum::ReadMode);
  } catch (const itk::ExceptionObject& e) {
    throw cumed::Error("cannot read " + InputName(file) + ": " + ItkErrorText(e));
  } catch (const std::exception& e) {
    throw cumed::Error("cannot read " + InputName(file) + ": " + LibraryErrorText(e));
  }
  if (!io) {
    throw cumed::Error("cannot read " + InputName(file) + ": no ITK image reader recognises it " +
                       "(ITK matches some extensions case-sensitively: .mha, not .MHA)");
  }
  if (!metaImage && std::string(io->GetNameOfClass()) == "MetaImageIO") {
    throw cumed::Error("cannot read " + InputName(file) + ": ITK reads it as MetaImage, whose " +
                       "files end in .mha or .mhd");
  }
  io->SetFileName(name);
  try {
    io->ReadImageInformation();
  } catch (const itk::ExceptionObject& e) {
    throw cumed::Error("cannot read the header of " + InputName(file) + ": " + ItkErrorText(e));
  } catch (const std::exception& e) {
    throw cumed::Error("cannot read the header of " + InputName(file) + ": " + LibraryErrorText(e));
  }
  // ITK accepts a header whose pixel type it could not parse, then throws from the size getters.
  if (io->GetComponentType() == itk::IOComponentEnum::UNKNOWNCOMPONENTTYPE) {
    throw cumed::Error("cannot read the header of " + InputName(file) +
                       ": its pixel type is missing or unknown to ITK");
  }
  const ImageGridClaim grid = GridOf(*io);
  const std::string sizeText = SizeText(grid.size);
  const std::uint64_t voxels = VoxelCount(file, grid.size);
  CheckGridGeometry(file, grid);
  const detail::ImageDataLocation data = detail::LocateImageData(file, *io);
  const std::uint64_t bytes =
      detail::ExpectedDataBytes(data, Times(file, sizeText, voxels, grid.bytesPerVoxel));
  detail::CheckDataSize(file, data, bytes, io->GetComponentSize());
  const std::uint64_t valueBytes = memory.valueBytes ? memory.valueBytes : io->GetComponentSize();
  const std::uint64_t perCopy =
      Times(file, sizeText, Times(file, sizeText, voxels, io->GetNumberOfComponents()), valueBytes);
  CheckFitsInMemory(file, sizeText, Times(file, sizeText, perCopy, memory.copies));
  detail::CheckDecompressedSize(file, data, bytes);
  return io;
}

itk::ImageIOBase::Pointer ReadScalarItkImageHeader(const fs::path& file,
                                                   const std::string& scalarReason,
                                                   const MemoryUse& memory) {
  itk::ImageIOBase::Pointer io = ReadItkImageHeader(file, memory);
  if (io->GetNumberOfComponents() != 1) {
    throw cumed::Error(InputName(file) + " has " + std::to_string(io->GetNumberOfComponents()) +
                       " components per pixel (" +
                       itk::ImageIOBase::GetPixelTypeAsString(io->GetPixelType()) + "); " +
                       scalarReason);
  }
  return io;
}

void CheckItkWritesFile(const fs::path& output, const std::string& extensions) {
  const std::string name = output.filename().string();
  bool listed = false;
  std::size_t start = 0;
  while (start < extensions.size() && !listed) {
    std::size_t end = extensions.find(", ", start);
    if (end == std::string::npos) end = extensions.size();
    const std::string extension = extensions.substr(start, end - start);
    listed = name.size() > extension.size() &&
             name.compare(name.size() - extension.size(), extension.size(), extension) == 0;
    start = end + 2;
  }
  const std::string path = output.string();
  if (!listed || !itk::ImageIOFactory::CreateImageIO(
                     path.c_str(), itk::ImageIOFactory::FileModeEnum::WriteMode)) {
    throw cumed::output::OutputRefused(
        "OUTPUT '" + path + "': ITK writes image files by their extension, " +
        "matched case-sensitively; use one of " + extensions + " (lower case)");
  }
}

} // namespace cumed::io
