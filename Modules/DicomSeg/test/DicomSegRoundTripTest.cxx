// SEG objects written by WriteDicomSeg, read back with DCMTK's dcmseg and raw data set (frames,
// segments, pixels, UIDs, references), GDCM (an independent parser) and dciodvfy.
#include "SegTestSupport.h"

#include "cumed/test/RandomCases.h"

#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcfilefo.h>
#include <dcmtk/dcmseg/segdoc.h>
#include <dcmtk/dcmseg/segment.h>
#include <gdcmReader.h>
#include <gdcmStringFilter.h>
#include <gtest/gtest.h>

#include <memory>
#include <set>

namespace cumed::seg::test {
namespace {

using io::test::fs::path;

VolumeGeometry SegGeometry() {
  VolumeGeometry geometry;
  geometry.size = {13, 11, 6}; // odd sizes: bit packing crosses byte boundaries
  geometry.spacing = {0.7, 0.9, 2.5};
  geometry.origin = {-12.5, 30.25, 101.125};
  geometry.rotationAboutZDegrees = 30.0;
  return geometry;
}

std::string GdcmString(const gdcm::Reader& reader, uint16_t group, uint16_t element) {
  gdcm::StringFilter filter;
  filter.SetFile(reader.GetFile());
  std::string value = filter.ToString(gdcm::Tag(group, element));
  while (!value.empty() && (value.back() == ' ' || value.back() == '\0')) value.pop_back();
  return value;
}

// Voxel equality of two label images on one grid; the first difference is reported.
::testing::AssertionResult SameLabels(const LabelImage& expected, const LabelImage& actual) {
  if (expected.GetLargestPossibleRegion() != actual.GetLargestPossibleRegion())
    return ::testing::AssertionFailure() << "regions differ";
  const auto count = expected.GetLargestPossibleRegion().GetNumberOfPixels();
  for (std::size_t i = 0; i < count; ++i)
    if (expected.GetBufferPointer()[i] != actual.GetBufferPointer()[i])
      return ::testing::AssertionFailure()
             << "voxel " << i << ": " << int(expected.GetBufferPointer()[i]) << " vs "
             << int(actual.GetBufferPointer()[i]);
  return ::testing::AssertionSuccess();
}

class DicomSegRoundTrip : public ::testing::Test {
protected:
  void SetUp() override { source_ = MakeSourceSeries(SegGeometry(), scratch_.Sub("ct")); }
  TemporaryDirectory scratch_;
  io::CtSeries source_;
};

TEST_F(DicomSegRoundTrip, ThresholdMaskReadByDcmtkGdcmAndDciodvfy) {
  const auto mask = ThresholdMask(*source_.image, 500);
  const std::string file = scratch_.Sub("out/mask.dcm"); // the parent is created
  DicomSegOptions options;
  options.segmentLabels[1] = "Bone";
  const std::string uid = WriteDicomSeg(mask.GetPointer(), source_, file, options);

  // DCMTK's dcmseg, not CuMed's reader: segments, frames, their references.
  DcmSegmentation* loaded = nullptr;
  ASSERT_TRUE(DcmSegmentation::loadFile(file.c_str(), loaded).good());
  std::unique_ptr<DcmSegmentation> seg(loaded);
  ASSERT_EQ(seg->getNumberOfSegments(), 1u);
  OFString label;
  seg->getSegment(1)->getSegmentLabel(label);
  EXPECT_EQ(label, "Bone");
  // One frame per slice where the mask is set (random HU in -1024..2000: every slice has some).
  EXPECT_EQ(seg->getNumberOfFrames(), source_.info.files.size());
  OFString value;
  seg->getStudy().getStudyInstanceUID(value);
  EXPECT_EQ(value, SourceStudyOptions().studyInstanceUid);
  seg->getFrameOfReference().getFrameOfReferenceUID(value);
  EXPECT_EQ(value, SourceStudyOptions().frameOfReferenceUid);
  seg->getPatient().getPatientID(value);
  EXPECT_EQ(value, "PID-26");
  seg->getSOPCommon().getSOPInstanceUID(value);
  EXPECT_EQ(value, uid);

  // The raw data set: referenced series and instances are the source's.
  DcmFileFormat format;
  ASSERT_TRUE(format.loadFile(file.c_str()).good());
  DcmItem* series = nullptr;
  ASSERT_TRUE(
      format.getDataset()->findAndGetSequenceItem(DCM_ReferencedSeriesSequence, series, 0).good());
  OFString seriesUid;
  series->findAndGetOFString(DCM_SeriesInstanceUID, seriesUid);
  EXPECT_EQ(seriesUid, source_.info.seriesUid);
  std::set<std::string> referenced;
  for (unsigned long i = 0;; ++i) {
    DcmItem* instance = nullptr;
    if (series->findAndGetSequenceItem(DCM_ReferencedInstanceSequence, instance, i).bad()) break;
    OFString instanceUid;
    instance->findAndGetOFString(DCM_ReferencedSOPInstanceUID, instanceUid);
    referenced.insert(instanceUid.c_str());
  }
  EXPECT_EQ(referenced, std::set<std::string>(source_.info.sopInstanceUids.begin(),
                                              source_.info.sopInstanceUids.end()));

  // The raw PixelData unpacked as the standard says (frames bit-contiguous, least significant bit
  // first), frame f being slice DimensionIndexValues[1] - 1 of its FrameContentSequence.
  const Uint8* bits = nullptr;
  unsigned long bytes = 0;
  ASSERT_TRUE(format.getDataset()->findAndGetUint8Array(DCM_PixelData, bits, &bytes).good());
  const std::size_t frameLength =
      mask->GetLargestPossibleRegion().GetSize()[0] * mask->GetLargestPossibleRegion().GetSize()[1];
  auto raw = LabelImage::New();
  raw->SetRegions(mask->GetLargestPossibleRegion());
  raw->Allocate(true);
  for (unsigned long f = 0;; ++f) {
    DcmItem* frame = nullptr;
    if (format.getDataset()
            ->findAndGetSequenceItem(DCM_PerFrameFunctionalGroupsSequence, frame, f)
            .bad())
      break;
    DcmItem* content = nullptr;
    ASSERT_TRUE(frame->findAndGetSequenceItem(DCM_FrameContentSequence, content, 0).good());
    Uint32 slice = 0;
    ASSERT_TRUE(content->findAndGetUint32(DCM_DimensionIndexValues, slice, 1).good());
    ASSERT_GE(slice, 1u);
    for (std::size_t i = 0; i < frameLength; ++i) {
      const std::size_t bit = f * frameLength + i;
      ASSERT_LT(bit / 8, bytes);
      raw->GetBufferPointer()[(slice - 1) * frameLength + i] = (bits[bit / 8] >> (bit % 8)) & 1;
    }
  }
  EXPECT_TRUE(SameLabels(*mask, *raw));

  // CuMed's reader on the source grid: pixels, and per-frame references in slice order.
  const DicomSegImage back = ReadDicomSeg(file, source_.image.GetPointer());
  EXPECT_TRUE(SameLabels(*mask, *back.labels));
  EXPECT_EQ(back.referencedInstanceUids, source_.info.sopInstanceUids);
  ASSERT_EQ(back.segments.size(), 1u);
  EXPECT_EQ(back.segments[0].categoryCode, "85756007^SCT^Tissue");
  EXPECT_EQ(back.segments[0].algorithmName, "CuMed");
  // Without a grid, the frames' own grid is the source's (every slice has a frame).
  const DicomSegImage own = ReadDicomSeg(file);
  EXPECT_TRUE(io::test::SameGeometry(
      *source_.image,
      *[&] {
        auto copy = io::HounsfieldImage::New();
        copy->SetRegions(own.labels->GetLargestPossibleRegion());
        copy->CopyInformation(own.labels);
        return copy;
      }(),
      1e-4));
  EXPECT_TRUE(SameLabels(*mask, *own.labels));

  // GDCM, an independent parser.
  gdcm::Reader reader;
  reader.SetFileName(file.c_str());
  ASSERT_TRUE(reader.Read());
  EXPECT_EQ(GdcmString(reader, 0x0008, 0x0016), "1.2.840.10008.5.1.4.1.1.66.4");
  EXPECT_EQ(GdcmString(reader, 0x0020, 0x000d), SourceStudyOptions().studyInstanceUid);
  EXPECT_EQ(GdcmString(reader, 0x0020, 0x0052), SourceStudyOptions().frameOfReferenceUid);
  EXPECT_EQ(GdcmString(reader, 0x0008, 0x0060), "SEG");

  const IodCheck check = RunDciodvfy(file);
  if (!check.available) GTEST_SKIP() << "dciodvfy is not installed (Debian: dicom3tools)";
  EXPECT_TRUE(check.errors.empty()) << ::testing::PrintToString(check.lines);
}

TEST_F(DicomSegRoundTrip, RandomLabelMapsSurvive) {
  cumed::test::ForEachRandomCase(4, [&](cumed::test::RandomDraw& draw) {
    auto labels = LabelImage::New();
    labels->SetRegions(source_.image->GetLargestPossibleRegion());
    labels->CopyInformation(source_.image);
    labels->Allocate(true);
    const int values = draw.integer(1, 4);
    std::set<int> used;
    const auto count = labels->GetLargestPossibleRegion().GetNumberOfPixels();
    for (std::size_t i = 0; i < count; ++i)
      if (draw.chance(0.2)) {
        const int value = 1 + 60 * draw.integer(0, values - 1); // sparse values: 1, 61, 121...
        labels->GetBufferPointer()[i] = static_cast<std::uint8_t>(value);
        used.insert(value);
      }
    const std::string file = scratch_.Sub("random-" + std::to_string(draw.integer(0, 1 << 30)));
    WriteDicomSeg(labels.GetPointer(), source_, file);
    const DicomSegImage back = ReadDicomSeg(file, source_.image.GetPointer());
    ASSERT_EQ(back.segments.size(), used.size());
    // Segment n is the n-th smallest value present.
    std::vector<std::uint8_t> numberOf(256, 0);
    int n = 0;
    for (int value : used) numberOf[value] = static_cast<std::uint8_t>(++n);
    auto expected = LabelImage::New();
    expected->SetRegions(labels->GetLargestPossibleRegion());
    expected->Allocate();
    for (std::size_t i = 0; i < count; ++i)
      expected->GetBufferPointer()[i] = numberOf[labels->GetBufferPointer()[i]];
    EXPECT_TRUE(SameLabels(*expected, *back.labels));
    for (const DicomSegSegment& segment : back.segments)
      EXPECT_EQ(segment.label.rfind("Label ", 0), 0u) << segment.label;
  });
}

} // namespace
} // namespace cumed::seg::test
