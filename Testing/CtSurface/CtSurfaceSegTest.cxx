// cumed-ct-surface --seg: the closing mask as a DICOM SEG of the input's study, read with DCMTK's
// dcmseg: one segment, the input's Study and Frame of Reference UIDs, every input slice
// referenced, and as many voxels as the program's own count of closed voxels at or above --iso
// (voxels_ge_iso, counted by the contour stage, not by the SEG code); and its refusals.
#include "CtSurfaceTestPaths.h"
#include "ProgramRun.h"

#include "cumed/io/DicomSeriesReader.h"
#include "cumed/seg/DicomSeg.h"

#include <dcmtk/dcmseg/segdoc.h>
#include <dcmtk/dcmseg/segment.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <set>
#include <string>

namespace fs = std::filesystem;
using cumed::apptest::RunResult;

namespace {

using cumed::ctsurfacetest::Program;

fs::path Phantom() {
  return cumed::ctsurfacetest::PhantomDir();
}

fs::path FreshDir() {
  const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
  const fs::path dir = fs::path(CUMED_SEG_WORK_DIR) / test->name();
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string SummaryValue(const std::string& summary, const std::string& key) {
  const auto start = summary.find(" " + key + "=");
  if (start == std::string::npos) return "";
  const auto value = start + key.size() + 2;
  return summary.substr(value, summary.find_first_of(" \n", value) - value);
}

TEST(CtSurfaceSeg, ClosingMaskJoinsTheInputStudy) {
  const fs::path dir = FreshDir();
  const RunResult run =
      cumed::apptest::RunProgram(Program(),
                                 {"--backend", "cpu", "--no-png", "--output-dir", "out", "--seg",
                                  "seg/closing.dcm", Phantom().string()},
                                 dir, "run", dir);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const fs::path file = dir / "seg" / "closing.dcm";

  DcmSegmentation* loaded = nullptr;
  ASSERT_TRUE(DcmSegmentation::loadFile(file.c_str(), loaded).good());
  std::unique_ptr<DcmSegmentation> seg(loaded);
  ASSERT_EQ(seg->getNumberOfSegments(), 1u);
  OFString value;
  seg->getSegment(1)->getSegmentLabel(value);
  EXPECT_EQ(value, "Closing mask");
  const cumed::io::CtSeries input = cumed::io::ReadDicomCtSeries(Phantom().string());
  seg->getStudy().getStudyInstanceUID(value);
  EXPECT_EQ(value, input.info.patientStudy.studyInstanceUid);
  seg->getFrameOfReference().getFrameOfReferenceUID(value);
  EXPECT_EQ(value, input.info.patientStudy.frameOfReferenceUid);
  seg->getSOPCommon().getSOPInstanceUID(value);
  EXPECT_EQ(SummaryValue(run.out, "seg_sop_instance_uid"), value.c_str()) << run.out;

  const cumed::seg::DicomSegImage back =
      cumed::seg::ReadDicomSeg(file.string(), input.image.GetPointer());
  std::uint64_t set = 0;
  const auto count = back.labels->GetLargestPossibleRegion().GetNumberOfPixels();
  for (std::size_t i = 0; i < count; ++i) set += back.labels->GetBufferPointer()[i] == 1;
  EXPECT_EQ(std::to_string(set), SummaryValue(run.out, "voxels_ge_iso")) << run.out;
  // Every frame references an input slice, and every slice with a frame is an input slice.
  const std::set<std::string> slices(input.info.sopInstanceUids.begin(),
                                     input.info.sopInstanceUids.end());
  EXPECT_EQ(back.referencedInstanceUids.size(), seg->getNumberOfFrames());
  for (const std::string& uid : back.referencedInstanceUids) EXPECT_EQ(slices.count(uid), 1u);
}

TEST(CtSurfaceSeg, ExistingSegIsARefusalEvenWithForce) {
  const fs::path dir = FreshDir();
  { std::ofstream(dir / "closing.dcm") << "the user's file"; }
  const RunResult run = cumed::apptest::RunProgram(
      Program(),
      {"--force", "--no-png", "--output-dir", "out", "--seg", "closing.dcm", Phantom().string()},
      dir, "run", dir);
  EXPECT_EQ(run.exitCode, 2) << run.err;
  EXPECT_NE(run.err.find("a SEG is never replaced"), std::string::npos) << run.err;
  EXPECT_EQ(cumed::apptest::FileBytes(dir / "closing.dcm"), "the user's file");
  EXPECT_FALSE(fs::exists(dir / "out")); // refused before anything was created
}

TEST(CtSurfaceSeg, SegAsASurfaceFileIsARefusal) {
  const fs::path dir = FreshDir();
  const RunResult run = cumed::apptest::RunProgram(
      Program(),
      {"--no-png", "--output-dir", "out", "--seg", "out/surface.stl", Phantom().string()}, dir,
      "run", dir);
  EXPECT_EQ(run.exitCode, 2) << run.err;
  EXPECT_NE(run.err.find("is also the surface file"), std::string::npos) << run.err;
}

} // namespace
