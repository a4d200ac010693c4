#include "cumed/output/InterruptCleanup.h"

#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <system_error>
#include <thread>
#include <vector>

namespace fs = std::filesystem;

namespace cumed::output {
namespace {

struct Entry {
  std::uint64_t token;
  fs::path path;
  bool tree; ///< else: a directory removed when empty
};

struct Registry {
  std::recursive_mutex mutex;
  std::vector<Entry> entries; ///< in registration order
  std::uint64_t next = 1;
  bool installed = false;
};

// Never destroyed: the waiting thread may use it while the process exits.
Registry& TheRegistry() {
  static Registry* registry = new Registry;
  return *registry;
}

void RemoveRegistered() {
  Registry& registry = TheRegistry();
  std::error_code ignored;
  for (const Entry& entry : registry.entries) {
    if (!entry.tree) continue;
    // Another thread may still be writing into the tree: repeat until it is gone.
    for (int attempt = 0;
         attempt < 8 && fs::symlink_status(entry.path, ignored).type() != fs::file_type::not_found;
         ++attempt) {
      fs::remove_all(entry.path, ignored);
    }
  }
  for (auto it = registry.entries.rbegin(); it != registry.entries.rend(); ++it) {
    if (!it->tree) fs::remove(it->path, ignored); // fails, as it should, when not empty
  }
}

[[noreturn]] void CleanUpAndDie(int signal) {
  // Held until the end: a commit waiting for it must not move anything into place after this.
  HoldOffInterrupts().release();
  RemoveRegistered();
  ::signal(signal, SIG_DFL);
  sigset_t only;
  sigemptyset(&only);
  sigaddset(&only, signal);
  pthread_sigmask(SIG_UNBLOCK, &only, nullptr);
  raise(signal);
  _exit(128 + signal); // not reached: the default action ends the process
}

} // namespace

void InstallInterruptCleanup() {
  Registry& registry = TheRegistry();
  {
    const std::lock_guard<std::recursive_mutex> lock(registry.mutex);
    if (registry.installed) return;
    registry.installed = true;
  }
  sigset_t signals;
  sigemptyset(&signals);
  for (const int signal : {SIGINT, SIGTERM, SIGHUP}) {
    struct sigaction current {};
    if (sigaction(signal, nullptr, &current) == 0 && current.sa_handler == SIG_IGN) continue;
    sigaddset(&signals, signal);
  }
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  std::thread([signals] {
    int signal = 0;
    while (sigwait(&signals, &signal) != 0) {
    }
    CleanUpAndDie(signal);
  }).detach();
}

std::uint64_t RemoveTreeOnInterrupt(const fs::path& path) {
  Registry& registry = TheRegistry();
  const std::lock_guard<std::recursive_mutex> lock(registry.mutex);
  registry.entries.push_back({registry.next, fs::absolute(path), true});
  return registry.next++;
}

std::uint64_t RemoveEmptyDirectoryOnInterrupt(const fs::path& path) {
  Registry& registry = TheRegistry();
  const std::lock_guard<std::recursive_mutex> lock(registry.mutex);
  registry.entries.push_back({registry.next, fs::absolute(path), false});
  return registry.next++;
}

void Forget(std::uint64_t token) {
  Registry& registry = TheRegistry();
  const std::lock_guard<std::recursive_mutex> lock(registry.mutex);
  for (auto it = registry.entries.begin(); it != registry.entries.end(); ++it) {
    if (it->token == token) {
      registry.entries.erase(it);
      return;
    }
  }
}

std::unique_lock<std::recursive_mutex> HoldOffInterrupts() {
  return std::unique_lock<std::recursive_mutex>(TheRegistry().mutex);
}

} // namespace cumed::output
