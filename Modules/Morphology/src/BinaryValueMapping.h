#pragma once
// Internal: ITK's value mapping after a binary dilation/erosion of the object mask, for one
// voxel (the formulas of MorphologyEngine::applyDilated / applyEroded, see BinaryMorphology.h).
// Host and device: the CPU engine and every CUDA kernel that maps values use this definition.
#include "cumed/core/HostDevice.h"

namespace cumed::morphology::detail {

/// Dilation: reached voxels become the foreground; object voxels not reached become the
/// background; every other voxel keeps its value.
template <class T>
CUMED_HOST_DEVICE_FORCEINLINE T DilatedValue(bool reached, T in, T foreground, T background) {
  return reached ? foreground : (in == foreground ? background : in);
}

/// Erosion: kept voxels stay the foreground, others would become the background, but ITK
/// restores the input wherever the result equals the background and the input is not the
/// foreground (also when foreground == background).
template <class T>
CUMED_HOST_DEVICE_FORCEINLINE T ErodedValue(bool kept, T in, T foreground, T background) {
  const T value = kept ? foreground : background;
  return value == background && in != foreground ? in : value;
}

} // namespace cumed::morphology::detail
