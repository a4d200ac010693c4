// The reader's checks on small series written by the test itself (no external data needed).
#include "DicomTestSupport.h"
#include "cumed/io/DicomSeriesWriter.h"

#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcfilefo.h>
#include <dcmtk/dcmdata/dcmetinf.h>
#include <dcmtk/dcmdata/dcuid.h>

#include <fstream>
#include <gtest/gtest.h>

namespace cumed::io::test {
namespace {

// A 24 x 20 x 9 series (2 mm slices, z from 10 mm) in a scratch directory of its own.
class DicomReaderChecks : public GeneratedSeries {
protected:
  DicomReaderChecks() : GeneratedSeries({{24, 20, 9}, {0.5, 0.5, 2.0}, {-6.0, -5.0, 10.0}}) {}
};

TEST_F(DicomReaderChecks, ReadsTheCleanSeriesAndLeavesTheDirectoryUntouched) {
  const auto before = DirectorySnapshot(directory());
  const CtSeries series = ReadDicomCtSeries(directory());
  EXPECT_TRUE(SamePixels(*volume_, *series.image));
  EXPECT_TRUE(SameGeometry(*volume_, *series.image, 1e-9));
  EXPECT_EQ(DirectorySnapshot(directory()), before);
}

TEST_F(DicomReaderChecks, SortsByPositionNotByFileName) {
  // Reverse the names: IMG0001 now holds the highest slice.
  for (int k = 1; k <= 9; ++k) fs::rename(slice(k), scratch_.path() / SliceName(10 - k));
  for (int k = 1; k <= 9; ++k) fs::rename(scratch_.path() / SliceName(k), slice(k));
  const CtSeries series = ReadDicomCtSeries(directory());
  EXPECT_TRUE(SamePixels(*volume_, *series.image));
  EXPECT_EQ(fs::path(series.info.files.front()).filename(), "IMG0009.dcm");
}

TEST_F(DicomReaderChecks, MissingDirectory) {
  const std::string missing = scratch_.Sub("nowhere");
  EXPECT_TRUE(Contains(DicomErrorMessage([&] { ReadDicomCtSeries(missing); }), "does not exist"));
}

TEST_F(DicomReaderChecks, EmptyDirectory) {
  fs::create_directories(scratch_.path() / "empty");
  const std::string message = DicomErrorMessage([&] { ReadDicomCtSeries(scratch_.Sub("empty")); });
  EXPECT_TRUE(Contains(message, "no DICOM series")) << message;
}

TEST_F(DicomReaderChecks, DirectoryWithoutDicomFiles) {
  const fs::path other = scratch_.path() / "text";
  fs::create_directories(other);
  std::ofstream(other / "readme.txt") << "not an image\n";
  const std::string message = DicomErrorMessage([&] { ReadDicomCtSeries(other.string()); });
  EXPECT_TRUE(Contains(message, "no DICOM series")) << message;
  EXPECT_TRUE(Contains(message, "1 non-DICOM")) << message;
}

TEST_F(DicomReaderChecks, NonDicomFileIsSkippedWithAWarning) {
  const fs::path stray = fs::path(directory()) / "notes.txt";
  std::ofstream(stray) << "scanner notes, not DICOM\n";
  LogCapture log;
  const CtSeries series = ReadDicomCtSeries(directory());
  ASSERT_EQ(series.info.skippedFiles.size(), 1u);
  EXPECT_EQ(series.info.skippedFiles.front(), stray.string());
  EXPECT_TRUE(log.Contains(stray.string()));
  EXPECT_TRUE(SamePixels(*volume_, *series.image));
}

TEST_F(DicomReaderChecks, NonCtModalityIsRefusedUnlessAllowed) {
  for (int k = 1; k <= 9; ++k)
    EditDicomFileInPlace(slice(k), [](DcmDataset& d) { PutString(d, DCM_Modality, "MR"); });
  const std::string message = DicomErrorMessage([&] { ReadDicomCtSeries(directory()); });
  EXPECT_TRUE(Contains(message, "Modality (0008,0060)")) << message;
  EXPECT_TRUE(Contains(message, "'MR'")) << message;

  DicomReadOptions options;
  options.requireCT = false;
  const CtSeries series = ReadDicomCtSeries(directory(), options);
  EXPECT_EQ(series.info.modality, "MR");
  EXPECT_TRUE(SamePixels(*volume_, *series.image));
}

TEST_F(DicomReaderChecks, MissingSlice) {
  fs::remove(slice(5)); // z = 18 mm
  const std::string message = DicomErrorMessage([&] { ReadDicomCtSeries(directory()); });
  EXPECT_TRUE(Contains(message, "missing slice")) << message;
  EXPECT_TRUE(Contains(message, "position 16 mm")) << message;
  EXPECT_TRUE(Contains(message, "position 20 mm")) << message;
  EXPECT_TRUE(Contains(message, SliceName(4)) && Contains(message, SliceName(6))) << message;
}

TEST_F(DicomReaderChecks, NonUniformSpacing) {
  EditDicomFileInPlace(
      slice(5), [](DcmDataset& d) { PutString(d, DCM_ImagePositionPatient, "-6\\-5\\18.5"); });
  const std::string message = DicomErrorMessage([&] { ReadDicomCtSeries(directory()); });
  EXPECT_TRUE(Contains(message, "non-uniform slice spacing")) << message;
  EXPECT_TRUE(Contains(message, "ImagePositionPatient (0020,0032)")) << message;
}

TEST_F(DicomReaderChecks, TwoSlicesAtOnePosition) {
  EditDicomFile(slice(5), fs::path(directory()) / "copy.dcm", [](DcmDataset& d) {
    char uid[100];
    PutString(d, DCM_SOPInstanceUID, dcmGenerateUniqueIdentifier(uid, SITE_INSTANCE_UID_ROOT));
  });
  const std::string message = DicomErrorMessage([&] { ReadDicomCtSeries(directory()); });
  EXPECT_TRUE(Contains(message, "same position")) << message;
  EXPECT_TRUE(Contains(message, "copy.dcm")) << message;
}

// Issue 26: a tilt is resampled by default; TiltHandling::Refuse keeps the refusal (DicomTiltTest
// checks the resampling).
TEST_F(DicomReaderChecks, SlicesOffTheNormal) {
  for (int k = 1; k <= 9; ++k) // a 10 degree gantry tilt: x moves with z
    EditDicomFileInPlace(slice(k), [k](DcmDataset& d) {
      const std::string position =
          std::to_string(-6.0 + 0.35 * (k - 1)) + "\\-5\\" + std::to_string(10.0 + 2.0 * (k - 1));
      PutString(d, DCM_ImagePositionPatient, position);
    });
  DicomReadOptions options;
  options.tilt = TiltHandling::Refuse;
  const std::string message = DicomErrorMessage([&] { ReadDicomCtSeries(directory(), options); });
  EXPECT_TRUE(Contains(message, "not stacked along the slice normal")) << message;
  EXPECT_TRUE(Contains(message, "tilt of 9.93 degrees")) << message; // atan(0.35 / 2)
}

TEST_F(DicomReaderChecks, MixedPixelSpacing) {
  EditDicomFileInPlace(slice(3), [](DcmDataset& d) { PutString(d, DCM_PixelSpacing, "0.6\\0.6"); });
  const std::string message = DicomErrorMessage([&] { ReadDicomCtSeries(directory()); });
  EXPECT_TRUE(Contains(message, "PixelSpacing (0028,0030)")) << message;
  EXPECT_TRUE(Contains(message, SliceName(3))) << message;
}

TEST_F(DicomReaderChecks, MalformedTagNamesFileAndTag) {
  EditDicomFileInPlace(slice(2),
                       [](DcmDataset& d) { PutString(d, DCM_ImagePositionPatient, "1\\2"); });
  const std::string message = DicomErrorMessage([&] { ReadDicomCtSeries(directory()); });
  EXPECT_TRUE(Contains(message, SliceName(2))) << message;
  EXPECT_TRUE(Contains(message, "ImagePositionPatient (0020,0032) is '1\\2'")) << message;
}

// Issue 26: rounded by default (DicomRescaleRoundingTest); refused with roundRescale = false.
TEST_F(DicomReaderChecks, NonIntegerRescaleIsRefused) {
  EditDicomFileInPlace(slice(4), [](DcmDataset& d) { PutString(d, DCM_RescaleSlope, "0.5"); });
  DicomReadOptions options;
  options.roundRescale = false;
  const std::string message = DicomErrorMessage([&] { ReadDicomCtSeries(directory(), options); });
  EXPECT_TRUE(Contains(message, "RescaleSlope (0028,1053) = 0.5")) << message;
  EXPECT_TRUE(Contains(message, SliceName(4))) << message;
}

TEST_F(DicomReaderChecks, TruncatedPixelData) {
  const fs::path file = slice(6);
  const auto size = fs::file_size(file);
  fs::resize_file(file, size - 100);
  const std::string message = DicomErrorMessage([&] { ReadDicomCtSeries(directory()); });
  EXPECT_TRUE(Contains(message, file.string())) << message;
  EXPECT_TRUE(Contains(message, "truncated")) << message;
  EXPECT_TRUE(Contains(message, "PixelData (7FE0,0010)")) << message;
  EXPECT_TRUE(Contains(message, "declared " + std::to_string(24 * 20 * 2) + " bytes")) << message;
}

TEST_F(DicomReaderChecks, DamagedHeaderIsAnErrorNotASkip) {
  const fs::path file = slice(1);
  fs::resize_file(file, 200); // keeps the "DICM" marker, cuts the header
  const std::string message = DicomErrorMessage([&] { ReadDicomCtSeries(directory()); });
  EXPECT_TRUE(Contains(message, file.string())) << message;
}

TEST_F(DicomReaderChecks, UnsupportedTransferSyntax) {
  // Claim MPEG-2 in the meta header; GDCM parses the data set but cannot decode MPEG-2.
  DcmFileFormat format;
  ASSERT_TRUE(format.loadFile(slice(7).c_str()).good());
  ASSERT_TRUE(format.loadAllDataIntoMemory().good());
  ASSERT_TRUE(
      format.getMetaInfo()
          ->putAndInsertString(DCM_TransferSyntaxUID, UID_MPEG2MainProfileAtMainLevelTransferSyntax)
          .good());
  ASSERT_TRUE(format
                  .saveFile(slice(7).c_str(), EXS_LittleEndianExplicit, EET_ExplicitLength,
                            EGL_recalcGL, EPD_noChange, 0, 0, EWM_dontUpdateMeta)
                  .good());
  const std::string message = DicomErrorMessage([&] { ReadDicomCtSeries(directory()); });
  EXPECT_TRUE(Contains(message, slice(7).string())) << message;
  EXPECT_TRUE(Contains(message, "TransferSyntaxUID (0002,0010)")) << message;
  EXPECT_TRUE(Contains(message, UID_MPEG2MainProfileAtMainLevelTransferSyntax)) << message;
}

TEST_F(DicomReaderChecks, SingleSliceTakesItsStepFromTheHeader) {
  for (int k = 2; k <= 9; ++k) fs::remove(slice(k));
  const CtSeries series = ReadDicomCtSeries(directory());
  EXPECT_EQ(series.image->GetLargestPossibleRegion().GetSize()[2], 1u);
  EXPECT_DOUBLE_EQ(series.image->GetSpacing()[2], 2.0); // SpacingBetweenSlices
}

} // namespace
} // namespace cumed::io::test
