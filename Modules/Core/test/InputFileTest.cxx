// cumed/core/InputFile.h: what a run may read is examined by stat first (a FIFO is refused, not
// waited on), and whole-file reads are bounded by the caller's limit.
#include "cumed/core/InputFile.h"
#include "cumed/core/Error.h"

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace fs = std::filesystem;

namespace {

class InputFileTest : public ::testing::Test {
protected:
  void SetUp() override {
    directory_ = fs::temp_directory_path() /
                 ("cumed-input-file-" + std::to_string(::getpid()) + "-" +
                  ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(directory_);
    fs::create_directories(directory_);
  }
  void TearDown() override { fs::remove_all(directory_); }
  fs::path Write(const std::string& name, const std::string& bytes) {
    const fs::path path = directory_ / name;
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
  }
  fs::path directory_;
};

template <class Call> std::string RefusalOf(const Call& call) {
  try {
    call();
  } catch (const cumed::InvalidArgument& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST_F(InputFileTest, ReadsARegularFileWhole) {
  const std::string bytes("a\0b\nc", 5);
  const fs::path file = Write("p.txt", bytes);
  EXPECT_EQ(cumed::CheckRegularInputFile(file, "--params 'p.txt':"), 5u);
  EXPECT_EQ(cumed::ReadRegularInputFile(file, "--params 'p.txt':", 5), bytes);
  EXPECT_EQ(cumed::ReadRegularInputFile(Write("empty", ""), "x", 0), "");
}

TEST_F(InputFileTest, RefusesAFifoWithoutWaiting) {
  const fs::path fifo = directory_ / "in.mha";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_EQ(RefusalOf([&] { cumed::ReadRegularInputFile(fifo, "INPUT 'in.mha':", 100); }),
            "INPUT 'in.mha': is a FIFO, not a regular file");
  EXPECT_EQ(RefusalOf([&] { cumed::CheckRegularInputFile(fifo, "INPUT 'in.mha':"); }),
            "INPUT 'in.mha': is a FIFO, not a regular file");
}

TEST_F(InputFileTest, RefusesDirectoriesDevicesAndMissingFiles) {
  EXPECT_EQ(RefusalOf([&] { cumed::ReadRegularInputFile(directory_, "--settings 'd':", 100); }),
            "--settings 'd': is a directory, not a regular file");
  EXPECT_EQ(RefusalOf([&] { cumed::CheckRegularInputFile("/dev/null", "--settings 'n':"); }),
            "--settings 'n': is a character device, not a regular file");
  EXPECT_EQ(RefusalOf([&] { cumed::CheckRegularInputFile(directory_ / "none", "--params 'x':"); }),
            "--params 'x': no such file");
  EXPECT_EQ(RefusalOf([&] {
              cumed::CheckRegularInputFile(Write("f", "1") / "below", "--params 'f/below':");
            }),
            "--params 'f/below': no such file");
}

TEST_F(InputFileTest, RefusesFilesLongerThanTheLimitBeforeReading) {
  const fs::path file = Write("big.txt", std::string(1001, 'x'));
  EXPECT_EQ(RefusalOf([&] { cumed::ReadRegularInputFile(file, "keyframe file 'big.txt':", 1000); }),
            "keyframe file 'big.txt': is 1001 bytes long; at most 1000 are read from a file of "
            "this kind");
  EXPECT_EQ(cumed::ReadRegularInputFile(file, "k", 1001).size(), 1001u);
}

} // namespace
