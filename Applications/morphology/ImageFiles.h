#pragma once
// Reading and writing image files of one pixel type and dimension with ITK (the extension picks
// the format). Errors become cumed::Error naming the file; a failed write removes the files it
// created, so no half-written output is left behind.
#include "Locations.h"
#include "cumed/app/ItkFiles.h"

#include "cumed/core/Error.h"

#include <itkImageFileReader.h>
#include <itkImageFileWriter.h>

#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

namespace cumed::morphologyapp {

using app::ReadImageFile;

/// Writes `image` to `output.path`, compressed where the format supports it; creates missing
/// parent directories.
template <class TImage> void WriteImageFile(const TImage* image, const Location& output) {
  namespace fs = std::filesystem;
  std::error_code error;
  std::vector<fs::path> created;
  for (const fs::path& file : output.files) {
    if (!fs::exists(file, error)) created.push_back(file);
  }
  const fs::path parent = output.path.parent_path();
  if (!parent.empty() && !fs::exists(parent, error)) {
    fs::create_directories(parent, error);
    if (error) {
      throw cumed::Error("cannot create the directory '" + parent.string() +
                         "' for OUTPUT: " + error.message());
    }
  }
  auto writer = itk::ImageFileWriter<TImage>::New();
  writer->SetInput(image);
  writer->SetFileName(output.path.string());
  writer->UseCompressionOn();
  try {
    writer->Update();
  } catch (const itk::ExceptionObject& e) {
    for (const fs::path& file : created) fs::remove(file, error);
    throw cumed::Error("cannot write OUTPUT '" + output.path.string() +
                       "': " + app::ItkErrorText(e));
  }
}

} // namespace cumed::morphologyapp
