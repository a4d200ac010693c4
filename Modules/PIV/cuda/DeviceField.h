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

namespace cumed::piv::detail {

/// The arrays of PivField but x, y, stream-ordered on the stream they were made on.
struct DeviceField {
  DeviceBuffer u, v, peak, second, peakToPeak, peakToMean, flags;
  DeviceFieldView view;
  DeviceField(const PassGrid& g, const Stream& stream);
  GridView grid(const PassGrid& g) const { return GridViewOf(u.as<float>(), v.as<float>(), g); }
};

/// Validation and replacement of `field` in place (LaunchValidate with its scratch).
void ValidateDeviceField(const DeviceField& field, const PassGrid& g,
                         const ValidationParameters& parameters, const Stream& stream);

/// The predictor a pass takes from the previous field: its vectors, or (smoothing > 0) their
/// smoothed copies written into `u`, `v` (allocated here; keep them while the pass runs).
GridView DevicePredictor(const DeviceField& previous, const PassGrid& previousGrid, int smoothing,
                         DeviceBuffer& u, DeviceBuffer& v, const Stream& stream);

/// The field on the host: window centres, the device arrays; waits for the stream.
PivField DownloadField(const DeviceField& field, const PassGrid& g, int passes,
                       const Stream& stream);

} // namespace cumed::piv::detail
