// The real CT (../shared/data/ct/popi-phase00, skipped when absent): a derived series and a SEG
// of a bone threshold written from it, checked with DCMTK (dcmseg), the raw references and
// dciodvfy. Its 512 x 512 frames are byte-aligned, unlike the generated 13 x 11 ones.
#include "SegTestSupport.h"

#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmseg/segdoc.h>
#include <gtest/gtest.h>

#include <memory>

namespace cumed::seg::test {
namespace {

TEST(RealSeriesSeg, BoneThresholdAndDerivedSeriesOfThePopiCt) {
  const io::test::fs::path real = io::test::RealSeriesDirectory();
  if (real.empty()) GTEST_SKIP() << "the real CT (../shared/data/ct/popi-phase00) is absent";
  const io::CtSeries source = io::ReadDicomCtSeries(real.string());
  TemporaryDirectory scratch;

  const auto bone = ThresholdMask(*source.image, 300);
  const std::string file = scratch.Sub("bone.dcm");
  WriteDicomSeg(bone.GetPointer(), source, file);
  DcmSegmentation* loaded = nullptr;
  ASSERT_TRUE(DcmSegmentation::loadFile(file.c_str(), loaded).good());
  std::unique_ptr<DcmSegmentation> seg(loaded);
  OFString value;
  seg->getStudy().getStudyInstanceUID(value);
  EXPECT_EQ(value, source.info.patientStudy.studyInstanceUid);
  seg->getFrameOfReference().getFrameOfReferenceUID(value);
  EXPECT_EQ(value, source.info.patientStudy.frameOfReferenceUid);
  seg->getPatient().getPatientID(value);
  EXPECT_EQ(value, source.info.patientStudy.patientId);
  const DicomSegImage back = ReadDicomSeg(file, source.image.GetPointer());
  const auto count = bone->GetLargestPossibleRegion().GetNumberOfPixels();
  std::size_t differ = 0;
  for (std::size_t i = 0; i < count; ++i)
    differ += bone->GetBufferPointer()[i] != back.labels->GetBufferPointer()[i];
  EXPECT_EQ(differ, 0u);
  const IodCheck segCheck = RunDciodvfy(file);

  io::DicomWriteOptions options;
  options.source = &source.info;
  const std::string derived = scratch.Sub("derived");
  io::WriteDicomCtSeries(source.image.GetPointer(), derived, options);
  const io::CtSeries again = io::ReadDicomCtSeries(derived);
  EXPECT_EQ(again.info.patientStudy.studyInstanceUid, source.info.patientStudy.studyInstanceUid);
  EXPECT_EQ(again.info.patientStudy.patientName, source.info.patientStudy.patientName);
  EXPECT_TRUE(io::test::SamePixels(*source.image, *again.image));
  const IodCheck sliceCheck = RunDciodvfy(again.info.files.front());

  if (!segCheck.available) GTEST_SKIP() << "dciodvfy is not installed (Debian: dicom3tools)";
  EXPECT_TRUE(segCheck.errors.empty()) << ::testing::PrintToString(segCheck.lines);
  EXPECT_TRUE(sliceCheck.errors.empty()) << ::testing::PrintToString(sliceCheck.lines);
}

} // namespace
} // namespace cumed::seg::test
