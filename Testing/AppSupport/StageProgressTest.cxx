// A stage's progress on stderr (cumed::app::StageProgress): silent under a second, then the
// share done with the time so far and left, and the stage's duration; silent on a rank that does
// not print (shown = false) and with info messages off (--quiet).
#include "cumed/app/StageProgress.h"
#include "cumed/core/Log.h"

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>

namespace {

using cumed::app::StageProgress;

// What a stage that took over a second printed for two reports and its end.
std::string SlowStage(bool shown) {
  testing::internal::CaptureStderr();
  StageProgress progress("cumed-test", "stage", 1.0, shown);
  progress.Report(0.2); // under a second: silent
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));
  progress.Report(0.5);
  progress.Report(0.55); // less than 10 % more: silent
  progress.Report(1.0);  // the end is Finish()'s line
  EXPECT_GE(progress.Finish(), 1.0);
  return testing::internal::GetCapturedStderr();
}

TEST(StageProgress, ASlowStagePrintsItsShareAndDuration) {
  cumed::SetLogLevel(cumed::LogLevel::Info);
  const std::string printed = SlowStage(true);
  EXPECT_EQ(printed.find("cumed-test: stage  50% ("), 0u) << printed;
  EXPECT_NE(printed.find(" s left)\ncumed-test: stage done in 1."), std::string::npos) << printed;
  EXPECT_EQ(printed.find(" 20%"), std::string::npos) << printed;
  EXPECT_EQ(printed.find(" 55%"), std::string::npos) << printed;
  EXPECT_EQ(printed.find("100%"), std::string::npos) << printed;
}

TEST(StageProgress, SilentWhereNotShownAndUnderQuiet) {
  cumed::SetLogLevel(cumed::LogLevel::Info);
  EXPECT_EQ(SlowStage(false), ""); // an MPI rank other than 0
  cumed::SetLogLevel(cumed::LogLevel::Error);
  EXPECT_EQ(SlowStage(true), ""); // --quiet
  cumed::SetLogLevel(cumed::LogLevel::Info);
}

} // namespace
