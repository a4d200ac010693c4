// What WriteDicomSeg refuses, and that a refusal or a failed write leaves nothing behind.
#include "SegTestSupport.h"

#include "cumed/output/SafeOutput.h"

#include <dcmtk/dcmdata/dcdeftag.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>
#include <iterator>

namespace cumed::seg::test {
namespace {

namespace fs = io::test::fs;

VolumeGeometry SmallGeometry() {
  VolumeGeometry geometry;
  geometry.size = {9, 7, 4};
  geometry.spacing = {1.0, 1.0, 3.0};
  return geometry;
}

class DicomSegRefusal : public ::testing::Test {
protected:
  void SetUp() override {
    source_ = MakeSourceSeries(SmallGeometry(), scratch_.Sub("ct"));
    mask_ = ThresholdMask(*source_.image, 0);
  }
  TemporaryDirectory scratch_;
  io::CtSeries source_;
  LabelImage::Pointer mask_;
};

TEST_F(DicomSegRefusal, EmptyMask) {
  mask_->FillBuffer(0);
  const std::string file = scratch_.Sub("seg.dcm");
  const std::string message =
      io::test::DicomErrorMessage([&] { WriteDicomSeg(mask_.GetPointer(), source_, file); });
  EXPECT_NE(message.find("no non-zero voxel"), std::string::npos) << message;
  EXPECT_NE(message.find(file), std::string::npos) << message;
  EXPECT_FALSE(fs::exists(file));
}

TEST_F(DicomSegRefusal, MaskOffTheSourceGrid) {
  auto shifted = mask_->GetOrigin();
  shifted[2] += 1.5;
  mask_->SetOrigin(shifted);
  const std::string file = scratch_.Sub("seg.dcm");
  const std::string message =
      io::test::DicomErrorMessage([&] { WriteDicomSeg(mask_.GetPointer(), source_, file); });
  EXPECT_NE(message.find("not on the grid"), std::string::npos) << message;
  EXPECT_NE(message.find("origin 0 x 0 x 1.5 vs 0 x 0 x 0"), std::string::npos) << message;
  EXPECT_FALSE(fs::exists(file));
}

TEST_F(DicomSegRefusal, MaskOfOtherSize) {
  auto other = LabelImage::New();
  LabelImage::SizeType size{{9, 7, 3}};
  other->SetRegions(size);
  other->SetSpacing(mask_->GetSpacing()); // CopyInformation would copy the region too
  other->SetOrigin(mask_->GetOrigin());
  other->SetDirection(mask_->GetDirection());
  other->Allocate(true);
  other->GetBufferPointer()[0] = 1;
  const std::string message = io::test::DicomErrorMessage(
      [&] { WriteDicomSeg(other.GetPointer(), source_, scratch_.Sub("seg.dcm")); });
  EXPECT_NE(message.find("size 9 x 7 x 3 vs 9 x 7 x 4"), std::string::npos) << message;
}

TEST_F(DicomSegRefusal, ExistingTargetIsNotOverwritten) {
  const std::string file = scratch_.Sub("seg.dcm");
  { std::ofstream(file) << "the user's file"; }
  EXPECT_THROW(WriteDicomSeg(mask_.GetPointer(), source_, file), output::OutputRefused);
  std::ifstream in(file);
  std::string content;
  std::getline(in, content);
  EXPECT_EQ(content, "the user's file");
}

TEST_F(DicomSegRefusal, UnwritableDirectoryLeavesNoFile) {
  if (geteuid() == 0) GTEST_SKIP() << "root writes into read-only directories";
  const fs::path directory = scratch_.path() / "locked";
  fs::create_directory(directory);
  fs::permissions(directory, fs::perms::owner_read | fs::perms::owner_exec);
  const std::string file = (directory / "seg.dcm").string();
  EXPECT_ANY_THROW(WriteDicomSeg(mask_.GetPointer(), source_, file));
  fs::permissions(directory, fs::perms::owner_all);
  EXPECT_TRUE(fs::is_empty(directory)); // neither the file nor a staging directory
}

TEST_F(DicomSegRefusal, FailedWriteLeavesNoHalfFile) {
  // DCMTK refuses a ContentLabel that is not a valid CS value: the failure comes after the
  // checks, and nothing may remain, not even the staging directory or the created parent.
  DicomSegOptions options;
  options.contentLabel = "lower case is not a CS value and far too long";
  const std::string file = scratch_.Sub("new/seg.dcm");
  const std::string message = io::test::DicomErrorMessage(
      [&] { WriteDicomSeg(mask_.GetPointer(), source_, file, options); });
  EXPECT_NE(message.find(file), std::string::npos) << message;
  EXPECT_FALSE(fs::exists(scratch_.path() / "new"));
}

TEST_F(DicomSegRefusal, TiltResampledSourceCannotBeReferenced) {
  io::CtSeries tilted = source_;
  tilted.info.tiltResampled = true;
  tilted.info.tiltDegrees = 18.5;
  const std::string message = io::test::DicomErrorMessage(
      [&] { WriteDicomSeg(mask_.GetPointer(), tilted, scratch_.Sub("seg.dcm")); });
  EXPECT_NE(message.find("tilted"), std::string::npos) << message;
}

TEST_F(DicomSegRefusal, ReaderRefusesAFrameGridTooLargeToAllocate) {
  const std::string file = scratch_.Sub("seg.dcm");
  WriteDicomSeg(mask_.GetPointer(), source_, file);
  // One frame moved 9 km along the normal: 3 million slices of 3 mm.
  io::test::EditDicomFileInPlace(file, [](DcmDataset& dataset) {
    DcmItem* frame = nullptr;
    DcmItem* plane = nullptr;
    ASSERT_TRUE(
        dataset.findAndGetSequenceItem(DCM_PerFrameFunctionalGroupsSequence, frame, 0).good());
    ASSERT_TRUE(frame->findAndGetSequenceItem(DCM_PlanePositionSequence, plane, 0).good());
    ASSERT_TRUE(plane->putAndInsertString(DCM_ImagePositionPatient, "0\\0\\9000000").good());
  });
  const std::string message = io::test::DicomErrorMessage([&] { ReadDicomSeg(file); });
  EXPECT_NE(message.find("at most 65536 slices"), std::string::npos) << message;
  EXPECT_NE(message.find(file), std::string::npos) << message;
}

TEST_F(DicomSegRefusal, NotASegFileIsNamedByTheReader) {
  const std::string message =
      io::test::DicomErrorMessage([&] { ReadDicomSeg(source_.info.files.front()); });
  EXPECT_NE(message.find(source_.info.files.front()), std::string::npos) << message;
  EXPECT_NE(message.find("is not a DICOM SEG"), std::string::npos) << message;
}

// The reader loads a whole file with DCMTK: it first refuses what the series scan refuses (a
// FIFO would block, a damaged length would be allocated), naming the file.
TEST_F(DicomSegRefusal, ReaderRefusesAFifoAndEveryCutOfASeg) {
  const std::string fifo = scratch_.Sub("fifo.dcm");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  try {
    ReadDicomSeg(fifo);
    ADD_FAILURE() << "a FIFO was read";
  } catch (const cumed::Error& error) {
    EXPECT_NE(std::string(error.what()).find("FIFO"), std::string::npos) << error.what();
  }
  const std::string file = scratch_.Sub("seg.dcm");
  WriteDicomSeg(mask_.GetPointer(), source_, file);
  std::ifstream in(file, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), {});
  const std::string cut = scratch_.Sub("cut.dcm");
  for (std::size_t length = 0; length < bytes.size(); length += 1 + length / 16) {
    std::ofstream(cut, std::ios::binary | std::ios::trunc) << bytes.substr(0, length);
    try {
      ReadDicomSeg(cut);
      ADD_FAILURE() << "the SEG cut to " << length << " of " << bytes.size() << " bytes was read";
    } catch (const cumed::Error& error) {
      EXPECT_NE(std::string(error.what()).find(cut), std::string::npos)
          << length << ": " << error.what();
    }
  }
}

} // namespace
} // namespace cumed::seg::test
