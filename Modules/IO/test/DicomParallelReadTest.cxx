// The parallel header scan and decode: every thread count gives the one-thread result, the same
// warnings and, for broken series, the same error naming the same file.
#include "DicomTestSupport.h"
#include "cumed/io/DicomSeriesWriter.h"

#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcfilefo.h>

#include <cstdlib>
#include <fstream>
#include <gtest/gtest.h>

namespace cumed::io::test {
namespace {

// 1 is the reference; 3 and 7 do not divide the slice counts, 7 exceeds the cores of CI machines.
constexpr int kThreadCounts[] = {2, 3, 7};

CtSeries ReadWithThreads(const std::string& directory, int threads) {
  DicomReadOptions options;
  options.threads = threads;
  DicomReadReport report;
  options.timing = &report;
  CtSeries series = ReadDicomCtSeries(directory, options);
  EXPECT_EQ(report.threads, threads);
  EXPECT_GE(report.totalSeconds, report.headerSeconds);
  return series;
}

std::string ErrorWithThreads(const std::string& directory, int threads) {
  DicomReadOptions options;
  options.threads = threads;
  return DicomErrorMessage([&] { ReadDicomCtSeries(directory, options); });
}

// Bit-identical voxels, exactly equal geometry and the same description of the series.
void ExpectSameSeries(const CtSeries& expected, const CtSeries& actual, int threads) {
  SCOPED_TRACE("threads " + std::to_string(threads));
  EXPECT_TRUE(SamePixels(*expected.image, *actual.image));
  EXPECT_TRUE(SameGeometry(*expected.image, *actual.image, 0.0));
  EXPECT_EQ(expected.info.files, actual.info.files);
  EXPECT_EQ(expected.info.skippedFiles, actual.info.skippedFiles);
  EXPECT_EQ(expected.info.otherSeriesUids, actual.info.otherSeriesUids);
  EXPECT_EQ(expected.info.seriesUid, actual.info.seriesUid);
  EXPECT_EQ(expected.info.rescaleSlope, actual.info.rescaleSlope);
  EXPECT_EQ(expected.info.rescaleIntercept, actual.info.rescaleIntercept);
}

void ExpectSameForEveryThreadCount(const fs::path& directory) {
  const CtSeries reference = ReadWithThreads(directory.string(), 1);
  for (int threads : kThreadCounts)
    ExpectSameSeries(reference, ReadWithThreads(directory.string(), threads), threads);
}

TEST(ParallelDicomRead, PhantomSeriesIsIdenticalForEveryThreadCount) {
  const char* phantom = std::getenv("CUMED_SAMPLE_CT_DIR");
  if (phantom == nullptr || !fs::is_directory(phantom))
    GTEST_SKIP() << "phantom series not found: CUMED_SAMPLE_CT_DIR names the directory the "
                    "target cumed_sample_data writes (build-cpu/Data/phantom-ct)";
  ExpectSameForEveryThreadCount(phantom);
}

TEST(ParallelDicomRead, RealSeriesIsIdenticalForEveryThreadCount) {
  const fs::path real = RealSeriesDirectory();
  if (real.empty())
    GTEST_SKIP() << "real CT series not found: expected ../shared/data/ct/popi-phase00 next to "
                    "the repository (CUMED_SOURCE_DIR)";
  ExpectSameForEveryThreadCount(real);
}

TEST(ParallelDicomRead, NegativeThreadCountIsRefused) {
  DicomReadOptions options;
  options.threads = -1;
  EXPECT_THROW(ReadDicomCtSeries("/nonexistent", options), InvalidArgument);
}

// A 32 x 24 x 16 series (slice k at z = 2k mm), more slices than any tested thread count.
class ParallelDicomChecks : public GeneratedSeries {
protected:
  ParallelDicomChecks() : GeneratedSeries({{32, 24, 16}, {0.5, 0.5, 2.0}, {-8.0, -6.0, 0.0}}) {}

