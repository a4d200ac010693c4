#pragma once
// What an interrupted run (SIGINT, SIGTERM, SIGHUP) removes before it dies: the private staging
// directories of its outputs and the directories it created for them (where empty). The signals
// are blocked in every thread and taken by one thread that waits for them, so the cleanup runs
// as ordinary code, not in a signal handler; it then re-raises the signal, so the exit status
// says "killed by signal". SIGKILL cannot be caught: see SafeOutput.h for what it leaves.
#include <cstdint>
#include <filesystem>
#include <mutex>

namespace cumed::output {

/// Starts the waiting thread; call first in main(), before any other thread exists (threads
/// started later inherit the blocked signals). A signal the parent set to be ignored stays
/// ignored. Calling it again does nothing.
void InstallInterruptCleanup();

/// Until Forget(token): on a signal, `path` is removed with everything in it.
std::uint64_t RemoveTreeOnInterrupt(const std::filesystem::path& path);
/// Until Forget(token): on a signal, the directory `path` is removed when it is empty (after
/// the trees, in the reverse order of registration: innermost first).
std::uint64_t RemoveEmptyDirectoryOnInterrupt(const std::filesystem::path& path);
void Forget(std::uint64_t token);

/// While held, a signal waits (its cleanup and the process's end come after): for the renames
/// that move a complete output into place, so they happen all or none.
std::unique_lock<std::recursive_mutex> HoldOffInterrupts();

} // namespace cumed::output
