#pragma once
// Internal: launchers of the morphology kernels (plain C++ interface, no CUDA headers), called by
// the CUDA engine. All pointers are device memory; launches are asynchronous on `stream`.
#include "ChordTable.h"

#include <cstddef>

struct CUstream_st;

namespace cumed::morphology::cuda {

/// The chord table in device memory.
struct DeviceChordTable {
  int reachX = 0, reachY = 0, reachZ = 0;
  int lengthCount = 0;
  int chordCount = 0;
  const int* lengths = nullptr;
  const int* groupStart = nullptr;
  const ChordOffset* chords = nullptr;
  /// Set for centred elements (see ChordTable): per-row half-lengths, -1 for empty rows.
  const signed char* rowHalfLength = nullptr;
};

struct VolumeSize {
  int x, y, z;
};

/// The output slices [begin, end) a filter launch writes (0 <= begin, end <= size.z); the input
/// is the whole volume. Slabs compute only the slices a later pass or the download needs.
struct SliceRange {
  int begin, end;
};

/// Dilation (maximum=true) or erosion by the chords; outside pixels read `boundary`. Uses a
/// shared-memory tile when it fits the device, else a direct (slower, unlimited) kernel.
template <class T>
void LaunchChordFilter(const T* in, T* out, VolumeSize size, SliceRange slices,
                       const DeviceChordTable& table, bool maximum, T boundary,
                       CUstream_st* stream);

/// The fast path for centred elements (balls, boxes, crosses): half-length <= 8 unrolled, longer
/// ones through LaunchCentredPlaneFilter. Returns false (nothing launched) when the element does
/// not qualify or its tile does not fit.
template <class T>
bool LaunchCentredChordFilter(const T* in, T* out, VolumeSize size, SliceRange slices,
                              const DeviceChordTable& table, bool maximum, T boundary,
                              CUstream_st* stream);

/// Centred elements of any half-length (used above 8): runs from doubling levels, one plane per
/// distinct chord length; false (nothing launched) when the tile does not fit shared memory.
template <class T>
bool LaunchCentredPlaneFilter(const T* in, T* out, VolumeSize size, SliceRange slices,
                              const DeviceChordTable& table, bool maximum, T boundary,
                              CUstream_st* stream);

template <class T>
void LaunchPad(const T* in, VolumeSize size, T* out, int padX, int padY, int padZ, T value,
               CUstream_st* stream);
template <class T>
void LaunchCrop(const T* in, VolumeSize size, T* out, int padX, int padY, int padZ,
                CUstream_st* stream);

} // namespace cumed::morphology::cuda