  // The message of the one-thread read, checked to be that of every other thread count.
  std::string SameErrorForEveryThreadCount() const {
    const std::string reference = ErrorWithThreads(directory(), 1);
    for (int threads : kThreadCounts)
      EXPECT_EQ(ErrorWithThreads(directory(), threads), reference) << "threads " << threads;
    return reference;
  }
  // A RescaleIntercept that is an integer (so the header checks pass) but maps the slice's values
  // beyond int16: the error comes from the decode, on a worker thread.
  void OverflowAfterRescale(int k) const {
    EditDicomFileInPlace(slice(k),
                         [](DcmDataset& d) { PutString(d, DCM_RescaleIntercept, "31000"); });
  }
};

TEST_F(ParallelDicomChecks, CleanSeriesWithStrayFilesGivesTheSameResultAndWarnings) {
  std::ofstream(fs::path(directory()) / "README.txt") << "not DICOM\n";
  std::ofstream(fs::path(directory()) / "Thumbs.db", std::ios::binary) << std::string(300, '\x07');
  fs::create_directories(fs::path(directory()) / "sub"); // walked: empty, so no warning
  std::vector<std::string> referenceLog;
  CtSeries reference;
  {
    LogCapture log;
    reference = ReadWithThreads(directory(), 1);
    referenceLog = log.messages();
  }
  EXPECT_TRUE(SamePixels(*volume_, *reference.image));
  ASSERT_EQ(reference.info.skippedFiles.size(), 2u);
  ASSERT_EQ(referenceLog.size(), 2u);
  for (int threads : kThreadCounts) {
    LogCapture log;
    ExpectSameSeries(reference, ReadWithThreads(directory(), threads), threads);
    EXPECT_EQ(log.messages(), referenceLog) << "threads " << threads; // same text, same order
  }
}

TEST_F(ParallelDicomChecks, TruncatedMiddleSliceIsNamedWhateverTheThreadCount) {
  fs::resize_file(slice(8), fs::file_size(slice(8)) - 100);
  const std::string message = SameErrorForEveryThreadCount();
  EXPECT_TRUE(Contains(message, slice(8).string())) << message;
  EXPECT_TRUE(Contains(message, "truncated")) << message;
  EXPECT_TRUE(Contains(message, "PixelData (7FE0,0010)")) << message;
}

TEST_F(ParallelDicomChecks, OfTwoTruncatedSlicesTheFirstIsNamed) {
  for (int k : {5, 12}) fs::resize_file(slice(k), fs::file_size(slice(k)) - 100);
  const std::string message = SameErrorForEveryThreadCount();
  EXPECT_TRUE(Contains(message, slice(5).string())) << message;
  EXPECT_FALSE(Contains(message, slice(12).string())) << message;
}

TEST_F(ParallelDicomChecks, DamagedHeaderIsNamedWhateverTheThreadCount) {
  for (int k : {6, 11}) fs::resize_file(slice(k), 200); // "DICM" kept, no series UID left
  const std::string message = SameErrorForEveryThreadCount();
  EXPECT_TRUE(Contains(message, slice(6).string())) << message;
  EXPECT_FALSE(Contains(message, slice(11).string())) << message;
}

TEST_F(ParallelDicomChecks, DecodeErrorInAMiddleSliceIsNamedWhateverTheThreadCount) {
  OverflowAfterRescale(8);
  const std::string message = SameErrorForEveryThreadCount();
  EXPECT_TRUE(Contains(message, slice(8).string())) << message;
  EXPECT_TRUE(Contains(message, "is not an int16 value")) << message;
}

TEST_F(ParallelDicomChecks, OfTwoDecodeErrorsTheFirstInSliceOrderIsNamed) {
  // Reverse the names, so that slice order (by position) is the opposite of name order: IMG0016
  // is slice 0 and IMG0001 slice 15.
  for (int k = 1; k <= 16; ++k) fs::rename(slice(k), scratch_.path() / SliceName(17 - k));
  for (int k = 1; k <= 16; ++k) fs::rename(scratch_.path() / SliceName(k), slice(k));
  OverflowAfterRescale(4);  // slice 12
  OverflowAfterRescale(13); // slice 3: first in slice order, last in name order
  const std::string message = SameErrorForEveryThreadCount();
  EXPECT_TRUE(Contains(message, slice(13).string())) << message;
  EXPECT_FALSE(Contains(message, slice(4).string())) << message;
}

TEST_F(ParallelDicomChecks, SliceWithoutPreambleHasTheSameOutcomeForEveryThreadCount) {
  // A bare data set (no preamble, no "DICM"): decoded through ITK's reader pipeline.
  DcmFileFormat format;
  ASSERT_TRUE(format.loadFile(slice(9).c_str()).good());
  ASSERT_TRUE(format.loadAllDataIntoMemory().good());
  ASSERT_TRUE(format
                  .saveFile(slice(9).c_str(), EXS_LittleEndianExplicit, EET_ExplicitLength,
                            EGL_recalcGL, EPD_noChange, 0, 0, EWM_dataset)
                  .good());
  std::string reference;
  CtSeries series;
  try {
    series = ReadWithThreads(directory(), 1);
  } catch (const DicomError& error) {
    reference = error.what();
  }
  if (!reference.empty()) { // a refusal must at least be the same for every thread count
    EXPECT_TRUE(Contains(reference, slice(9).string())) << reference;
    EXPECT_EQ(SameErrorForEveryThreadCount(), reference);
    return;
  }
  EXPECT_TRUE(SamePixels(*volume_, *series.image));
  for (int threads : kThreadCounts)
    ExpectSameSeries(series, ReadWithThreads(directory(), threads), threads);
}

TEST_F(ParallelDicomChecks, MoreThreadsThanSlices) {
  for (int k = 3; k <= 16; ++k) fs::remove(slice(k));
  const CtSeries series = ReadWithThreads(directory(), 7);
  EXPECT_EQ(series.image->GetLargestPossibleRegion().GetSize()[2], 2u);
  const std::size_t plane = 32 * 24;
  for (std::size_t i = 0; i < 2 * plane; ++i)
    ASSERT_EQ(series.image->GetBufferPointer()[i], volume_->GetBufferPointer()[i]) << i;
}

} // namespace
} // namespace cumed::io::test
