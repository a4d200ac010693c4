// WriteItkImageFile: an image written compressed under temporary names and renamed into place
// (an .mhd header with its .zraw data file), parent directories made, an existing file replaced
// only with `replace`.
#include "cumed/io/WriteImageFile.h"

#include "cumed/core/Error.h"

#include <gtest/gtest.h>
#include <itkImage.h>
#include <itkImageFileReader.h>
#include <itkMetaImageIO.h>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdint>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using Volume = itk::Image<std::int16_t, 3>;

Volume::Pointer MakeVolume(std::int16_t first) {
  auto image = Volume::New();
  Volume::SizeType size;
  size[0] = 5;
  size[1] = 4;
  size[2] = 3;
  image->SetRegions(size);
  const double spacing[3] = {0.5, 0.75, 2.0};
  image->SetSpacing(spacing);
  image->Allocate();
  std::int16_t* values = image->GetBufferPointer();
  for (std::size_t i = 0; i < 60; ++i) values[i] = std::int16_t(first + i * 7);
  return image;
}

std::vector<std::int16_t> ReadValues(const fs::path& file, double* spacingX = nullptr) {
  auto reader = itk::ImageFileReader<Volume>::New();
  reader->SetImageIO(itk::MetaImageIO::New());
  reader->SetFileName(file.string());
  reader->Update();
  if (spacingX) *spacingX = reader->GetOutput()->GetSpacing()[0];
  const std::int16_t* values = reader->GetOutput()->GetBufferPointer();
  return std::vector<std::int16_t>(values, values + 60);
}

std::size_t FilesIn(const fs::path& dir) {
  std::size_t count = 0;
  for (const auto& entry : fs::directory_iterator(dir)) count += entry.is_regular_file();
  return count;
}

TEST(WriteItkImageFile, HeaderAndDataFileRenamedIntoPlaceReplacedOnlyWhenAsked) {
  const fs::path root = fs::temp_directory_path() / "cumed_image_input_test" / "write";
  fs::remove_all(root);
  const fs::path dir = root / "new" / "parents";
  const std::vector<fs::path> files{dir / "v.mhd", dir / "v.zraw"};
  cumed::io::WriteItkImageFile(MakeVolume(-100).GetPointer(), files, false);
  EXPECT_TRUE(fs::is_regular_file(files[0]));
  EXPECT_TRUE(fs::is_regular_file(files[1]));
  EXPECT_EQ(FilesIn(dir), 2u) << "temporary files left";
  double spacingX = 0;
  std::vector<std::int16_t> values = ReadValues(files[0], &spacingX);
  EXPECT_EQ(values.front(), -100);
  EXPECT_EQ(values.back(), -100 + 59 * 7);
  EXPECT_EQ(spacingX, 0.5);

  // An existing output is not replaced without `replace`, and is left as it was.
  EXPECT_THROW(cumed::io::WriteItkImageFile(MakeVolume(7).GetPointer(), files, false),
               cumed::Error);
  EXPECT_EQ(ReadValues(files[0]).front(), -100);
  EXPECT_EQ(FilesIn(dir), 2u) << "temporary files left";
  cumed::io::WriteItkImageFile(MakeVolume(7).GetPointer(), files, true);
  EXPECT_EQ(ReadValues(files[0]).front(), 7);
  EXPECT_EQ(FilesIn(dir), 2u) << "temporary files left";

  // A format no ImageIO writes: ITK's failure names the file, nothing is left.
  const fs::path unknown = root / "bad" / "v.unknown-format";
  try {
    cumed::io::WriteItkImageFile(MakeVolume(1).GetPointer(), {unknown}, false, "--output");
    ADD_FAILURE() << "wrote " << unknown;
  } catch (const cumed::Error& e) {
    EXPECT_NE(std::string(e.what()).find("cannot write --output '" + unknown.string() + "'"),
              std::string::npos)
        << e.what();
  }
  EXPECT_FALSE(fs::exists(root / "bad")) << "the directory made for the output is left";
}

// Issue 25: ITK's MetaImage and NIfTI writers returned normally on a full file system (they only
// printed "file stream is fail after write" / "wrote only N of M bytes"), and the truncated file
// got its final name. A child process whose file size limit is 4 KiB (RLIMIT_FSIZE: writes past it
// fail with EFBIG, as on a full disk) writes a 320 KiB noisy volume in each format: every write
// must fail naming the output, and leave nothing under the final names.
TEST(WriteItkImageFile, AWriteThatRunsOutOfSpaceFailsAndLeavesNothing) {
  const fs::path dir = fs::temp_directory_path() / "cumed_image_input_test" / "full";
  fs::remove_all(dir);
  fs::create_directories(dir);
  auto image = Volume::New();
  Volume::SizeType size;
  size.Fill(64);
  size[2] = 40;
  image->SetRegions(size);
  image->Allocate();
  std::uint32_t state = 12345; // noise: compression cannot fit it into the limit
  for (std::size_t i = 0; i < 64 * 64 * 40; ++i) {
    state = state * 1664525u + 1013904223u;
    image->GetBufferPointer()[i] = static_cast<std::int16_t>(state >> 16);
  }
  int report[2];
  ASSERT_EQ(::pipe(report), 0);
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    ::close(report[0]);
    ::signal(SIGXFSZ, SIG_IGN);
    const rlimit limit{4096, 4096};
    ::setrlimit(RLIMIT_FSIZE, &limit);
    std::string lines;
    for (const char* name : {"v.mha", "v.mhd", "v.nii", "v.nii.gz"}) {
      std::vector<fs::path> files{dir / name};
      if (std::string(name) == "v.mhd") files.push_back(dir / "v.zraw");
      std::string outcome = "written";
      try {
        cumed::io::WriteItkImageFile(image.GetPointer(), files, false);
      } catch (const cumed::Error& e) {
        outcome = e.what();
      }
      lines += std::string(name) + "\t" + outcome + "\n";
    }
    (void)!::write(report[1], lines.data(), lines.size());
    ::_exit(0);
  }
  ::close(report[1]);
  std::string lines;
  char buffer[4096];
  for (ssize_t got; (got = ::read(report[0], buffer, sizeof buffer)) > 0;)
    lines.append(buffer, got);
  ::close(report[0]);
  int status = 0;
  ::waitpid(child, &status, 0);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "the writing child died";
  std::istringstream outcomes(lines);
  int count = 0;
  for (std::string name, message;
       std::getline(outcomes, name, '\t') && std::getline(outcomes, message); ++count) {
    EXPECT_NE(message.find("cannot write OUTPUT '" + (dir / name).string() + "'"),
              std::string::npos)
        << name << ": " << message;
    EXPECT_NE(message.find("is incomplete (is the file system full?)"), std::string::npos)
        << name << ": " << message;
  }
  EXPECT_EQ(count, 4) << lines;
  EXPECT_EQ(FilesIn(dir), 0u) << "a truncated output was left under its final name";
  EXPECT_TRUE(fs::is_empty(dir)) << "staging directories were left";
}

} // namespace
