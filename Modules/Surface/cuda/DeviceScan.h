#pragma once
// Internal device scan helpers (DeviceScan.cu) used by the isosurface passes and the public scans.
#include <cstddef>
#include <cstdint>

struct CUstream_st;

namespace cumed::surface::detail {

/// Queues an exclusive scan of n uint32 counts into 64-bit offsets on `stream` (no host sync).
/// Temporary storage is stream-ordered.
void QueueExclusiveScan(const std::uint32_t* in, std::uint64_t* out, std::size_t n,
                        CUstream_st* stream);
void QueueExclusiveScan(const std::uint32_t* in, std::uint32_t* out, std::size_t n,
                        CUstream_st* stream);

/// out[i] += offset for i < n, queued on `stream`.
void QueueAddOffset(std::uint64_t* out, std::size_t n, std::uint64_t offset, CUstream_st* stream);

} // namespace cumed::surface::detail
