#pragma once
// An owned CUDA stream (RAII, move-only).
#include <utility>

struct CUstream_st; // cudaStream_t is CUstream_st*; declared here so no CUDA header is needed

namespace cumed {

class Stream {
public:
  /// Creates a non-blocking stream on the current device; throws CudaError when none is usable.
  Stream();
  ~Stream();
  /// Wraps a stream someone else owns (CuPy's current stream, a PyTorch stream, the legacy default
  /// stream 0x1, the per-thread default 0x2); it is not destroyed with this object.
  static Stream Borrow(CUstream_st* handle) noexcept;
  Stream(Stream&& other) noexcept
      : handle_(std::exchange(other.handle_, nullptr)), owned_(other.owned_) {}
  Stream& operator=(Stream&& other) noexcept;
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;

  /// The cudaStream_t, for kernel launches.
  CUstream_st* native() const noexcept { return handle_; }
  /// Waits for all work queued on the stream; throws CudaError if any of it failed.
  void synchronize() const;

private:
  struct BorrowTag {};
  Stream(BorrowTag, CUstream_st* handle) noexcept : handle_(handle), owned_(false) {}

  CUstream_st* handle_ = nullptr;
  bool owned_ = true; ///< false for a borrowed stream
};

/// A stream per device for the whole process (created on first use; call it with `device`
/// current), so stream-ordered memory allocated on it may outlive the call that queued the work
/// (a mesh kept on the device). Never destroyed: the CUDA runtime may be gone when static
/// destructors run. Throws CudaError when no device is usable.
const Stream& ProcessStream(int device);

} // namespace cumed
