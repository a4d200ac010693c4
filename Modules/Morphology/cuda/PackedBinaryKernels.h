#pragma once
// Internal: launchers of the bit-packed binary morphology kernels (plain C++ interface, no CUDA
// headers). The object (in == foreground) is packed 32 voxels to a word along x, dilated (OR) or
// eroded (AND) by the chords of the element on words, and unpacked with ITK's value mapping.
// All pointers are device memory; launches are asynchronous on `stream`.
#include "ChordTable.h"

#include <cstddef>
#include <cstdint>

struct CUstream_st;

namespace cumed::morphology::cuda {

/// Limits of the packed chord kernel; other elements take the uint8 grayscale path.
constexpr int kPackedMaxReachX = 32; ///< one halo word on each side of a tile
constexpr int kPackedMaxReachYZ = 63;
constexpr int kPackedMaxChords = 768; ///< keeps the kernel's chord argument under 4 KiB

/// Sizes in voxels (width, height, depth) and the words per packed row.
struct PackedGeometry {
  int width = 0, height = 0, depth = 0;
  int words = 0; ///< (width + 31) / 32
  std::size_t wordCount() const {
    return std::size_t(words) * std::size_t(height) * std::size_t(depth);
  }
};

/// True when the packed chord kernel takes this element (non-empty, within the limits above)
/// and its shared-memory tile fits the device.
bool PackedChordFilterFits(const PackedGeometry& geometry, const ChordTable& table);

/// packed = bits of (in == foreground); bits beyond the row's end read `boundaryBit`.
template <class T>
void LaunchPackObject(const T* in, T foreground, bool boundaryBit, std::uint32_t* packed,
                      const PackedGeometry& geometry, CUstream_st* stream);

/// out = OR (dilate) / AND (erode) over the chords of the element; outside the image reads
/// all-ones when boundaryBit, else all-zeros.
/// Requires PackedChordFilterFits.
void LaunchPackedChordFilter(const std::uint32_t* in, std::uint32_t* out,
                             const PackedGeometry& geometry, const ChordTable& table, bool dilate,
                             bool boundaryBit, CUstream_st* stream);

/// The value mapping of MorphologyEngine::applyDilated / applyEroded, with the 0/1 result read
/// from the packed bits.
template <class T>
void LaunchUnpackDilated(const std::uint32_t* reached, const T* in, T foreground, T background,
                         T* out, const PackedGeometry& geometry, CUstream_st* stream);
template <class T>
void LaunchUnpackEroded(const std::uint32_t* kept, const T* in, T foreground, T background, T* out,
                        const PackedGeometry& geometry, CUstream_st* stream);

} // namespace cumed::morphology::cuda
