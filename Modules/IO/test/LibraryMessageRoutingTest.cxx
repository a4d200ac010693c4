// The routing of third-party messages into CuMed's log (LibraryMessageRouting.h,
// VtkMessageRouting.h, LibraryMessages.h): each library's own way of printing, called as the
// library calls it, arrives as one debug message "<library>: ..." and is counted in the summary;
// GDCM's one global stream, written from many threads at once, keeps every message whole.
#include "cumed/io/LibraryMessageRouting.h"
#include "cumed/core/LibraryMessages.h"
#include "cumed/core/Log.h"
#include "cumed/vtk/VtkMessageRouting.h"

#include <dcmtk/oflog/oflog.h>
#include <gdcmTrace.h>
#include <gtest/gtest.h>
#include <itkOutputWindow.h>
#include <vtkOutputWindow.h>

#include <algorithm>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

namespace {

// Every message at debug level and up while alive.
class DebugCapture {
public:
  DebugCapture() : level_(cumed::GetLogLevel()) {
    cumed::SetLogLevel(cumed::LogLevel::Debug);
    previous_ = cumed::SetLogSink([this](cumed::LogLevel level, std::string_view text) {
      messages_.emplace_back(std::string(cumed::ToString(level)) + ": " + std::string(text));
    });
  }
  ~DebugCapture() {
    cumed::SetLogSink(previous_);
    cumed::SetLogLevel(level_);
  }
  const std::vector<std::string>& messages() const { return messages_; } // after the writers end

private:
  std::vector<std::string> messages_; // the sink runs under the log's lock
  cumed::LogSink previous_;
  cumed::LogLevel level_;
};

class LibraryMessageRouting : public ::testing::Test {
protected:
  void SetUp() override {
    cumed::io::RouteLibraryMessages();
    cumed::vtk::RouteVtkMessages();
    cumed::TakeLibraryMessageSummary(); // nothing left from before
  }
};

// What gdcmWarningMacro writes (the macro itself is compiled out of a build with NDEBUG).
void GdcmWarning(int line, const std::string& text) {
  std::ostringstream message;
  message << "Warning: In /build/gdcm/Source/gdcmDataSetHelper.cxx, line " << line
          << ", function gdcm::VR ComputeVR()\n"
          << text << "\n\n";
  gdcm::Trace::GetWarningStream() << message.str() << std::endl;
}

TEST_F(LibraryMessageRouting, GdcmMessagesFromManyThreadsStayWhole) {
  constexpr int kThreads = 8, kEach = 250;
  std::set<std::string> expected;
  for (int t = 0; t < kThreads; ++t)
    for (int k = 0; k < kEach; ++k)
      expected.insert("debug: gdcm: Inconsistent VR: thread " + std::to_string(t) + " message " +
                      std::to_string(k) +
                      " (warning, gdcmDataSetHelper.cxx:" + std::to_string(100 + t) + ")");
  std::string summary;
  std::vector<std::string> got;
  {
    DebugCapture capture;
    std::vector<std::thread> writers;
    for (int t = 0; t < kThreads; ++t)
      writers.emplace_back([t] {
        for (int k = 0; k < kEach; ++k)
          GdcmWarning(100 + t, "Inconsistent VR: thread " + std::to_string(t) + " message " +
                                   std::to_string(k));
      });
    for (std::thread& writer : writers) writer.join();
    got = capture.messages();
    summary = cumed::TakeLibraryMessageSummary();
  }
  EXPECT_EQ(got.size(), expected.size());
  EXPECT_EQ(std::set<std::string>(got.begin(), got.end()), expected);
  EXPECT_EQ(summary, "GDCM reported 2000 messages (Inconsistent VR x2000); --verbose (or "
                     "CUMED_LOG_LEVEL=debug) shows them");
}

TEST_F(LibraryMessageRouting, GdcmPleaForReportsIsDropped) {
  DebugCapture capture;
  GdcmWarning(107, "Please report. Missing dict entry for: [] de is: (0009,1010)");
  ASSERT_EQ(capture.messages().size(), 1u);
  EXPECT_EQ(capture.messages()[0], "debug: gdcm: Missing dict entry for: [] de is: (0009,1010) "
                                   "(warning, gdcmDataSetHelper.cxx:107)");
}

TEST_F(LibraryMessageRouting, DcmtkItkAndVtkMessagesArriveAndAreSummarisedPerLibrary) {
  std::vector<std::string> got;
  std::string summary;
  {
    DebugCapture capture;
    OFLogger dcmdata = OFLog::getLogger("dcmtk.dcmdata"); // as DCMDATA_ERROR logs
    OFLOG_ERROR(dcmdata, "DcmItem: Parse error in sequence item");
    itk::OutputWindow::GetInstance()->DisplayWarningText("ImageIO: spacing guessed");
    vtkOutputWindow::GetInstance()->DisplayErrorText(
        "ERROR: In /src/vtkXMLWriter.cxx, line 42\nvtkXMLPolyDataWriter (0x1): Cannot open "
        "file\n\n");
    got = capture.messages();
    summary = cumed::TakeLibraryMessageSummary();
  }
  EXPECT_EQ(got, (std::vector<std::string>{
                     "debug: dcmtk: DcmItem: Parse error in sequence item",
                     "debug: itk: ImageIO: spacing guessed",
                     "debug: vtk: vtkXMLPolyDataWriter (0x1): Cannot open file (error, "
                     "vtkXMLWriter.cxx:42)"}));
  EXPECT_EQ(summary, "DCMTK reported 1 message (DcmItem x1); --verbose (or "
                     "CUMED_LOG_LEVEL=debug) shows them\n"
                     "ITK reported 1 message (ImageIO x1); --verbose (or CUMED_LOG_LEVEL=debug) "
                     "shows them\n"
                     "VTK reported 1 message (vtkXMLPolyDataWriter x1); --verbose (or "
                     "CUMED_LOG_LEVEL=debug) shows them");
}

TEST_F(LibraryMessageRouting, AboveDebugOnlyTheSummaryIsLogged) {
  std::vector<std::string> got;
  const cumed::LogLevel level = cumed::GetLogLevel();
  const cumed::LogSink previous = cumed::SetLogSink([&](cumed::LogLevel l, std::string_view text) {
    got.emplace_back(std::string(cumed::ToString(l)) + ": " + std::string(text));
  });
  cumed::SetLogLevel(cumed::LogLevel::Info);
  GdcmWarning(1, "Inconsistent VR: a");
  GdcmWarning(2, "Inconsistent VR: b");
  cumed::LogLibraryMessageSummary();
  cumed::LogLibraryMessageSummary(); // once: the counts were taken
  cumed::SetLogLevel(cumed::LogLevel::Error);
  GdcmWarning(3, "Inconsistent VR: c");
  cumed::LogLibraryMessageSummary(); // --quiet: nothing
  cumed::SetLogSink(previous);
  cumed::SetLogLevel(level);
  EXPECT_EQ(got, (std::vector<std::string>{"warning: GDCM reported 2 messages (Inconsistent VR "
                                           "x2); --verbose (or CUMED_LOG_LEVEL=debug) shows "
                                           "them"}));
}

} // namespace
