// Image inputs that are not regular files are refused by stat before anything opens them: a FIFO
// named like an image file used to block the programs forever inside the MetaImage header scan.
#include "cumed/core/Error.h"
#include "cumed/io/ImageFiles.h"
#include "cumed/io/MetaImageDataFiles.h"

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <string>

namespace fs = std::filesystem;

namespace {

TEST(NonRegularImageInput, FifoNamedLikeAnImageIsRefusedWithoutWaiting) {
  const fs::path directory =
      fs::temp_directory_path() / ("cumed-fifo-input-" + std::to_string(::getpid()));
  fs::remove_all(directory);
  fs::create_directories(directory);
  for (const char* name : {"in.mha", "in.mhd", "in.nii", "in.nii.gz", "in.nrrd"}) {
    const fs::path fifo = directory / name;
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0) << name;
    EXPECT_TRUE(cumed::io::MetaImageDataFiles(fifo).empty()) << name;
    try {
      cumed::io::ReadItkImageHeader(fifo, cumed::io::MemoryUse{});
      ADD_FAILURE() << name << " was accepted";
    } catch (const cumed::Error& e) {
      EXPECT_EQ(std::string(e.what()),
                "cannot read INPUT '" + fifo.string() + "': is a FIFO, not a regular file");
    }
  }
  try {
    cumed::io::ReadItkImageHeader(directory, cumed::io::MemoryUse{});
    ADD_FAILURE() << "a directory was accepted";
  } catch (const cumed::Error& e) {
    EXPECT_NE(std::string(e.what()).find("is a directory, not a regular file"), std::string::npos)
        << e.what();
  }
  fs::remove_all(directory);
}

} // namespace
