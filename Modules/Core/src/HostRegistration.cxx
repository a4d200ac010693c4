#include "cumed/core/HostRegistration.h"

#include "cumed/core/Config.h"
#include "cumed/core/Error.h"

#include <string>
#include <utility>

#include <unistd.h>

#if CUMED_WITH_CUDA
#include <cuda_runtime.h>
#endif

namespace cumed {

PageSpan PageSpanOf(std::uintptr_t address, std::size_t bytes, std::size_t pageBytes) {
  if (pageBytes == 0 || (pageBytes & (pageBytes - 1)) != 0)
    throw InvalidArgument("page size " + std::to_string(pageBytes) + " is not a power of two");
  if (bytes == 0) return {};
  const std::uintptr_t mask = static_cast<std::uintptr_t>(pageBytes - 1);
  const std::uintptr_t last = address + (bytes - 1);
  if (last < address || (last & ~mask) > UINTPTR_MAX - pageBytes) // the end must fit
    throw InvalidArgument("the pages covering " + std::to_string(bytes) +
                          " bytes run past the end of the address space");
  const std::uintptr_t begin = address & ~mask;
  const std::uintptr_t end = (last & ~mask) + pageBytes; // one past the last page
  return {begin, static_cast<std::size_t>(end - begin)};
}

std::size_t HostPageBytes() {
  const long page = sysconf(_SC_PAGESIZE);
  return page > 0 ? static_cast<std::size_t>(page) : std::size_t(4096);
}

#if CUMED_WITH_CUDA
namespace {
/// Page-locked (cudaMallocHost or registered) memory, or managed memory: a direct copy is fine.
bool IsPinned(const void* address) {
  cudaPointerAttributes attributes{};
  const bool pinned =
      cudaPointerGetAttributes(&attributes, address) == cudaSuccess &&
      (attributes.type == cudaMemoryTypeHost || attributes.type == cudaMemoryTypeManaged);
  cudaGetLastError(); // older runtimes report pageable memory as an error: not sticky, cleared
  return pinned;
}

bool ReadOnlyRegistrationSupported() {
  int device = 0, supported = 0;
  const bool ok = cudaGetDevice(&device) == cudaSuccess &&
                  cudaDeviceGetAttribute(&supported, cudaDevAttrHostRegisterReadOnlySupported,
                                         device) == cudaSuccess;
  cudaGetLastError();
  return ok && supported != 0;
}
} // namespace

HostRegistration::HostRegistration(const void* data, std::size_t bytes, bool readOnly,
                                   bool registerPageable) {
  if (data == nullptr || bytes == 0) return;
  const char* first = static_cast<const char*>(data);
  if (IsPinned(first) && IsPinned(first + (bytes - 1))) {
    state_ = State::AlreadyPinned;
    return;
  }
  if (!registerPageable) return;
  const PageSpan span = PageSpanOf(reinterpret_cast<std::uintptr_t>(data), bytes, HostPageBytes());
  void* begin = reinterpret_cast<void*>(span.begin);
  // Portable: slabs on other devices copy from the same memory.
  unsigned flags = cudaHostRegisterPortable;
  if (readOnly && ReadOnlyRegistrationSupported()) flags |= cudaHostRegisterReadOnly;
  cudaError_t status = cudaHostRegister(begin, span.bytes, flags);
  if (status != cudaSuccess && (flags & cudaHostRegisterReadOnly) != 0) {
    cudaGetLastError();
    status = cudaHostRegister(begin, span.bytes, cudaHostRegisterPortable);
  }
  if (status == cudaSuccess) {
    registered_ = begin;
    state_ = State::Registered;
    return;
  }
  // Part of the pages registered by someone else (cudaErrorHostMemoryAlreadyRegistered), too
  // much locked memory, no device...: stay pageable. These errors are not sticky; clear them so
  // the next checked call does not report them.
  cudaGetLastError();
}

void HostRegistration::release() noexcept {
  if (state_ == State::Registered) {
    cudaHostUnregister(registered_);
    cudaGetLastError();
  }
  registered_ = nullptr;
  state_ = State::Pageable;
}
#else
HostRegistration::HostRegistration(const void*, std::size_t, bool, bool) {}

void HostRegistration::release() noexcept {
  registered_ = nullptr;
  state_ = State::Pageable;
}
#endif

HostRegistration::~HostRegistration() {
  release();
}

HostRegistration::HostRegistration(HostRegistration&& other) noexcept
    : registered_(std::exchange(other.registered_, nullptr)),
      state_(std::exchange(other.state_, State::Pageable)) {}

HostRegistration& HostRegistration::operator=(HostRegistration&& other) noexcept {
  if (this != &other) {
    release();
    registered_ = std::exchange(other.registered_, nullptr);
    state_ = std::exchange(other.state_, State::Pageable);
  }
  return *this;
}

} // namespace cumed
