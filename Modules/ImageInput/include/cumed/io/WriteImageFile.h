#pragma once
// Writing an itk::Image to an image file (the extension picks the format), compressed where the
// format supports it, through CuMed::OutputSafety: the files are written under temporary names
// and renamed into place once complete, so a failed write leaves no half-written output and
// replaces nothing; a directory made for them is removed again.
#include "cumed/core/Error.h"
#include "cumed/io/ImageFiles.h"
#include "cumed/output/SafeOutput.h"

#include <itkImageFileWriter.h>

#include <filesystem>
#include <string>
#include <vector>

namespace cumed::io {

/// ITK's MetaImage and NIfTI writers report a failed write (a full file system) only on stderr
/// and return normally, so a file one of them has just `written` (under a staging name) is checked
/// as an input is (ReadItkImageHeader: its sizes against its real length, compressed data
/// inflated) before it gets its final name. Throws cumed::Error "cannot write <what> '<name>': ..."
/// when it is incomplete.
inline void CheckWrittenImageFile(const std::filesystem::path& written,
                                  const std::filesystem::path& name, const std::string& what) {
  try {
    ReadItkImageHeader(written, MemoryUse{1, 0});
  } catch (const Error& e) {
    throw Error("cannot write " + what + " '" + name.string() +
                "': ITK's writer returned, but the file it wrote is incomplete (is the file " +
                "system full?); checking it found: " + e.what());
  }
}

/// Writes `image` to `files.front()` (and, for .mhd, its data file: the other `files`, e.g. the
/// .zraw ITK writes beside the header when compressing); creates missing parent directories.
/// `replace` (--force): an existing file is replaced; without it, one that appeared meanwhile
/// stops the write (output::OutputRefused). ITK's failures, and a written file that the input
/// checks (ReadItkImageHeader) find incomplete, become cumed::Error "cannot write <what> '<file>':
/// ..."; nothing then appears under the final names.
template <class TImage>
void WriteItkImageFile(const TImage* image, const std::vector<std::filesystem::path>& files,
                       bool replace, const std::string& what = "OUTPUT") {
  if (files.empty()) throw InvalidArgument("WriteItkImageFile: no file to write");
  RegisterImageFileIO();
  output::CreatedDirectories created;
  created.Create(files.front().parent_path());
  output::StagedFiles staged(replace);
  std::vector<std::filesystem::path> stagedFiles;
  for (const std::filesystem::path& file : files) stagedFiles.push_back(staged.Stage(file));
  auto writer = itk::ImageFileWriter<TImage>::New();
  writer->SetInput(image);
  writer->SetFileName(stagedFiles.front().string()); // the header's data file name stays relative
  writer->UseCompressionOn();
  try {
    writer->Update();
  } catch (const itk::ExceptionObject& e) {
    throw Error("cannot write " + what + " '" + files.front().string() + "': " + ItkErrorText(e));
  }
  CheckWrittenImageFile(stagedFiles.front(), files.front(), what);
  staged.Commit();
  created.Keep();
}

} // namespace cumed::io
