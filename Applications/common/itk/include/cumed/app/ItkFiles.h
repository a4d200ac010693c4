#pragma once
// What the programs that read image files with ITK share: ITK's error text on one line, the
// header of a scalar image file, and reading a whole file. Messages name the INPUT file.
#include "cumed/core/Error.h"

#include <itkImageFileReader.h>
#include <itkImageIOBase.h>
#include <itkMacro.h>

#include <filesystem>
#include <string>

namespace cumed::app {

/// ITK's exception text without its "ITK ERROR: MetaImageIO(0x55...): " prefix and on one line,
/// for messages that already name the file and what was being done.
std::string ItkErrorText(const itk::ExceptionObject& e);

/// The header of `file`, read by the ITK ImageIO that claims it. Throws cumed::Error naming the
/// file when no ImageIO recognises it, the header cannot be read, or the pixels are not scalar
/// (`scalarReason` ends that message, e.g. "only scalar images are supported").
itk::ImageIOBase::Pointer ReadScalarImageHeader(const std::filesystem::path& file,
                                                const std::string& scalarReason);

/// The whole image in `file`, disconnected from its reader.
template <class TImage> typename TImage::Pointer ReadImageFile(const std::filesystem::path& file) {
  auto reader = itk::ImageFileReader<TImage>::New();
  reader->SetFileName(file.string());
  try {
    reader->Update();
  } catch (const itk::ExceptionObject& e) {
    throw cumed::Error("cannot read INPUT '" + file.string() + "': " + ItkErrorText(e));
  }
  typename TImage::Pointer image = reader->GetOutput();
  image->DisconnectPipeline();
  return image;
}

} // namespace cumed::app
