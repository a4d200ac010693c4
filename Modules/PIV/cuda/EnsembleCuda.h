#pragma once
// Ensemble correlation on the CUDA backend: the CPU's ensemble (cpu/PivCpu.h) with every pass on
// the device and the pairs streamed through it one by one.
#include "cumed/core/Execution.h"
#include "cumed/core/Image.h"
#include "cumed/piv/PivField.h"
#include "cumed/piv/PivOptions.h"
#include "src/PivEngine.h"

#include <vector>

namespace cumed::piv::detail {

/// All passes of `options` over the pairs (checked already: one size; the mask, when given, in
/// the frames' memory). Each pass streams every pair through the device (host frames are
/// uploaded again in every pass, device frames read in place), converts it to float, deforms it
/// by the common predictor after the first pass, and adds its correlation planes to the sum in
/// pair order; the peaks of the mean planes are searched and validated as in RunPivCuda.
/// Device memory does not grow with the number of pairs: the sum and the correlation buffers
/// (about 5 x windows x fftSize^2 floats, cuFFT's work areas aside), up to four float frames and
/// two raw copies of host frames that are not float. Waits for the stream before it returns.
PivField RunEnsemblePivCuda(const std::vector<RawPair>& pairs, int width, int height,
                            const PivOptions& options, ExecutionScope& scope);

} // namespace cumed::piv::detail
