// ExecutionOptions as every CuMed algorithm honours them: progress per pass ending at 1 on the
// calling thread, cancellation between passes, the report of what ran.
#include "FieldErrors.h"
#include "cumed/core/Error.h"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

namespace {

using namespace cumed::piv;
using namespace cumed::piv::test;

TEST(PivExecution, ProgressPerPassReportAndCancellation) {
  cumed::testing::ParticleImageSettings settings;
  settings.width = settings.height = 128;
  const auto pair =
      cumed::testing::RenderParticlePair(settings, cumed::testing::UniformDisplacement(1, 1));
  PivOptions options = SinglePass(32);
  options.windowSizes = {32, 16};
  std::vector<double> progress;
  const auto caller = std::this_thread::get_id();
  options.progress = [&](double fraction) {
    EXPECT_EQ(std::this_thread::get_id(), caller);
    progress.push_back(fraction);
  };
  cumed::ExecutionReport report;
  options.report = &report;
  const PivField field = Evaluate(pair, options);
  EXPECT_EQ(progress, (std::vector<double>{0.0, 0.5, 1.0}));
  EXPECT_EQ(report.backend, cumed::Backend::CPU);
  EXPECT_EQ(field.backendUsed, cumed::Backend::CPU);
  EXPECT_GT(report.seconds, 0.0);

  int polls = 0;
  options.progress = nullptr;
  // Polled before any work, before the first pass, then before the second: stop there.
  options.cancelRequested = [&] { return ++polls >= 3; };
  EXPECT_THROW(Evaluate(pair, options), cumed::Cancelled);
  EXPECT_EQ(polls, 3);
}

} // namespace
