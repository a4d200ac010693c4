// CuMed's rows: Register() in a child process, the device memory sampled beside it.
#include "Runs.h"

#include "FieldError.h"
#include "ImageFiles.h"
#include "Landmarks.h"

#include "cumed/core/Device.h"
#include "cumed/core/Timer.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

namespace cumed::regbench {

void ScoreField(const BenchmarkCase& c, const Image& field, ChildReport& report) {
  if (c.knownWarp()) {
    const Image truth = regdata::ReadFloatImage(c.trueField);
    const Image mask = regdata::ReadMask(c.bodyMask);
    const auto error = regdata::CompareFields(field, truth, mask);
    report.score = error.rmsMm;
    report.scoreBefore = error.trueRmsMm;
  } else {
    const auto fixedPoints = regdata::ReadElastixPoints(c.fixedPoints);
    const auto movingPoints = regdata::ReadElastixPoints(c.movingPoints);
    report.score = regdata::ComputeTre(fixedPoints, movingPoints, &field).meanMm;
    report.scoreBefore = regdata::ComputeTre(fixedPoints, movingPoints).meanMm;
  }
}

bool CudaUsable(std::string& description) {
  const ChildOutcome probe = RunInChild([] {
    ChildReport report;
    report.ok = ProbeDevices().usable;
    SetMessage(report, DescribeDevices());
    return report;
  });
  description = probe.report.message;
  return probe.report.ok;
}

namespace {

// The most device memory in use while it runs, polled every millisecond (cudaMemGetInfo).
class DeviceMemorySampler {
public:
  DeviceMemorySampler() {
    std::size_t free = 0, total = 0;
    QueryDeviceMemory(free, total); // creates the context before the timed call
    baseline_ = total - free;
    peak_ = baseline_;
    thread_ = std::thread([this] {
      try {
        while (!stop_) {
          std::size_t f = 0, t = 0;
          QueryDeviceMemory(f, t);
          peak_ = std::max<std::size_t>(peak_, t - f);
          std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
      } catch (const std::exception&) {
        failed_ = true; // the registration reports the device's failure itself
      }
    });
  }
  ~DeviceMemorySampler() { stopSampling(); }
  /// Peak minus the use before the registration (context, other processes), MB.
  double stopSampling() {
    if (thread_.joinable()) stop_ = true, thread_.join();
    return failed_ ? -1.0 : double(peak_ - baseline_) / (1024.0 * 1024.0);
  }

private:
  std::size_t baseline_ = 0;
  std::atomic<std::size_t> peak_{0};
  std::atomic<bool> stop_{false}, failed_{false};
  std::thread thread_;
};

ChildReport RegisterAndScore(const BenchmarkCase& c, registration::RegistrationOptions options,
                             Backend backend) {
  options.backend = backend;
  ChildReport report;
  if (backend == Backend::CUDA && !ProbeDevices().usable) {
    report.skipped = true;
    SetMessage(report, DescribeDevices());
    return report;
  }
  const Image fixed = regdata::ReadFloatImage(c.fixed);
  const Image moving = regdata::ReadFloatImage(c.moving);
  std::optional<DeviceMemorySampler> sampler;
  if (backend == Backend::CUDA) sampler.emplace();
  const Stopwatch watch;
  const registration::RegistrationResult result = registration::Register(fixed, moving, options);
  report.seconds = watch.elapsedSeconds();
  if (sampler) report.deviceMb = sampler->stopSampling();
  ScoreField(c, result.displacementField, report);
  std::string levels;
  for (std::size_t i = 0; i < result.iterations.size(); ++i)
    levels += (i ? "/" : "") + std::to_string(result.iterations[i]);
  SetMessage(report, "iterations " + levels);
  report.ok = true;
  return report;
}

} // namespace

Row RunCumed(const BenchmarkCase& c, const registration::RegistrationOptions& options,
             Backend backend) {
  Row row;
  row.caseName = c.name;
  row.tool = std::string("CuMed ") + (backend == Backend::CUDA ? "CUDA" : "CPU");
  const ChildOutcome outcome = RunInChild([&] { return RegisterAndScore(c, options, backend); });
  const ChildReport& r = outcome.report;
  row.ran = r.ok;
  row.note = r.skipped ? std::string("skipped: ") + r.message : r.message;
  if (!r.ok) return row;
  row.seconds = r.seconds;
  row.score = r.score;
  row.scoreBefore = r.scoreBefore;
  row.peakHostMb = outcome.peakRssMb;
  row.peakDeviceMb = r.deviceMb;
  return row;
}

} // namespace cumed::regbench
