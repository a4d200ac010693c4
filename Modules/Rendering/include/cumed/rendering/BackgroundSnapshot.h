#pragma once
// A PreparedSnapshot on a thread of its own, so that an application's picture does not wait on
// its other work, nor its other work on the picture: the window opens and is warmed while the
// caller reads and computes, and the surface is drawn and written as PNG while the caller writes
// its other files. Every OpenGL call happens on that one thread (a context is current on one
// thread at a time), and the snapshot is destroyed there too. The thread uses the process's
// default CUDA device, as a program that never selects one does.
#include "cumed/core/Transfer.h"
#include "cumed/rendering/PreparedSnapshot.h"

#include <vtkSmartPointer.h>

#include <chrono>
#include <memory>
#include <string>

class vtkPolyData;

namespace cumed::rendering {

struct BackgroundSnapshotResult {
  SnapshotResult snapshot;
  FrameDrawTimes draw; ///< the surface's frame, up to the GPU's completion
  double warmupMs = 0; ///< the window's opening and the warm-up draw
  /// Of warmupMs, the part before the window opened: the warm-up mesh's uploads and bounds (with
  /// a device mesh, CUDA's context creation), i.e. until WaitForDeviceWork() returns.
  double deviceWorkMs = 0;
  double pngMs = 0;                            ///< the pixels read back and the PNG written
  std::chrono::steady_clock::time_point drawn; ///< when the frame was complete
  /// The process's copies while the frame was drawn (the caller's thread should make none then).
  TransferStats drawTransfers;
};

class BackgroundSnapshot {
public:
  /// Starts the thread, which makes a PreparedSnapshot(options, deviceMesh) at once.
  BackgroundSnapshot(const SnapshotOptions& options, bool deviceMesh);
  /// Tells the thread there is nothing to draw when Draw() was not called, and joins it.
  ~BackgroundSnapshot();
  BackgroundSnapshot(const BackgroundSnapshot&) = delete;
  BackgroundSnapshot& operator=(const BackgroundSnapshot&) = delete;

  /// Blocks until the warm-up's host<->device copies are over, or the warm-up failed: from then
  /// until Draw() the thread copies nothing (cumed::GetTransferStats() counts the caller's only).
  void WaitForDeviceWork();
  /// True once the warm-up has failed (Finish() then rethrows its error); does not block.
  bool WarmUpFailed() const;
  /// Hands the surface over (once): the thread draws it as soon as it is warm, then writes it to
  /// `pngPath`. The surface must not change until WaitUntilDrawn() or Finish() has returned.
  void Draw(vtkSmartPointer<vtkPolyData> surface, const std::string& pngPath);
  /// Blocks until the thread has drawn the surface (it reads no more of it), or failed.
  void WaitUntilDrawn();
  /// Blocks until the PNG is written; rethrows what the thread threw: the warm-up's error
  /// (WarmUpFailed() is then true), or the draw's or the PNG's.
  BackgroundSnapshotResult Finish();

private:
  struct State;
  std::shared_ptr<State> state_;
};

} // namespace cumed::rendering
