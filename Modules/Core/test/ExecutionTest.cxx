// Progress and cancellation reach the caller on its own thread; the execution scope applies the
// thread count, stops cancelled calls and fills the report; images adopt outside memory.
#include "cumed/core/Execution.h"
#include "cumed/core/Error.h"
#include "cumed/core/ThreadCount.h"
#include "cumed/core/Image.h"

#include <gtest/gtest.h>

#include <omp.h>

#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace {

TEST(Progress, CallbacksRunOnlyOnTheCreatingThread) {
  const auto owner = std::this_thread::get_id();
  std::vector<std::thread::id> callers;
  std::vector<double> fractions;
  cumed::ProgressReporter progress(
      [&](double f) {
        callers.push_back(std::this_thread::get_id());
        fractions.push_back(f);
      },
      400, 0.01);
#pragma omp parallel for num_threads(4) schedule(dynamic)
  for (int i = 0; i < 400; ++i) progress.step();
  progress.finish();
  ASSERT_FALSE(fractions.empty());
  for (const auto& id : callers) EXPECT_EQ(id, owner);
  EXPECT_DOUBLE_EQ(fractions.back(), 1.0);
}

TEST(Progress, CancelStopsWorkersAndThrowsCancelled) {
  int polls = 0;
  cumed::ProgressReporter progress({}, 1000, 0.01, [&] { return ++polls >= 3; });
  int done = 0;
  for (int i = 0; i < 1000 && !progress.stopRequested(); ++i) {
    progress.step();
    ++done;
  }
  EXPECT_TRUE(progress.stopRequested());
  EXPECT_LT(done, 1000);
  EXPECT_THROW(progress.throwIfStopped(), cumed::Cancelled);
}

TEST(Progress, AnExceptionFromTheCallbackIsRethrownAfterTheLoop) {
  cumed::ProgressReporter progress(
      [](double f) {
        if (f > 0.2) throw std::logic_error("observer failed");
      },
      100, 0.01);
#pragma omp parallel for num_threads(3)
  for (int i = 0; i < 100; ++i)
    if (!progress.stopRequested()) progress.step();
  EXPECT_TRUE(progress.stopRequested());
  EXPECT_THROW(progress.throwIfStopped(), std::logic_error);
}

TEST(ExecutionScope, AppliesThreadsAndRestoresThem) {
  const int before = omp_get_max_threads();
  cumed::ExecutionReport report;
  cumed::ExecutionOptions options;
  options.threads = 3;
  options.report = &report;
  {
    cumed::ExecutionScope scope(options);
    EXPECT_EQ(omp_get_max_threads(), 3);
    scope.finish(cumed::Backend::CPU, 0, 2);
  }
  EXPECT_EQ(omp_get_max_threads(), before);
  EXPECT_EQ(report.backend, cumed::Backend::CPU);
  EXPECT_EQ(report.threads, 3);
  EXPECT_EQ(report.slabs, 2);
  EXPECT_EQ(report.transfers.hostToDeviceCopies, 0u);
  options.threads = -1;
  EXPECT_THROW(cumed::ExecutionScope{options}, cumed::InvalidArgument);
  // Beyond kMaxThreads is refused by name before OpenMP sees it (libgomp aborts on 10^9).
  for (const int threads : {cumed::kMaxThreads + 1, 100000, 1000000000}) {
    options.threads = threads;
    try {
      cumed::ExecutionScope scope(options);
      ADD_FAILURE() << "threads = " << threads << " accepted";
    } catch (const cumed::InvalidArgument& e) {
      EXPECT_NE(std::string(e.what()).find("threads = " + std::to_string(threads)),
                std::string::npos)
          << e.what();
    }
    EXPECT_EQ(omp_get_max_threads(), before);
  }
}

TEST(ExecutionScope, SmallInputsRunOnTheCallingThreadAlone) {
  const int before = omp_get_max_threads();
  cumed::ExecutionOptions options;
  cumed::ExecutionReport report;
  options.report = &report;
  {
    cumed::ExecutionScope scope(options, 32 * 32 * 32);
    EXPECT_EQ(omp_get_max_threads(), 1);
    scope.finish(cumed::Backend::CPU);
  }
  EXPECT_EQ(report.threads, 1);
  EXPECT_EQ(omp_get_max_threads(), before);
  {
    cumed::ExecutionScope scope(options, cumed::ExecutionScope::kSerialWorkItems);
    EXPECT_EQ(omp_get_max_threads(), before); // large enough: OpenMP's default
  }
  options.threads = 2; // an explicit request wins
  {
    cumed::ExecutionScope scope(options, 10);
    EXPECT_EQ(omp_get_max_threads(), 2);
  }
}

TEST(ExecutionScope, ACancelledCallNeverStarts) {
  cumed::ExecutionOptions options;
  options.cancelRequested = [] { return true; };
  EXPECT_THROW(cumed::ExecutionScope{options}, cumed::Cancelled);
}

TEST(ExecutionScope, FinishReportsFullProgress) {
  double last = -1;
  cumed::ExecutionOptions options;
  options.progress = [&](double f) { last = f; };
  cumed::ExecutionScope scope(options);
  scope.finish(cumed::Backend::CPU);
  EXPECT_DOUBLE_EQ(last, 1.0);
}

TEST(Implementation, NamesAndMapping) {
  EXPECT_STREQ(cumed::ToString(cumed::Implementation::ITK), "itk");
  EXPECT_STREQ(cumed::ToString(cumed::Implementation::None), "none");
  EXPECT_EQ(cumed::ImplementationOf(cumed::Backend::CUDA), cumed::Implementation::CUDA);
  EXPECT_EQ(cumed::ImplementationOf(cumed::Backend::Auto), cumed::Implementation::None);
}

TEST(ImageAdopt, SharesTheOwnersMemoryAndKeepsItAlive) {
  cumed::ImageGeometry geometry;
  geometry.size = {4, 3, 2};
  auto owner = std::make_shared<std::vector<float>>(4 * 3 * 2 * 3, 1.5f);
  std::weak_ptr<std::vector<float>> watch = owner;
  cumed::Image image = cumed::Image::Adopt(owner->data(), cumed::PixelType::Float32, geometry,
                                           cumed::MemoryLocation::Host, owner, 3);
  owner.reset();
  EXPECT_FALSE(watch.expired()); // the image keeps it
  EXPECT_FALSE(image.ownsMemory());
  EXPECT_EQ(image.components(), 3);
  EXPECT_EQ(image.sizeInBytes(), 4u * 3 * 2 * 3 * sizeof(float));
  auto view = image.view<float>();
  EXPECT_EQ(view.components, 3);
  view.data[5] = 7.0f;
  EXPECT_EQ(watch.lock()->at(5), 7.0f); // no copy
  const cumed::Image copy = image.clone();
  EXPECT_TRUE(copy.ownsMemory());
  EXPECT_EQ(copy.components(), 3);
  EXPECT_EQ(copy.view<float>().data[5], 7.0f);
  image = cumed::Image();
  EXPECT_TRUE(watch.expired());
  EXPECT_THROW(
      cumed::Image::Adopt(nullptr, cumed::PixelType::Int16, geometry, cumed::MemoryLocation::Host),
      cumed::InvalidArgument);
  EXPECT_THROW(
      cumed::Image::Allocate(cumed::PixelType::Int16, geometry, cumed::MemoryLocation::Host, 0),
      cumed::InvalidArgument);
}

} // namespace
