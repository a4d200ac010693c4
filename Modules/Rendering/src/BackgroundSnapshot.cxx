#include "cumed/rendering/BackgroundSnapshot.h"

#include "cumed/core/Error.h"

#include <vtkPolyData.h>

#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>

namespace cumed::rendering {

// What the two threads share, under one mutex; the stages only move forward.
struct BackgroundSnapshot::State {
  enum class Stage { Warming, DeviceWorkDone, Warm, Drawn, Done };
  std::mutex mutex;
  std::condition_variable changed;
  Stage stage = Stage::Warming;
  bool warmUpFailed = false;
  std::exception_ptr error;
  // The caller's request: a surface to draw, or none (cancelled).
  bool requested = false;
  bool cancelled = false;
  vtkSmartPointer<vtkPolyData> surface;
  std::string pngPath;
  BackgroundSnapshotResult result;
  std::thread thread;

  void Advance(Stage next) {
    {
      const std::lock_guard<std::mutex> lock(mutex);
      if (stage < next) stage = next;
    }
    changed.notify_all();
  }
  void WaitFor(Stage wanted) {
    std::unique_lock<std::mutex> lock(mutex);
    changed.wait(lock, [&] { return stage >= wanted; });
  }
  void Fail(std::exception_ptr e, bool duringWarmUp) {
    {
      const std::lock_guard<std::mutex> lock(mutex);
      error = e;
      warmUpFailed = duringWarmUp;
      stage = Stage::Done;
    }
    changed.notify_all();
  }

  void Run(const SnapshotOptions& options, bool deviceMesh) {
    std::unique_ptr<PreparedSnapshot> snapshot;
    const auto start = std::chrono::steady_clock::now();
    try {
      snapshot = std::make_unique<PreparedSnapshot>(options, deviceMesh, [this, start] {
        result.deviceWorkMs =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count();
        Advance(Stage::DeviceWorkDone);
      });
      result.warmupMs = snapshot->WarmupMilliseconds();
    } catch (...) {
      Fail(std::current_exception(), true);
      return;
    }
    Advance(Stage::Warm);
    {
      std::unique_lock<std::mutex> lock(mutex);
      changed.wait(lock, [&] { return requested || cancelled; });
      if (!requested) return; // the snapshot is destroyed here, on its thread
    }
    try {
      const TransferStats before = GetTransferStats();
      result.draw = snapshot->DrawFirstFrame(surface);
      result.drawn = std::chrono::steady_clock::now();
      result.drawTransfers = GetTransferStats();
      result.drawTransfers.hostToDeviceCopies -= before.hostToDeviceCopies;
      result.drawTransfers.hostToDeviceBytes -= before.hostToDeviceBytes;
      result.drawTransfers.deviceToHostCopies -= before.deviceToHostCopies;
      result.drawTransfers.deviceToHostBytes -= before.deviceToHostBytes;
      Advance(Stage::Drawn);
      const auto pngStart = std::chrono::steady_clock::now();
      result.snapshot = snapshot->WritePng(pngPath);
      result.pngMs =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - pngStart)
              .count();
    } catch (...) {
      Fail(std::current_exception(), false);
      return;
    }
    Advance(Stage::Done);
  }
};

BackgroundSnapshot::BackgroundSnapshot(const SnapshotOptions& options, bool deviceMesh)
    : state_(std::make_shared<State>()) {
  State* state = state_.get();
  state->thread = std::thread([state, options, deviceMesh] { state->Run(options, deviceMesh); });
}

BackgroundSnapshot::~BackgroundSnapshot() {
  {
    const std::lock_guard<std::mutex> lock(state_->mutex);
    state_->cancelled = true;
  }
  state_->changed.notify_all();
  if (state_->thread.joinable()) state_->thread.join();
}

void BackgroundSnapshot::WaitForDeviceWork() {
  state_->WaitFor(State::Stage::DeviceWorkDone);
}

bool BackgroundSnapshot::WarmUpFailed() const {
  const std::lock_guard<std::mutex> lock(state_->mutex);
  return state_->warmUpFailed;
}

void BackgroundSnapshot::Draw(vtkSmartPointer<vtkPolyData> surface, const std::string& pngPath) {
  {
    const std::lock_guard<std::mutex> lock(state_->mutex);
    if (state_->requested) throw cumed::Error("BackgroundSnapshot::Draw called twice");
    state_->surface = std::move(surface);
    state_->pngPath = pngPath;
    state_->requested = true;
  }
  state_->changed.notify_all();
}

void BackgroundSnapshot::WaitUntilDrawn() {
  state_->WaitFor(State::Stage::Drawn);
}

BackgroundSnapshotResult BackgroundSnapshot::Finish() {
  {
    const std::lock_guard<std::mutex> lock(state_->mutex);
    if (!state_->requested && state_->stage != State::Stage::Done)
      throw cumed::Error("BackgroundSnapshot::Finish called before Draw");
  }
  state_->WaitFor(State::Stage::Done);
  const std::lock_guard<std::mutex> lock(state_->mutex);
  if (state_->error) std::rethrow_exception(state_->error);
  return state_->result;
}

} // namespace cumed::rendering
