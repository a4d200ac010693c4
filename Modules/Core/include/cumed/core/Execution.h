#pragma once
// How an algorithm runs (ExecutionOptions) and what actually ran (ExecutionReport), shared by every
// CuMed algorithm so adapters and applications set and read them in one way.
#include "cumed/core/Backend.h"
#include "cumed/core/Progress.h"
#include "cumed/core/Stream.h"
#include "cumed/core/Timer.h"
#include "cumed/core/Transfer.h"

#include <cstddef>
#include <functional>

namespace cumed {

/// Which implementation produced a result. CuMed's own backends, or the toolkit's filter an
/// adapter handed the request to (a fallback, never silent: adapters record it here).
enum class Implementation { None, CPU, CUDA, ITK, VTK };
/// "none", "cpu", "cuda", "itk" or "vtk".
const char* ToString(Implementation implementation) noexcept;
/// The implementation a resolved backend means (CPU -> CPU, CUDA -> CUDA, Auto -> None).
Implementation ImplementationOf(Backend backend) noexcept;

/// What ran, filled by the algorithm when ExecutionOptions::report is set.
struct ExecutionReport {
  Backend backend = Backend::Auto; ///< CPU or CUDA after a run
  int devicesUsed = 0;             ///< CUDA devices that ran work (0 on the CPU)
  int slabs = 1;                   ///< pieces the volume was processed in
  int threads = 0;                 ///< OpenMP threads the call could use
  /// Host<->device copies made during the call (process-wide counters: calls running
  /// concurrently on other threads are included).
  TransferStats transfers;
  double seconds = 0; ///< wall time of the call
};

/// Settings every algorithm takes. Algorithm options derive from it (GrayscaleOptions,
/// BinaryOptions, IsosurfaceOptions...), so `options.backend = Backend::CUDA` reads the same
/// everywhere.
struct ExecutionOptions {
  Backend backend = Backend::Auto;
  /// CUDA and device images: queue the work on this stream and return without waiting (as CUDA
  /// libraries do); nullptr: a private stream, synchronised before returning. Ignored otherwise.
  const Stream* stream = nullptr;
  /// CUDA: bytes of device memory the call may use; 0 means the free memory less a margin.
  std::size_t deviceMemoryBudget = 0;
  /// CPU: OpenMP threads for this call; 0 keeps the OpenMP default (OMP_NUM_THREADS, cores),
  /// except for small inputs (ExecutionScope's workItems below kSerialWorkItems), which run on
  /// the calling thread alone.
  int threads = 0;
  /// Fraction done in [0, 1], always called on the thread that called the algorithm (never on a
  /// worker thread), so GUI progress bars and ITK/VTK observers can be driven from it. An
  /// exception thrown by the callback stops the call and leaves it unchanged.
  ProgressCallback progress;
  /// Polled on the calling thread; returning true stops the call, which throws cumed::Cancelled.
  CancelCallback cancelRequested;
  /// When set, filled with what ran (also when the call throws: backend stays Auto then).
  ExecutionReport* report = nullptr;
};

/// One algorithm call's bookkeeping: applies the thread count, checks for cancellation before
/// any work starts, and on finish() reports progress 1.0 and fills the report. Restores the
/// caller's OpenMP thread setting when it ends.
class ExecutionScope {
public:
  /// Inputs smaller than this (voxels) run on one thread when ExecutionOptions::threads is 0:
  /// waking a team costs more than the work, and on busy cores a parallel region waits for its
  /// slowest, descheduled thread (a 32^3 isosurface took 22 ms instead of 0.13 ms next to two
  /// busy processes on two cores).
  static constexpr std::size_t kSerialWorkItems = std::size_t(1) << 17;

  /// `workItems`: the size of the input (voxels), 0 when unknown.
  explicit ExecutionScope(const ExecutionOptions& options, std::size_t workItems = 0);
  ~ExecutionScope();
  ExecutionScope(const ExecutionScope&) = delete;
  ExecutionScope& operator=(const ExecutionScope&) = delete;

  /// Throws Cancelled when the caller asked to stop (call between stages).
  void checkCancelled() const;
  /// The work is done: final progress and the report.
  void finish(Backend ran, int devicesUsed = 0, int slabs = 1);

private:
  const ExecutionOptions& options_;
  TransferStats before_;
  Stopwatch stopwatch_;
  int previousThreads_ = 0;
  int threads_ = 0; ///< what this scope set (0: nothing)
};

} // namespace cumed
