#pragma once
// A pass's vector field in device memory and what the CUDA passes do with it between passes:
// validation, the (smoothed) predictor, the download of the final field.
#include "cuda/PivKernels.h"
#include "cumed/core/DeviceBuffer.h"
#include "cumed/core/Stream.h"
#include "cumed/piv/PivField.h"
#include "src/PassGrid.h"
#include "src/Sampling.h"
#include "src/VectorValidation.h"

#include <cstddef>

namespace cumed::piv::detail {

/// The arrays of PivField but x, y in one stream-ordered allocation (six float arrays, then the
/// flags), so that the field comes back in one copy.
struct DeviceField {
  static constexpr int kFloatArrays = 6;
  DeviceBuffer memory;
  DeviceFieldView view;
  /// ValidateDeviceField's scratch behind the arrays, in the same allocation (one stream-ordered
  /// allocation and free fewer per pass); null unless the constructor was given the sweeps.
  void* scratch = nullptr;
  std::size_t scratchBytes = 0;
  /// validationIterations >= 0: room for the scratch of a validation with that many sweeps.
  DeviceField(const PassGrid& g, const Stream& stream, int validationIterations = -1);
  static std::size_t Bytes(const PassGrid& g) {
    return std::size_t(g.count()) * (kFloatArrays * sizeof(float) + 1);
  }
  /// The scratch ValidateDeviceField needs for grid g and `iterations` sweeps.
  static std::size_t ScratchBytes(const PassGrid& g, int iterations) {
    return (std::size_t(iterations) + 1) * sizeof(int) +
           std::size_t(g.count()) * (2 * sizeof(float) + 3);
  }
  GridView grid(const PassGrid& g) const { return GridViewOf(view.u, view.v, g); }
};

/// Validation and replacement of `field` in place (LaunchValidate with its scratch: the field's
/// own where it has room, else allocated here).
void ValidateDeviceField(const DeviceField& field, const PassGrid& g,
                         const ValidationParameters& parameters, const Stream& stream);

/// The predictor a pass takes from the previous field: its vectors, or (smoothing > 0) their
/// smoothed copies written into `u`, `v` (allocated here; keep them while the pass runs).
GridView DevicePredictor(const DeviceField& previous, const PassGrid& previousGrid, int smoothing,
                         DeviceBuffer& u, DeviceBuffer& v, const Stream& stream);

/// Queues the copy of `field` (DeviceField::Bytes(g)) into `host` (page-locked) on `stream`.
void QueueFieldDownload(const DeviceField& field, const PassGrid& g, void* host,
                        const Stream& stream);
/// The field QueueFieldDownload copied to `host` (the stream synchronized), with its window
/// centres.
PivField UnpackField(const void* host, const PassGrid& g, int passes);

/// The field on the host through the staging memory; waits for the stream.
PivField DownloadField(const DeviceField& field, const PassGrid& g, int passes,
                       const Stream& stream);

} // namespace cumed::piv::detail
