#pragma once
// An owned CUDA event (RAII, move-only), for ordering work between streams without stalling
// the host: one stream records it, another waits for it.
#include <utility>

struct CUevent_st; // cudaEvent_t is CUevent_st*; declared here so no CUDA header is needed

namespace cumed {

class Stream;

class Event {
public:
  /// Creates an event on the current device (no timing); throws CudaError when none is usable.
  Event();
  ~Event();
  Event(Event&& other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
  Event& operator=(Event&& other) noexcept;
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;

  /// Marks the point reached by the work queued on `stream` so far.
  void record(const Stream& stream);
  /// Work queued on `stream` after this call starts once the recorded point is reached.
  void makeWait(const Stream& stream) const;
  /// The host waits for the recorded point; throws CudaError if the work failed.
  void synchronize() const;

private:
  CUevent_st* handle_ = nullptr;
};

} // namespace cumed
