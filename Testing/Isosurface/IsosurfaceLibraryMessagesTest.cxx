// What cumed-isosurface prints of the third-party libraries' messages: a generated CT series whose
// slices make GDCM warn (private attributes without a private creator: "Missing dict entry";
// standard attributes with a wrong explicit VR: "Inconsistent VR") is read with --quiet (nothing
// on stderr), without options (one summary line with the counts) and with --verbose (each
// message). The counts are checked against GDCM's own output for the same files, captured here.
#include "ProgramRun.h"
#include "cumed/io/DicomSeriesWriter.h"

#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcfilefo.h>
#include <dcmtk/dcmdata/dcvrlo.h>
#include <dcmtk/dcmdata/dcvrsh.h>
#include <gdcmTrace.h>
#include <gtest/gtest.h>
#include <itkGDCMImageIO.h>
#include <itkImage.h>

#include <regex>
#include <sstream>

namespace fs = std::filesystem;

namespace {

using Volume = itk::Image<std::int16_t, 3>;

template <class Element> void Put(DcmDataset& dataset, const DcmTag& tag, const char* value) {
  auto* element = new Element(tag); // the VR of the tag given, whatever the dictionary says
  ASSERT_TRUE(element->putString(value).good());
  ASSERT_TRUE(dataset.insert(element, /*replaceOld=*/true).good());
}

// A 6 x 5 x 4 series whose every slice holds two private attributes without a creator and two
// standard ones with a wrong VR.
fs::path WriteNoisySeries(const fs::path& work) {
  auto volume = Volume::New();
  volume->SetRegions(Volume::SizeType{{6, 5, 4}});
  volume->Allocate();
  for (std::size_t i = 0; i < volume->GetPixelContainer()->Size(); ++i)
    volume->GetBufferPointer()[i] = static_cast<std::int16_t>(i % 7 == 0 ? 1000 : -1000);
  const fs::path series = work / "series";
  cumed::io::WriteDicomCtSeries(volume.GetPointer(), series.string());
  for (const auto& entry : fs::directory_iterator(series)) {
    DcmFileFormat file;
    EXPECT_TRUE(file.loadFile(entry.path().c_str()).good());
    EXPECT_TRUE(file.loadAllDataIntoMemory().good());
    DcmDataset& dataset = *file.getDataset();
    Put<DcmLongString>(dataset, DcmTag(0x0009, 0x1010, EVR_LO), "NO CREATOR");
    Put<DcmShortString>(dataset, DcmTag(0x0019, 0x10AB, EVR_SH), "X");
    Put<DcmShortString>(dataset, DcmTag(DCM_Manufacturer, EVR_SH), "ACME");
    Put<DcmLongString>(dataset, DcmTag(DCM_StudyDate, EVR_LO), "20200101");
    EXPECT_TRUE(file.saveFile(entry.path().c_str(), EXS_LittleEndianExplicit).good());
  }
  return series;
}

// GDCM's messages when ITK's GDCMImageIO reads every file of `series` as the reader does: the
// reference for the counts the program reports.
std::string GdcmOutputOf(const fs::path& series) {
  std::ostringstream captured;
  gdcm::Trace::SetWarningStream(captured);
  gdcm::Trace::SetErrorStream(captured);
  gdcm::Trace::WarningOn();
  for (const auto& entry : fs::directory_iterator(series)) {
    auto io = itk::GDCMImageIO::New();
    io->SetFileName(entry.path().string());
    io->ReadImageInformation();
    std::vector<char> pixels(io->GetImageSizeInBytes());
    io->Read(pixels.data());
  }
  gdcm::Trace::SetWarningStream(std::cerr);
  gdcm::Trace::SetErrorStream(std::cerr);
  return captured.str();
}

std::size_t Count(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
    ++count;
  return count;
}

class IsosurfaceLibraryMessages : public ::testing::Test {
protected:
  void SetUp() override {
    work_ = fs::path(CUMED_LIBRARY_MESSAGES_WORK_DIR) /
            ::testing::UnitTest::GetInstance()->current_test_info()->name();
    fs::remove_all(work_);
    fs::create_directories(work_);
    series_ = WriteNoisySeries(work_);
  }
  cumed::apptest::RunResult Run(const std::vector<std::string>& options) {
    std::vector<std::string> arguments{"--iso", "0", "--output", (work_ / "out.vtp").string(),
                                       "--force"};
    arguments.insert(arguments.end(), options.begin(), options.end());
    arguments.push_back(series_.string());
    const std::string program = cumed::apptest::Setting("CUMED_ISOSURFACE", CUMED_ISOSURFACE_EXE);
    return cumed::apptest::RunProgram(program, arguments, work_, "program", work_);
  }

  fs::path work_, series_;
};

TEST_F(IsosurfaceLibraryMessages, QuietPrintsNothingOfThem) {
  ASSERT_GT(Count(GdcmOutputOf(series_), "Inconsistent VR"), 0u)
      << "the series must make GDCM warn";
  const auto run = Run({"--quiet"});
  EXPECT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(run.err, "");
}

TEST_F(IsosurfaceLibraryMessages, DefaultPrintsOneSummaryWithTheCounts) {
  const std::string gdcm = GdcmOutputOf(series_);
  const std::size_t inconsistent = Count(gdcm, "Inconsistent VR");
  const std::size_t missing = Count(gdcm, "Missing dict entry");
  ASSERT_GT(inconsistent, 0u);
  ASSERT_GT(missing, 0u);
  const auto run = Run({});
  EXPECT_EQ(run.exitCode, 0) << run.err;
  const std::string expected =
      "cumed: warning: GDCM reported " + std::to_string(inconsistent + missing) + " messages (";
  EXPECT_EQ(Count(run.err, "\n"), 1u) << run.err;
  EXPECT_EQ(run.err.rfind(expected, 0), 0u) << run.err;
  EXPECT_NE(run.err.find("Inconsistent VR x" + std::to_string(inconsistent)), std::string::npos)
      << run.err;
  EXPECT_NE(run.err.find("Missing dict entry for x" + std::to_string(missing)), std::string::npos)
      << run.err;
}

TEST_F(IsosurfaceLibraryMessages, VerbosePrintsEachMessage) {
  const std::string gdcm = GdcmOutputOf(series_);
  const auto run = Run({"--verbose"});
  EXPECT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(Count(run.err, "cumed: debug: gdcm: Inconsistent VR: SH should be LO"),
            Count(gdcm, "Inconsistent VR: SH should be LO"));
  EXPECT_EQ(Count(run.err, "cumed: debug: gdcm: Missing dict entry for: [] de is: (0009,1010)"),
            Count(gdcm, "Missing dict entry for: [] de is: (0009,1010)"));
  EXPECT_EQ(Count(run.err, "Warning: In "), 0u) << "GDCM's own format on stderr";
  EXPECT_EQ(Count(run.err, "cumed: warning: GDCM reported "), 1u) << run.err;
}

} // namespace
