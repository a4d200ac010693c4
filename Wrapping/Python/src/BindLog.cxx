// CuMed's log (cumed/core/Log.h) into Python: warnings and errors become
// warnings.warn(message, cumed.CuMedWarning), debug and info records of logging.getLogger("cumed").
// The sink may run on any thread (OpenMP workers, GDCM's decoder) and with the GIL released, so
// it never calls into Python: it queues the message, and the Python layer takes the queue on the
// calling thread when a public function returns (cumed/_common.py, `public`).
#include "Bindings.h"

#include "cumed/core/Log.h"

#include <pybind11/stl.h>

#include <algorithm>

#include <cstddef>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace cumed::python {

namespace {

struct Queue {
  std::mutex mutex;
  std::vector<std::pair<int, std::string>> messages;
  std::size_t dropped = 0;
};

Queue& MessageQueue() {
  static auto* queue = new Queue; // never destroyed: a worker may log during interpreter exit
  return *queue;
}

// A call that logs without bound (a damaged series of 100,000 files) must not grow memory
// without bound before Python takes the queue: past this many, messages are counted, not kept.
constexpr std::size_t kMaxQueued = 10000;

void QueueMessage(LogLevel level, std::string_view message) {
  auto& queue = MessageQueue();
  std::lock_guard<std::mutex> lock(queue.mutex);
  if (queue.messages.size() >= kMaxQueued) {
    ++queue.dropped;
    return;
  }
  queue.messages.emplace_back(int(level), std::string(message));
}

} // namespace

void BindLog(py::module_& module) {
  SetLogSink(&QueueMessage);
  module.def(
      "_take_log_messages",
      [] {
        auto& queue = MessageQueue();
        std::lock_guard<std::mutex> lock(queue.mutex);
        auto messages = std::move(queue.messages);
        queue.messages.clear();
        if (queue.dropped) {
          messages.emplace_back(int(LogLevel::Warning),
                                std::to_string(queue.dropped) +
                                    " more log messages were dropped (the queue holds " +
                                    std::to_string(kMaxQueued) + ")");
          queue.dropped = 0;
        }
        return messages;
      },
      "The log messages queued since the last call, as (level, text): 0 debug, 1 info, "
      "2 warning, 3 error. The cumed package takes them after every call.");
  module.def(
      "_set_log_level", [](int level) { SetLogLevel(LogLevel(std::clamp(level, 0, 3))); },
      "Messages below this level (0 debug .. 3 error) are not queued.");
  module.def(
      "_get_log_level", [] { return int(GetLogLevel()); }, "The level below which messages are dropped.");
  module.def(
      "_log_from_worker_thread",
      [](int level, const std::string& text) {
        // For the tests: a message logged on another thread with the GIL released, as an
        // OpenMP worker or a decoder thread logs.
        py::gil_scoped_release release;
        std::thread([level, text] { Log(LogLevel(std::clamp(level, 0, 3)), text); }).join();
      },
      "Logs `text` at `level` from a new native thread, the GIL released (for tests).");
}

} // namespace cumed::python
