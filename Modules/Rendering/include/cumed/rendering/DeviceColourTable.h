#pragma once
// A lookup table (any vtkScalarsToColors) sampled so that the GPU gives a device mesh's point
// scalars the colours VTK's host path would: vtkCuMedDeviceMeshMapper colours by a mesh
// attribute with it, in a kernel, instead of copying the mesh to the host for vtkMapper's
// MapScalars.
#include "cumed/core/HostDevice.h"

#include <cstdint>
#include <vector>

class vtkScalarsToColors;

namespace cumed::rendering {

struct DeviceColourTable {
  double low = 0.0, high = 0.0; ///< the range the bins span (the table's range when sampled)
  int bins = 0;
  /// RGBA bytes of bins + 3 colours: the bins (bin k holds values from low + k (high - low) /
  /// bins; the last one includes high), then those of a value below the range, above it, NaN.
  std::vector<std::uint8_t> rgba;
};

/// Samples `table` (built, its range set as the mapper sets it) at the centre of each bin and at
/// a value below, above and NaN. Bins: the table's colours when it has at most 4096 (a
/// vtkLookupTable: then bin k is its colour k exactly), else 1024.
DeviceColourTable SampleColourTable(vtkScalarsToColors* table);

/// The colour of `value` in a table of `bins` bins over [low, high] (scale = bins / (high - low),
/// 0 when high <= low): what the kernel and its host stand-ins apply.
CUMED_HOST_DEVICE int ColourTableEntry(float value, double low, double high, double scale,
                                       int bins) {
  if (value != value) return bins + 2;
  if (value < low) return bins;
  if (value > high) return bins + 1;
  const int k = static_cast<int>((static_cast<double>(value) - low) * scale);
  return k < bins ? k : bins - 1;
}

} // namespace cumed::rendering
