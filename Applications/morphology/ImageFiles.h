#pragma once
// Reading and writing image files of one pixel type and dimension with ITK (the extension picks
// the format). Errors become cumed::Error naming the file. The files are written under temporary
// names and renamed into place once complete, so a failed write leaves no half-written output and
// replaces nothing; a directory made for them is removed again.
#include "Locations.h"
#include "cumed/io/ImageFiles.h"
#include "cumed/output/SafeOutput.h"

#include "cumed/core/Error.h"

#include <itkImageFileReader.h>
#include <itkImageFileWriter.h>

#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

namespace cumed::morphologyapp {

using io::ReadItkImageFile;

/// Writes `image` to `output.path` (and, for .mhd, its data file), compressed where the format
/// supports it; creates missing parent directories. `replace` (--force): an existing file is
/// replaced; without it, one that appeared meanwhile (another run) stops the write.
template <class TImage>
void WriteImageFile(const TImage* image, const Location& output, bool replace) {
  output::CreatedDirectories created;
  created.Create(output.path.parent_path());
  output::StagedFiles staged(replace);
  std::vector<std::filesystem::path> files;
  for (const std::filesystem::path& file : output.files) files.push_back(staged.Stage(file));
  auto writer = itk::ImageFileWriter<TImage>::New();
  writer->SetInput(image);
  writer->SetFileName(files.front().string()); // the header's data file name stays relative
  writer->UseCompressionOn();
  try {
    writer->Update();
  } catch (const itk::ExceptionObject& e) {
    throw cumed::Error("cannot write OUTPUT '" + output.path.string() +
                       "': " + io::ItkErrorText(e));
  }
  staged.Commit();
  created.Keep();
}

} // namespace cumed::morphologyapp
