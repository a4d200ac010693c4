#pragma once
// Internal: launchers of the elementwise kernels of grayscale (subtract) and binary morphology
// (mask, apply, restore). Device pointers; asynchronous on `stream`.
#include <cstddef>
#include <cstdint>

struct CUstream_st;

namespace cumed::morphology::cuda {

template <class T>
void LaunchSubtract(const T* a, const T* b, T* out, std::size_t n, CUstream_st* stream);
template <class T>
void LaunchForegroundMask(const T* in, T foreground, std::uint8_t* mask, std::size_t n,
                          CUstream_st* stream);
template <class T>
void LaunchApplyDilated(const std::uint8_t* reached, const T* in, T foreground, T background,
                        T* out, std::size_t n, CUstream_st* stream);
template <class T>
void LaunchApplyEroded(const std::uint8_t* kept, const T* in, T foreground, T background, T* out,
                       std::size_t n, CUstream_st* stream);
template <class T>
void LaunchRestoreUnclosed(const T* closed, const T* in, T foreground, T* out, std::size_t n,
                           CUstream_st* stream);

/// *total += number of in[i] with lower <= in[i] <= upper (*total zeroed by the caller).
template <class T>
void LaunchCountInRange(const T* in, std::size_t n, T lower, T upper, unsigned long long* total,
                        CUstream_st* stream);

/// out = lower <= in <= upper ? inside : outside (itk::BinaryThresholdImageFilter).
template <class TIn, class TOut>
void LaunchBinaryThreshold(const TIn* in, TIn lower, TIn upper, TOut inside, TOut outside,
                           TOut* out, std::size_t n, CUstream_st* stream);

} // namespace cumed::morphology::cuda
