#pragma once
// What the programs that read image files with ITK share: ITK's error text on one line, the
// checked header of an image file (ImageInputChecks.h), and reading a whole file. Messages name
// the INPUT file.
#include "cumed/core/Error.h"

#include <itkImageFileReader.h>
#include <itkImageIOBase.h>
#include <itkMacro.h>

#include <exception>
#include <filesystem>
#include <string>

namespace cumed::io {

/// Registers ITK's MetaImage, NRRD and NIfTI ImageIO factories (the formats this module checks
/// headers for and writes), once, for programs that did not list them with ITK's UseITK (a
/// library user's program). The readers and writers here call it themselves.
void RegisterImageFileIO();

/// ITK's exception text without its "ITK ERROR: MetaImageIO(0x55...): " prefix and on one line,
/// for messages that already name the file and what was being done.
std::string ItkErrorText(const itk::ExceptionObject& e);

/// What a library's std::exception (thrown where ITK expects only its own exceptions: a
/// std::length_error or std::bad_alloc from a damaged file) says, for messages that name the file.
std::string LibraryErrorText(const std::exception& e);

/// How much memory a program needs to hold an image it reads: `copies` of it, each value
/// `valueBytes` wide (0: as wide as stored in the file).
struct MemoryUse {
  unsigned valueBytes = 0;
  unsigned copies = 1;
};

/// The header of `file`, read by the ITK ImageIO that claims it, and checked before any pixel
/// is allocated: the file is a regular file; a MetaImage header has the form MetaIO parses
/// safely (MetaIoHeaderRules.h) and its geometry fields are finite numbers, a NIfTI header has
/// finite geometry, both checked before ITK reads them; the size, spacing, origin and direction
/// pass CheckGridGeometry; the pixel data (or the data file the header names) hold the claimed
/// bytes, compressed data decompress to exactly them; the image fits the available memory
/// (`memory`). ITK's exceptions and std::exceptions from its libraries become cumed::Error
/// naming the file, as does every refusal.
itk::ImageIOBase::Pointer ReadItkImageHeader(const std::filesystem::path& file,
                                             const MemoryUse& memory);

/// ReadItkImageHeader, then refuses pixels that are not scalar (`scalarReason` ends that message,
/// e.g. "only scalar images are supported").
itk::ImageIOBase::Pointer ReadScalarItkImageHeader(const std::filesystem::path& file,
                                                   const std::string& scalarReason,
                                                   const MemoryUse& memory);

/// Refuses (cumed::output::OutputRefused) an OUTPUT image name before anything is computed unless
/// it ends with one of `extensions` (e.g. ".mha, .mhd, .nrrd, .nii, .nii.gz") exactly as written
/// there, and ITK's writer factory claims it: ITK 5.2 matches .mha/.mhd case-sensitively and its
/// NIfTI writer fails on .NII only when writing, so upper-case names are refused for every format.
void CheckItkWritesFile(const std::filesystem::path& output, const std::string& extensions);

/// The whole image in `file`, disconnected from its reader; read its header with
/// ReadItkImageHeader first (the checks are there).
template <class TImage>
typename TImage::Pointer ReadItkImageFile(const std::filesystem::path& file) {
  auto reader = itk::ImageFileReader<TImage>::New();
  reader->SetFileName(file.string());
  try {
    reader->Update();
  } catch (const itk::ExceptionObject& e) {
    throw cumed::Error("cannot read INPUT '" + file.string() + "': " + ItkErrorText(e));
  } catch (const std::exception& e) { // a std::length_error or std::bad_alloc inside MetaIO
    throw cumed::Error("cannot read INPUT '" + file.string() + "': " + LibraryErrorText(e));
  }
  typename TImage::Pointer image = reader->GetOutput();
  image->DisconnectPipeline();
  return image;
}

} // namespace cumed::io
