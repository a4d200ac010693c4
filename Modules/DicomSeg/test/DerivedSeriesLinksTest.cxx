// A derived CT series written with a source joins the source's patient, study and frame of
// reference and references its slices; checked with DCMTK (not the code under test) and dciodvfy.
#include "SegTestSupport.h"

#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcfilefo.h>
#include <dcmtk/dcmdata/dcuid.h>
#include <gtest/gtest.h>

namespace cumed::seg::test {
namespace {

using io::test::ReadString;

VolumeGeometry SmallGeometry() {
  VolumeGeometry geometry;
  geometry.size = {12, 10, 5};
  geometry.spacing = {0.8, 0.8, 2.0};
  geometry.origin = {-20.0, 15.5, 80.0};
  geometry.rotationAboutZDegrees = 15.0;
  return geometry;
}

// The first item's attribute `tag` inside sequence `sequence` of `file`, read with DCMTK.
std::string ItemString(const io::test::fs::path& file, const DcmTagKey& sequence,
                       const DcmTagKey& tag) {
  DcmFileFormat format;
  EXPECT_TRUE(format.loadFile(file.c_str()).good()) << file;
  DcmItem* item = nullptr;
  if (format.getDataset()->findAndGetSequenceItem(sequence, item, 0).bad() || item == nullptr)
    return "(no " + std::string(DcmTag(sequence).getTagName()) + ")";
  OFString value;
  item->findAndGetOFString(tag, value, 0, true);
  return value.c_str();
}

class DerivedSeriesLinks : public ::testing::Test {
protected:
  void SetUp() override { source_ = MakeSourceSeries(SmallGeometry(), scratch_.Sub("source")); }
  TemporaryDirectory scratch_;
  io::CtSeries source_;
};

TEST_F(DerivedSeriesLinks, JoinsTheSourceStudyAndReferencesEachSlice) {
  io::DicomWriteOptions options;
  options.source = &source_.info;
  options.seriesDescription = "Closed CT";
  options.derivationDescription = "grayscale closing, ball radius 2 mm";
  const std::string directory = scratch_.Sub("derived");
  const std::string seriesUid =
      io::WriteDicomCtSeries(source_.image.GetPointer(), directory, options);
  EXPECT_NE(seriesUid, source_.info.seriesUid);

  const io::CtSeries derived = io::ReadDicomCtSeries(directory);
  ASSERT_EQ(derived.info.files.size(), source_.info.files.size());
  const io::DicomPatientStudy& expected = source_.info.patientStudy;
  const io::DicomPatientStudy& actual = derived.info.patientStudy;
  EXPECT_EQ(actual.patientName, "Doe^Jane");
  EXPECT_EQ(actual.patientId, "PID-26");
  EXPECT_EQ(actual.studyInstanceUid, SourceStudyOptions().studyInstanceUid);
  EXPECT_EQ(actual.frameOfReferenceUid, SourceStudyOptions().frameOfReferenceUid);
  EXPECT_EQ(derived.info.seriesNumber, 1003); // the source's 3 + 1000
  for (std::size_t k = 0; k < derived.info.files.size(); ++k) {
    const io::test::fs::path slice = derived.info.files[k];
    SCOPED_TRACE(slice.string());
    // Every slice, read with DCMTK: the source's patient and study, a derived image type.
    EXPECT_EQ(ReadString(slice, DCM_PatientName), expected.patientName);
    EXPECT_EQ(ReadString(slice, DCM_PatientID), expected.patientId);
    EXPECT_EQ(ReadString(slice, DCM_PatientBirthDate), "19700101");
    EXPECT_EQ(ReadString(slice, DCM_PatientSex), "F");
    EXPECT_EQ(ReadString(slice, DCM_StudyInstanceUID), expected.studyInstanceUid);
    EXPECT_EQ(ReadString(slice, DCM_StudyDate), "20260102");
    EXPECT_EQ(ReadString(slice, DCM_StudyTime), "101500");
    EXPECT_EQ(ReadString(slice, DCM_StudyID), "S26");
    EXPECT_EQ(ReadString(slice, DCM_AccessionNumber), "ACC-2026");
    EXPECT_EQ(ReadString(slice, DCM_StudyDescription), "Chest CT");
    EXPECT_EQ(ReadString(slice, DCM_ReferringPhysicianName), "Who^Doctor");
    EXPECT_EQ(ReadString(slice, DCM_FrameOfReferenceUID), expected.frameOfReferenceUid);
    EXPECT_EQ(ReadString(slice, DCM_SeriesInstanceUID), seriesUid);
    EXPECT_EQ(ReadString(slice, DCM_ImageType), "DERIVED\\SECONDARY\\AXIAL");
    EXPECT_EQ(ReadString(slice, DCM_DerivationDescription), options.derivationDescription);
    EXPECT_EQ(ItemString(slice, DCM_DerivationCodeSequence, DCM_CodeValue), "113077");
    EXPECT_EQ(ItemString(slice, DCM_DerivationCodeSequence, DCM_CodingSchemeDesignator), "DCM");
    // Slice k references source slice k (both sorted along the normal by the reader).
    EXPECT_EQ(ItemString(slice, DCM_SourceImageSequence, DCM_ReferencedSOPInstanceUID),
              source_.info.sopInstanceUids[k]);
    EXPECT_EQ(ItemString(slice, DCM_SourceImageSequence, DCM_ReferencedSOPClassUID),
              UID_CTImageStorage);
  }
  EXPECT_TRUE(io::test::SamePixels(*source_.image, *derived.image));
  EXPECT_TRUE(io::test::SameGeometry(*source_.image, *derived.image, 1e-5));

  const IodCheck check = RunDciodvfy(derived.info.files.front());
  if (!check.available) GTEST_SKIP() << "dciodvfy is not installed (Debian: dicom3tools)";
  EXPECT_TRUE(check.errors.empty()) << ::testing::PrintToString(check.lines);
}

TEST_F(DerivedSeriesLinks, ExplicitSeriesNumberAndDerivationCodeAreKept) {
  io::DicomWriteOptions options;
  options.source = &source_.info;
  options.seriesNumber = 42;
  options.derivation = io::DicomDerivation::Segmentation;
  const std::string directory = scratch_.Sub("derived");
  io::WriteDicomCtSeries(source_.image.GetPointer(), directory, options);
  const auto first = io::test::fs::path(directory) / io::test::SliceName(1);
  EXPECT_EQ(ReadString(first, DCM_SeriesNumber), "42");
  EXPECT_EQ(ItemString(first, DCM_DerivationCodeSequence, DCM_CodeValue), "113076");
  EXPECT_EQ(ItemString(first, DCM_DerivationCodeSequence, DCM_CodeMeaning), "Segmentation");
}

TEST_F(DerivedSeriesLinks, WithoutSourceASyntheticPatientInANewStudy) {
  const std::string directory = scratch_.Sub("plain");
  io::WriteDicomCtSeries(source_.image.GetPointer(), directory);
  const auto first = io::test::fs::path(directory) / io::test::SliceName(1);
  EXPECT_EQ(ReadString(first, DCM_PatientID), "CUMED0001");
  EXPECT_EQ(ReadString(first, DCM_PatientName), "CuMed^Phantom");
  EXPECT_NE(ReadString(first, DCM_StudyInstanceUID), source_.info.patientStudy.studyInstanceUid);
  EXPECT_EQ(ReadString(first, DCM_SeriesNumber), "1");
  EXPECT_EQ(ReadString(first, DCM_ImageType), "ORIGINAL\\PRIMARY\\AXIAL");
  EXPECT_EQ(ItemString(first, DCM_SourceImageSequence, DCM_ReferencedSOPInstanceUID),
            "(no SourceImageSequence)");
}

TEST_F(DerivedSeriesLinks, LatinOneSourceTextIsWrittenAsUtf8) {
  // A source in ISO_IR 100 (Latin-1): the reader keeps its bytes; the derived series and the
  // SEG convert them and declare UTF-8, so that "M\xfcller" is not read as broken UTF-8.
  for (const auto& entry : io::test::fs::directory_iterator(scratch_.Sub("source")))
    io::test::EditDicomFileInPlace(entry.path(), [](DcmDataset& dataset) {
      io::test::PutString(dataset, DCM_SpecificCharacterSet, "ISO_IR 100");
      io::test::PutString(dataset, DCM_PatientName, "M\xfcller^Anna");
    });
  const io::CtSeries latin = io::ReadDicomCtSeries(scratch_.Sub("source"));
  ASSERT_EQ(latin.info.patientStudy.patientName, "M\xfcller^Anna");
  io::DicomWriteOptions options;
  options.source = &latin.info;
  const std::string directory = scratch_.Sub("derived");
  io::WriteDicomCtSeries(latin.image.GetPointer(), directory, options);
  const auto first = io::test::fs::path(directory) / io::test::SliceName(1);
  EXPECT_EQ(ReadString(first, DCM_SpecificCharacterSet), "ISO_IR 192");
  EXPECT_EQ(ReadString(first, DCM_PatientName), "M\xc3\xbcller^Anna");

  const std::string seg = scratch_.Sub("seg.dcm");
  WriteDicomSeg(ThresholdMask(*latin.image, 0).GetPointer(), latin, seg);
  EXPECT_EQ(ReadString(seg, DCM_SpecificCharacterSet), "ISO_IR 192");
  EXPECT_EQ(ReadString(seg, DCM_PatientName), "M\xc3\xbcller^Anna");
}

TEST_F(DerivedSeriesLinks, SourceWithOtherSliceCountIsRefusedBeforeWriting) {
  io::CtSeries other = MakeSourceSeries(
      [] {
        VolumeGeometry geometry = SmallGeometry();
        geometry.size[2] = 4;
        return geometry;
      }(),
      scratch_.Sub("other"));
  io::DicomWriteOptions options;
  options.source = &other.info;
  const std::string directory = scratch_.Sub("derived");
  const std::string message = io::test::DicomErrorMessage(
      [&] { io::WriteDicomCtSeries(source_.image.GetPointer(), directory, options); });
  EXPECT_NE(message.find("has 4 slices, the image to write 5"), std::string::npos) << message;
  EXPECT_NE(message.find(other.info.directory), std::string::npos) << message;
  EXPECT_FALSE(io::test::fs::exists(directory));
}

TEST_F(DerivedSeriesLinks, SourceSliceWithoutInstanceUidIsRefused) {
  io::DicomSeriesInfo broken = source_.info;
  broken.sopInstanceUids[2].clear();
  io::DicomWriteOptions options;
  options.source = &broken;
  const std::string message = io::test::DicomErrorMessage([&] {
    io::WriteDicomCtSeries(source_.image.GetPointer(), scratch_.Sub("derived"), options);
  });
  EXPECT_NE(message.find("slice 2"), std::string::npos) << message;
  EXPECT_NE(message.find("SOPInstanceUID (0008,0018)"), std::string::npos) << message;
}

} // namespace
} // namespace cumed::seg::test
