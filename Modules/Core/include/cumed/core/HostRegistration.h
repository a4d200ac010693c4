#pragma once
// Page-locking memory the caller already owns, in place (cudaHostRegister), for the length of a
// transfer: a large pageable buffer then crosses PCIe in one direct copy at the pinned rate
// instead of chunk by chunk through staging (TransferPipeline.h), which halves the rate because
// every byte is also copied on the host. CUDA-free interface; without CUDA nothing is registered.
#include <cstddef>
#include <cstdint>

namespace cumed {

/// Whole pages [begin, begin + bytes).
struct PageSpan {
  std::uintptr_t begin = 0;
  std::size_t bytes = 0;
};

/// The pages of `pageBytes` (a power of two) covering [address, address + bytes); empty for 0
/// bytes. Throws InvalidArgument for a page size that is not a power of two or a range whose
/// pages do not end below the top of the address space (the span's end must be representable).
PageSpan PageSpanOf(std::uintptr_t address, std::size_t bytes, std::size_t pageBytes);

/// The host's page size (sysconf), 4096 where it cannot be read.
std::size_t HostPageBytes();

/// RAII: [data, data + bytes) page-locked for every device while this lives, where possible.
/// Never throws for memory that cannot be registered: it stays pageable and pinned() is false,
/// so callers fall back to staging. Memory the caller pinned already (cudaMallocHost, its own
/// cudaHostRegister) is used as it is and left registered. The owner must synchronise every copy
/// that reads the memory before this is destroyed (unregistering under a copy is undefined).
class HostRegistration {
public:
  enum class State {
    Pageable,      ///< not registered: copy through staging
    AlreadyPinned, ///< pinned before (by someone else): copy directly, never unregistered here
    Registered     ///< registered here: copy directly, unregistered on destruction
  };

  HostRegistration() = default;
  /// readOnly: the device only reads the memory (cudaHostRegisterReadOnly where supported).
  /// registerPageable false: only notes memory that is pinned already (never registers).
  HostRegistration(const void* data, std::size_t bytes, bool readOnly,
                   bool registerPageable = true);
  ~HostRegistration();
  HostRegistration(HostRegistration&& other) noexcept;
  HostRegistration& operator=(HostRegistration&& other) noexcept;
  HostRegistration(const HostRegistration&) = delete;
  HostRegistration& operator=(const HostRegistration&) = delete;

  State state() const noexcept { return state_; }
  /// Direct asynchronous copies from or to the memory run at the pinned rate.
  bool pinned() const noexcept { return state_ != State::Pageable; }

private:
  void release() noexcept;
  void* registered_ = nullptr; ///< the page-aligned start passed to cudaHostRegister
  State state_ = State::Pageable;
};

} // namespace cumed
