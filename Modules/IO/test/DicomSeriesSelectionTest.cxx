// Choosing and listing the series of a folder tree (issue 26): the default rule on a mixed CD
// export, choice by UID, number, description and kernel, ambiguity, a localizer split off its
// series, copies in two directories, anonymised UIDs, and the flat (non-recursive) read.
#include "DicomMixedExport.h"
#include "cumed/io/DicomSeriesList.h"

#include <dcmtk/dcmdata/dcdeftag.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace cumed::io::test {
namespace {

class MixedExportSelection : public ::testing::Test {
protected:
  void SetUp() override { export_ = WriteMixedExportWithRunSeed(scratch_.path() / "export"); }
  std::string root() const { return export_.root.string(); }
  const DicomSeriesEntry& Entry(const DicomSeriesListing& listing, const std::string& id) const {
    for (const DicomSeriesEntry& entry : listing.series)
      if (entry.id == id) return entry;
    ADD_FAILURE() << "no entry " << id;
    return listing.series.front();
  }
  CtSeries ReadBy(const std::string& spec) const {
    DicomReadOptions options;
    options.series = spec;
    return ReadDicomCtSeries(root(), options);
  }

  TemporaryDirectory scratch_;
  MixedExport export_;
};

TEST_F(MixedExportSelection, DefaultReadsTheAxialCtAndSaysWhy) {
  LogCapture log;
  const CtSeries series = ReadDicomCtSeries(root());
  EXPECT_EQ(series.info.seriesUid, export_.stdUid);
  EXPECT_EQ(series.info.selection, MixedExportTieReason());
  EXPECT_EQ(series.info.seriesNumber, 2);
  EXPECT_EQ(series.info.convolutionKernel, "B30f");
  EXPECT_EQ(series.info.files.size(), std::size_t(kMixedCtSlices)) << "the localizer is left out";
  EXPECT_TRUE(SamePixels(*export_.stdVolume, *series.image));
  EXPECT_TRUE(SameGeometry(*export_.stdVolume, *series.image, 1e-6));
  ASSERT_EQ(series.info.otherSeriesUids.size(), 4u);
  // One warning names every other series with what it is and why it was not read.
  std::string warning;
  for (const std::string& message : log.messages())
    if (Contains(message, "not read:")) warning = message;
  for (const std::string& expected :
       {"MR SeriesNumber 5 't1 axial', 20 slices", "Modality (0008,0060) is 'MR', not CT",
        "CT SeriesNumber 3 'BONE' (kernel B70f), 18 slices, axial",
        "tie, by the lowest SeriesNumber", "24 slices, coronal", "coronal, not axial",
        "SeriesNumber 6 'Dose'", "derived or secondary capture", "a localizer"})
    EXPECT_TRUE(Contains(warning, expected)) << expected << " in: " << warning;
  EXPECT_TRUE(log.Contains(export_.localizer.string())) << "the split-off localizer is named";
}

TEST_F(MixedExportSelection, ListingDescribesEverySeries) {
  const DicomSeriesListing listing = ListDicomSeries(root());
  ASSERT_EQ(listing.series.size(), 6u) << "5 series, the STD one in two parts";
  ASSERT_GE(listing.defaultIndex, 0);
  EXPECT_EQ(listing.series[listing.defaultIndex].id, export_.stdUid);
  EXPECT_EQ(listing.defaultReason, MixedExportTieReason());
  EXPECT_EQ(listing.skippedFiles, std::vector<std::string>{(export_.root / "DICOMDIR").string()});

  const DicomSeriesEntry& ct = Entry(listing, export_.stdUid);
  EXPECT_EQ(ct.modality, "CT");
  EXPECT_EQ(ct.seriesNumber, 2);
  EXPECT_EQ(ct.seriesDescription, "STD");
  EXPECT_EQ(ct.convolutionKernel, "B30f");
  EXPECT_EQ(ct.slices, kMixedCtSlices);
  EXPECT_EQ(ct.files, kMixedCtSlices);
  EXPECT_EQ(ct.orientation, "axial");
  EXPECT_DOUBLE_EQ(ct.sliceThickness, 1.5);
  EXPECT_NEAR(ct.tiltDegrees, 0.0, 1e-6);
  EXPECT_EQ(ct.columns, 16);
  EXPECT_EQ(ct.rows, 16);
  EXPECT_EQ(ct.part, 1);
  EXPECT_EQ(ct.parts, 2);
  EXPECT_TRUE(ct.readable);
  EXPECT_EQ(ct.reason, "");
  EXPECT_EQ(ct.patientStudy.patientId, "MIX26");
  EXPECT_EQ(ct.patientStudy.studyInstanceUid, "1.2.826.0.1.3680043.2.1125.26.1");
  ASSERT_EQ(ct.directories.size(), 1u);
  EXPECT_EQ(ct.directories.front(), export_.localizer.parent_path().string());

  const DicomSeriesEntry& localizer = Entry(listing, export_.stdUid + "#2");
  EXPECT_TRUE(localizer.localizer);
  EXPECT_EQ(localizer.slices, 1);
  EXPECT_TRUE(Contains(localizer.reason, "a localizer")) << localizer.reason;

  const DicomSeriesEntry& mr = Entry(listing, export_.mrUid);
  EXPECT_FALSE(mr.readable);
  EXPECT_EQ(mr.slices, kMixedMrSlices);
  EXPECT_TRUE(Contains(mr.reason, "Modality (0008,0060) is 'MR', not CT")) << mr.reason;

  const DicomSeriesEntry& coronal = Entry(listing, export_.coronalUid);
  EXPECT_EQ(coronal.orientation, "coronal");
  EXPECT_TRUE(coronal.readable);
  EXPECT_EQ(coronal.slices, kMixedCoronalSlices);

  const DicomSeriesEntry& capture = Entry(listing, export_.captureUid);
  EXPECT_TRUE(capture.derived);
  EXPECT_TRUE(capture.readable) << "derived, but its headers form a volume";
  EXPECT_TRUE(Contains(capture.reason, "derived or secondary capture")) << capture.reason;
  EXPECT_TRUE(Contains(capture.reason, "1.2.840.10008.5.1.4.1.1.7")) << capture.reason;
}

TEST_F(MixedExportSelection, ChoiceByUidNumberDescriptionAndKernel) {
  EXPECT_EQ(ReadBy(export_.boneUid).info.seriesUid, export_.boneUid);
  EXPECT_EQ(ReadBy(export_.boneUid).info.selection, "requested by UID " + export_.boneUid);
  EXPECT_EQ(ReadBy("3").info.seriesUid, export_.boneUid);
  EXPECT_EQ(ReadBy("3").info.selection, "requested by SeriesNumber 3");
  EXPECT_EQ(ReadBy("bone").info.seriesUid, export_.boneUid) << "case is ignored";
  EXPECT_EQ(ReadBy("b70F").info.seriesUid, export_.boneUid) << "the kernel";
  EXPECT_EQ(ReadBy("cor").info.seriesUid, export_.coronalUid);
  const CtSeries localizer = ReadBy(export_.stdUid + "#2");
  EXPECT_EQ(localizer.info.files, std::vector<std::string>{export_.localizer.string()});

  DicomReadOptions byUid;
  byUid.seriesUid = export_.coronalUid;
  EXPECT_EQ(ReadDicomCtSeries(root(), byUid).info.seriesUid, export_.coronalUid);
}

TEST_F(MixedExportSelection, NoMatchOrSeveralMatchesListTheCandidates) {
  std::string message = DicomErrorMessage([&] { ReadBy("B30f"); });
  EXPECT_TRUE(Contains(message, "2 series with SeriesDescription or ConvolutionKernel 'B30f'"))
      << message;
  EXPECT_TRUE(Contains(message, "'STD'")) << message;
  EXPECT_TRUE(Contains(message, "'COR'")) << message;
  EXPECT_FALSE(Contains(message, "'BONE'")) << message;

  message = DicomErrorMessage([&] { ReadBy("17"); });
  EXPECT_TRUE(Contains(message, "no series with SeriesNumber 17 in '" + root() + "'")) << message;
  EXPECT_TRUE(Contains(message, "MR SeriesNumber 5 't1 axial'")) << message;

  message = DicomErrorMessage([&] { ReadBy("1.2.3.4"); });
  EXPECT_TRUE(Contains(message, "no series with UID 1.2.3.4")) << message;

  DicomReadOptions byUid;
  byUid.seriesUid = "1.2.3.4";
  message = DicomErrorMessage([&] { ReadDicomCtSeries(root(), byUid); });
  EXPECT_TRUE(Contains(message, "no series with SeriesInstanceUID (0020,000E) '1.2.3.4'"))
      << message;

  message = DicomErrorMessage([&] { ReadBy("t1 axial"); }); // found, but the reader refuses MR
  EXPECT_TRUE(Contains(message, "not CT")) << message;
}

TEST_F(MixedExportSelection, FlatReadSeesOnlyTheRoot) {
  DicomReadOptions flat;
  flat.recursive = false;
  LogCapture log;
  const std::string message = DicomErrorMessage([&] { ReadDicomCtSeries(root(), flat); });
  EXPECT_TRUE(Contains(message, "no DICOM series")) << message;
  EXPECT_TRUE(log.Contains("sub-directories are not read")) << "DICOM/ is named";
  EXPECT_TRUE(ListDicomSeries(root(), flat).series.empty());
}

TEST_F(MixedExportSelection, CopiesInAnotherDirectoryAreCountedOnce) {
  const fs::path original = export_.localizer.parent_path();
  const fs::path copy = export_.root / "COPY" / "SE000002";
  fs::create_directories(copy);
  for (const auto& file : fs::directory_iterator(original))
    fs::copy_file(file.path(), copy / file.path().filename());
  LogCapture log;
  const CtSeries series = ReadDicomCtSeries(root());
  EXPECT_EQ(series.info.seriesUid, export_.stdUid);
  EXPECT_EQ(series.info.files.size(), std::size_t(kMixedCtSlices));
  EXPECT_TRUE(log.Contains("copies of files in '" + copy.string() + "'") ||
              log.Contains("copies of files in '" + original.string() + "'"));
  const DicomSeriesListing listing = ListDicomSeries(root());
  EXPECT_EQ(listing.duplicateFiles.size(), std::size_t(kMixedCtSlices + 1));
}

// A hidden directory (an interrupted write's .cumed-partial-*) is never walked into.
TEST_F(MixedExportSelection, HiddenDirectoriesAreNotRead) {
  VolumeGeometry geometry;
  geometry.size = {16, 16, 40};
  const auto larger = MakeRandomVolume(geometry, -1000, 1000);
  WriteDicomCtSeries(larger.GetPointer(), (export_.root / ".cumed-partial-1-0").string());
  EXPECT_EQ(ReadDicomCtSeries(root()).info.seriesUid, export_.stdUid);
  EXPECT_EQ(ListDicomSeries(root()).series.size(), 6u);
}

// Nothing readable as CT: the error lists every series and why.
TEST(DicomSeriesSelection, NothingReadableListsEverySeries) {
  TemporaryDirectory scratch;
  const auto volume = MakeRandomVolume({}, -1000, 1000);
  for (const char* name : {"a", "b"}) {
    WriteDicomCtSeries(volume.GetPointer(), scratch.Sub(name));
    for (const auto& file : fs::directory_iterator(scratch.path() / name))
      EditDicomFileInPlace(file.path(), [](DcmDataset& d) { PutString(d, DCM_Modality, "MR"); });
  }
  const std::string message = DicomErrorMessage([&] { ReadDicomCtSeries(scratch.path()); });
  EXPECT_TRUE(Contains(message,
                       "no series in '" + scratch.path().string() + "' is readable as a CT volume"))
      << message;
  EXPECT_EQ(std::count_if(message.begin(), message.end(), [](char c) { return c == '\n'; }), 2);
  DicomReadOptions mr;
  mr.requireCT = false;
  mr.series = "1.2"; // no such UID: the candidates are listed
  EXPECT_TRUE(Contains(DicomErrorMessage([&] { ReadDicomCtSeries(scratch.path(), mr); }),
                       "no series with UID 1.2"));
}

// An anonymiser's hash is a usable key; control characters are refused, printed readably.
TEST(DicomSeriesSelection, HexHashUidIsAcceptedAndControlCharactersAreRefused) {
  TemporaryDirectory scratch;
  const auto volume = MakeRandomVolume({}, -1000, 1000);
  WriteDicomCtSeries(volume.GetPointer(), scratch.Sub("s"));
  const std::string hash = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
  for (const auto& file : fs::directory_iterator(scratch.path() / "s"))
    EditDicomFileInPlace(file.path(),
                         [&](DcmDataset& d) { PutString(d, DCM_SeriesInstanceUID, hash); });
  const CtSeries series = ReadDicomCtSeries(scratch.Sub("s"));
  EXPECT_EQ(series.info.seriesUid, hash);
  EXPECT_TRUE(SamePixels(*volume, *series.image));
  const DicomSeriesListing listing = ListDicomSeries(scratch.Sub("s"));
  ASSERT_EQ(listing.series.size(), 1u);
  EXPECT_FALSE(listing.series.front().standardUid);
  DicomReadOptions byHash;
  byHash.series = hash; // no dot: found as an entry id before any other reading
  EXPECT_EQ(ReadDicomCtSeries(scratch.Sub("s"), byHash).info.seriesUid, hash);

  const fs::path first = fs::directory_iterator(scratch.path() / "s")->path();
  EditDicomFileInPlace(first, [](DcmDataset& d) {
    PutString(d, DCM_SeriesInstanceUID, std::string("1.2.\x01") + "3");
  });
  const std::string message = DicomErrorMessage([&] { ReadDicomCtSeries(scratch.Sub("s")); });
  EXPECT_TRUE(Contains(message, "'1.2.\\x013' is not a valid UID")) << message;
  EXPECT_TRUE(Contains(message, first.string())) << message;
}

// The 20-file MR and the 18-slice CT of the issue: the CT is read, the MR named.
TEST(DicomSeriesSelection, SmallerCtIsPreferredOverLargerMr) {
  TemporaryDirectory scratch;
  VolumeGeometry mrGeometry;
  mrGeometry.size = {8, 8, 20};
  VolumeGeometry ctGeometry;
  ctGeometry.size = {8, 8, 18};
  const auto mr = MakeRandomVolume(mrGeometry, 0, 1000);
  const auto ct = MakeRandomVolume(ctGeometry, -1000, 1000, 99);
  WriteDicomCtSeries(mr.GetPointer(), scratch.Sub("export/MR"));
  for (const auto& file : fs::directory_iterator(scratch.path() / "export" / "MR"))
    EditDicomFileInPlace(file.path(), [](DcmDataset& d) { PutString(d, DCM_Modality, "MR"); });
  const std::string ctUid = WriteDicomCtSeries(ct.GetPointer(), scratch.Sub("export/CT"));
  LogCapture log;
  const CtSeries series = ReadDicomCtSeries(scratch.Sub("export"));
  EXPECT_EQ(series.info.seriesUid, ctUid);
  EXPECT_TRUE(SamePixels(*ct, *series.image));
  EXPECT_TRUE(Contains(series.info.selection, "default rule")) << series.info.selection;
  EXPECT_TRUE(log.Contains("Modality (0008,0060) is 'MR', not CT"));
}

} // namespace
} // namespace cumed::io::test
