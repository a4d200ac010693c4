// cumed-morphology --seg and its DICOM outputs' links to the DICOM input: the SEG and the
// derived series join the input's study, reference its slices, and agree with each other; the
// SEG is read with DCMTK's dcmseg and the derived slices' references with DCMTK's dcmdata.
#include "ProgramRunner.h"

#include "cumed/io/DicomSeriesReader.h"
#include "cumed/seg/DicomSeg.h"

#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcfilefo.h>
#include <dcmtk/dcmseg/segdoc.h>
#include <gtest/gtest.h>

#include <fstream>
#include <memory>

namespace fs = std::filesystem;
using namespace cumed::morphologytest;

namespace {

// Phantom air: the value binary-dilate grows (a SEG needs a non-empty result).
const std::vector<std::string> kDilateAir = {
    "--operation", "binary-dilate", "--foreground", "-1000", "--radius-vox",
    "1",           "--backend",     "cpu"};

std::vector<std::string> With(std::vector<std::string> arguments,
                              const std::vector<std::string>& more) {
  arguments.insert(arguments.end(), more.begin(), more.end());
  return arguments;
}

std::string SourceReference(const fs::path& slice) {
  DcmFileFormat format;
  EXPECT_TRUE(format.loadFile(slice.c_str()).good()) << slice;
  DcmItem* item = nullptr;
  OFString uid;
  if (format.getDataset()->findAndGetSequenceItem(DCM_SourceImageSequence, item, 0).good())
    item->findAndGetOFString(DCM_ReferencedSOPInstanceUID, uid);
  return uid.c_str();
}

TEST(MorphologyAppSeg, BinaryResultAsSegAndDerivedSeriesOfTheInputStudy) {
  const fs::path phantom = PhantomDirectory();
  ASSERT_TRUE(fs::is_directory(phantom)) << "phantom series '" << phantom << "' is missing";
  const fs::path work = FreshWorkDirectory();
  const RunResult run =
      RunProgram(With(kDilateAir, {"--seg", "air.dcm", phantom.string(), "dilated/"}), work);
  ASSERT_EQ(run.exitCode, 0) << run.err;

  const cumed::io::CtSeries input = cumed::io::ReadDicomCtSeries(phantom.string());
  const cumed::io::CtSeries output = cumed::io::ReadDicomCtSeries((work / "dilated").string());
  EXPECT_EQ(output.info.patientStudy.studyInstanceUid, input.info.patientStudy.studyInstanceUid);
  EXPECT_EQ(output.info.patientStudy.frameOfReferenceUid,
            input.info.patientStudy.frameOfReferenceUid);
  EXPECT_EQ(output.info.patientStudy.patientId, input.info.patientStudy.patientId);
  EXPECT_EQ(output.info.seriesNumber, input.info.seriesNumber + 1000);
  ASSERT_EQ(output.info.files.size(), input.info.files.size());
  for (std::size_t k = 0; k < output.info.files.size(); k += 17)
    EXPECT_EQ(SourceReference(output.info.files[k]), input.info.sopInstanceUids[k]) << k;

  // The SEG, through DCMTK: one segment, the input's study and frame of reference.
  const fs::path seg = work / "air.dcm";
  DcmSegmentation* loaded = nullptr;
  ASSERT_TRUE(DcmSegmentation::loadFile(seg.c_str(), loaded).good());
  std::unique_ptr<DcmSegmentation> segmentation(loaded);
  EXPECT_EQ(segmentation->getNumberOfSegments(), 1u);
  OFString value;
  segmentation->getStudy().getStudyInstanceUID(value);
  EXPECT_EQ(value, input.info.patientStudy.studyInstanceUid);
  segmentation->getFrameOfReference().getFrameOfReferenceUID(value);
  EXPECT_EQ(value, input.info.patientStudy.frameOfReferenceUid);
  segmentation->getSOPCommon().getSOPInstanceUID(value);
  EXPECT_EQ(SummaryValue(run.out, "seg_sop_instance_uid"), value.c_str()) << run.out;

  // Its voxels are the derived series' voxels equal to --foreground.
  const cumed::seg::DicomSegImage back =
      cumed::seg::ReadDicomSeg(seg.string(), input.image.GetPointer());
  const auto count = output.image->GetLargestPossibleRegion().GetNumberOfPixels();
  std::size_t set = 0, differ = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const bool air = output.image->GetBufferPointer()[i] == -1000;
    set += air;
    differ += air != (back.labels->GetBufferPointer()[i] == 1);
  }
  EXPECT_GT(set, 0u);
  EXPECT_EQ(differ, 0u);
}

TEST(MorphologyAppSeg, GrayscaleOperationIsAUsageError) {
  const RunResult run = RunProgram({"--operation", "close", "--radius-vox", "1", "--seg", "x.dcm",
                                    PhantomDirectory().string(), "out/"},
                                   FreshWorkDirectory());
  EXPECT_EQ(run.exitCode, 2) << run.err;
  EXPECT_NE(run.err.find("--operation close is grayscale"), std::string::npos) << run.err;
}

TEST(MorphologyAppSeg, ImageFileInputIsAUsageError) {
  const fs::path work = FreshWorkDirectory();
  { std::ofstream(work / "in.mha") << "not read"; }
  const RunResult run = RunProgram(With(kDilateAir, {"--seg", "x.dcm", "in.mha", "out.mha"}), work);
  EXPECT_EQ(run.exitCode, 2) << run.err;
  EXPECT_NE(run.err.find("--seg needs a DICOM series INPUT"), std::string::npos) << run.err;
  EXPECT_FALSE(fs::exists(work / "x.dcm"));
}

TEST(MorphologyAppSeg, ExistingSegIsNeverReplacedEvenWithForce) {
  const fs::path work = FreshWorkDirectory();
  { std::ofstream(work / "air.dcm") << "the user's file"; }
  const RunResult run = RunProgram(
      With(kDilateAir, {"--force", "--seg", "air.dcm", PhantomDirectory().string(), "out/"}), work);
  EXPECT_EQ(run.exitCode, 2) << run.err;
  EXPECT_NE(run.err.find("a SEG is never replaced"), std::string::npos) << run.err;
  std::ifstream in(work / "air.dcm");
  std::string content;
  std::getline(in, content);
  EXPECT_EQ(content, "the user's file");
  EXPECT_FALSE(fs::exists(work / "out")); // refused before anything is read or written
}

TEST(MorphologyAppSeg, EmptyResultIsARuntimeErrorLeavingNoSeg) {
  const fs::path work = FreshWorkDirectory();
  // No phantom voxel is 3333 HU: the result has no foreground voxel.
  const RunResult run =
      RunProgram({"--operation", "binary-erode", "--foreground", "3333", "--radius-vox", "1",
                  "--backend", "cpu", "--seg", "none.dcm", PhantomDirectory().string(), "out/"},
                 work);
  EXPECT_EQ(run.exitCode, 1) << run.err;
  EXPECT_NE(run.err.find("no non-zero voxel"), std::string::npos) << run.err;
  EXPECT_FALSE(fs::exists(work / "none.dcm"));
}

} // namespace
