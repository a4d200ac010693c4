#include "cumed/app/ItkFiles.h"

#include <itkImageIOFactory.h>

namespace cumed::app {

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

itk::ImageIOBase::Pointer ReadScalarImageHeader(const std::filesystem::path& file,
                                                const std::string& scalarReason) {
  const std::string name = file.string();
  itk::ImageIOBase::Pointer io =
      itk::ImageIOFactory::CreateImageIO(name.c_str(), itk::ImageIOFactory::FileModeEnum::ReadMode);
  if (!io) throw cumed::Error("cannot read INPUT '" + name + "': no image reader recognises it");
  io->SetFileName(name);
  try {
    io->ReadImageInformation();
  } catch (const itk::ExceptionObject& e) {
    throw cumed::Error("cannot read the header of INPUT '" + name + "': " + ItkErrorText(e));
  }
  if (io->GetNumberOfComponents() != 1) {
    throw cumed::Error("INPUT '" + name + "' has " + std::to_string(io->GetNumberOfComponents()) +
                       " components per pixel (" +
                       itk::ImageIOBase::GetPixelTypeAsString(io->GetPixelType()) + "); " +
                       scalarReason);
  }
  return io;
}

} // namespace cumed::app
