// Events and the current device, through the CUDA runtime.
#include "cumed/core/CudaCheck.h"
#include "cumed/core/Device.h"
#include "cumed/core/Event.h"
#include "cumed/core/Stream.h"

namespace cumed {

Event::Event() {
  cudaEvent_t event = nullptr;
  CUMED_CUDA_CHECK(cudaEventCreateWithFlags(&event, cudaEventDisableTiming));
  handle_ = event;
}

Event::~Event() {
  if (handle_) cudaEventDestroy(handle_);
}

Event& Event::operator=(Event&& other) noexcept {
  if (this != &other) {
    if (handle_) cudaEventDestroy(handle_);
    handle_ = std::exchange(other.handle_, nullptr);
  }
  return *this;
}

void Event::record(const Stream& stream) {
  CUMED_CUDA_CHECK(cudaEventRecord(handle_, stream.native()));
}

void Event::makeWait(const Stream& stream) const {
  CUMED_CUDA_CHECK(cudaStreamWaitEvent(stream.native(), handle_, 0));
}

void Event::synchronize() const {
  CUMED_CUDA_CHECK(cudaEventSynchronize(handle_));
}

int CurrentDevice() {
  int device = 0;
  CUMED_CUDA_CHECK(cudaGetDevice(&device));
  return device;
}

} // namespace cumed
