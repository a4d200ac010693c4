#include "cumed/core/Execution.h"

#include "cumed/core/Error.h"
#include "cumed/core/ThreadCount.h"

#include <omp.h>

namespace cumed {

const char* ToString(Implementation implementation) noexcept {
  switch (implementation) {
  case Implementation::None:
    return "none";
  case Implementation::CPU:
    return "cpu";
  case Implementation::CUDA:
    return "cuda";
  case Implementation::ITK:
    return "itk";
  case Implementation::VTK:
    return "vtk";
  }
  return "unknown";
}

Implementation ImplementationOf(Backend backend) noexcept {
  switch (backend) {
  case Backend::CPU:
    return Implementation::CPU;
  case Backend::CUDA:
    return Implementation::CUDA;
  case Backend::Auto:
    break;
  }
  return Implementation::None;
}

void CheckThreadCount(long long threads) {
  if (threads < 0 || threads > kMaxThreads)
    throw InvalidArgument("threads = " + std::to_string(threads) + " is outside 0.." +
                          std::to_string(kMaxThreads) + " (0: OpenMP's default)");
}

ExecutionScope::ExecutionScope(const ExecutionOptions& options, std::size_t workItems)
    : options_(options), before_(GetTransferStats()), previousThreads_(omp_get_max_threads()) {
  CheckThreadCount(options.threads);
  if (options.report) *options.report = ExecutionReport{};
  checkCancelled();
  // Last, so a constructor that throws leaves the setting alone. omp_set_num_threads changes
  // this thread's setting only, so other callers are unaffected.
  threads_ = options.threads;
  if (threads_ == 0 && workItems > 0 && workItems < kSerialWorkItems) threads_ = 1;
  if (threads_ > 0) omp_set_num_threads(threads_);
}

ExecutionScope::~ExecutionScope() {
  if (threads_ > 0) omp_set_num_threads(previousThreads_);
}

void ExecutionScope::checkCancelled() const {
  if (options_.cancelRequested && options_.cancelRequested())
    throw Cancelled("cumed: the operation was cancelled");
}

void ExecutionScope::finish(Backend ran, int devicesUsed, int slabs) {
  if (options_.progress) options_.progress(1.0);
  if (!options_.report) return;
  const TransferStats after = GetTransferStats();
  ExecutionReport& report = *options_.report;
  report.backend = ran;
  report.devicesUsed = devicesUsed;
  report.slabs = slabs;
  report.threads = omp_get_max_threads();
  report.transfers.hostToDeviceCopies = after.hostToDeviceCopies - before_.hostToDeviceCopies;
  report.transfers.deviceToHostCopies = after.deviceToHostCopies - before_.deviceToHostCopies;
  report.transfers.hostToDeviceBytes = after.hostToDeviceBytes - before_.hostToDeviceBytes;
  report.transfers.deviceToHostBytes = after.deviceToHostBytes - before_.deviceToHostBytes;
  report.seconds = stopwatch_.elapsedSeconds();
}

} // namespace cumed
