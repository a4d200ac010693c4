#pragma once
// The one rule for a CPU thread count, shared by ExecutionOptions::threads, the programs'
// --threads and Python's threads=.

namespace cumed {

/// The most CPU threads one call may ask for: OpenMP runtimes abort or crash on team sizes far
/// beyond any machine's (libgomp on 10^9).
inline constexpr int kMaxThreads = 4096;

/// Throws InvalidArgument naming the value unless `threads` is in 0..kMaxThreads (0: OpenMP's
/// default).
void CheckThreadCount(long long threads);

} // namespace cumed
