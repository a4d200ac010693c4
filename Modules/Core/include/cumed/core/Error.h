#pragma once
// CuMed's exceptions. Every error names what went wrong and where (file, tag, size, CUDA call).
#include <stdexcept>
#include <string>

namespace cumed {

/// Base of every exception CuMed throws.
class Error : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// A caller passed a value that cannot be used (bad size, unknown name, wrong pixel type...).
class InvalidArgument : public Error {
public:
  using Error::Error;
};

/// The caller asked to stop (ExecutionOptions::cancelRequested); outputs are left unspecified.
class Cancelled : public Error {
public:
  using Error::Error;
};

/// A CUDA runtime call or kernel launch failed, or CUDA was asked for and is not usable.
class CudaError : public Error {
public:
  CudaError(const std::string& message, int code) : Error(message), code_(code) {}
  /// The cudaError_t value (0 when the failure is not a CUDA runtime error code).
  int code() const noexcept { return code_; }

private:
  int code_;
};

namespace detail {
/// Builds and throws a CudaError that names the failing call (or kernel), the file and the line.
[[noreturn]] void ThrowCudaError(int code, const char* errorName, const char* errorText,
                                 const char* call, const char* file, int line,
                                 const char* kernel = nullptr);
} // namespace detail

} // namespace cumed
