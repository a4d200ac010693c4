#pragma once
// Particle image velocimetry by FFT cross-correlation: the displacement field between two
// frames, on the grid of interrogation-window centres, with signal-to-noise, validation and
// multi-pass window deformation. One API; the CPU backend (FFTW3f + OpenMP) is the reference,
// the CUDA backend (cuFFT + kernels) gives the same vectors within float tolerance.
#include "cumed/core/Image.h"
#include "cumed/piv/PivField.h"
#include "cumed/piv/PivOptions.h"

#include <cstddef>
#include <functional>
#include <vector>

namespace cumed::piv {

/// The displacement field from `first` to `second` (2D, same size; uint8, int16, uint16 or
/// float; host or device memory). Throws InvalidArgument naming the field or the image at fault.
/// Progress is reported before each pass and at the end; cancellation is polled before each
/// pass. CUDA: the work runs on options.stream (or a private stream) and the call returns once
/// the field is on the host (it always waits); deviceMemoryBudget is not used yet.
PivField ComputePiv(const Image& first, const Image& second, const PivOptions& options);

/// The same on typed views of memory the caller owns.
template <class T>
PivField ComputePiv(const ImageView<const T>& first, const ImageView<const T>& second,
                    const PivOptions& options);

/// Two frames of one pair of a sequence (not owned).
struct ImagePair {
  const Image* first = nullptr;
  const Image* second = nullptr;
};

/// Ensemble correlation for steady flows and sparse seeding: in every pass, the correlation
/// planes of all pairs are averaged window by window before the peak search (one pair gives
/// what ComputePiv gives). Every pair passes ComputePiv's checks, all frames share one size;
/// any supported pixel type, converted to float. Later passes deform every pair by the common
/// predictor. Backends as ComputePiv (Auto: CUDA where usable); they give the same vectors
/// within float tolerance. CPU: host frames only, a float copy of each non-float frame is held
/// during the call, the sum of the planes takes windows x fftSize^2 floats. CUDA: each pair in
/// host or device memory (the mask with the frames); the pairs are streamed through the device
/// in every pass (host frames uploaded again per pass), their planes summed in pair order
/// (deterministic); device memory about 5 x windows x fftSize^2 floats plus four frames, not
/// growing with the number of pairs; returns once the field is on the host.
PivField ComputeEnsemblePiv(const std::vector<ImagePair>& pairs, const PivOptions& options);

/// Receives ComputePivSequence's fields, in order: the pair's index and its field (the consumer
/// may keep it by moving it away).
using FieldConsumer = std::function<void(std::size_t pair, PivField& field)>;

/// The fields of a sequence of pairs, each handed to `consume` as soon as it is ready, so a long
/// sequence never sits in memory at once. Every pair passes ComputePiv's checks; all frames share
/// one size and one pixel type and are all on the host or all on the device. Each field equals
/// what ComputePiv gives for its pair. On CUDA up to three pairs are in flight on streams of their
/// own (all on options.stream when one is given), so the GPU does not wait while the host hands a
/// field over, and host frames stream: while pairs are computed, the next pairs' frames are copied
/// into page-locked memory and go up on another stream, so the link, the host and the GPU work at
/// once. Progress is reported and cancellation polled before
/// each pair; an exception from `consume` stops the sequence and propagates.
void ComputePivSequence(const std::vector<ImagePair>& pairs, const PivOptions& options,
                        const FieldConsumer& consume);

/// Validation and replacement alone, on the host (what ComputePiv runs after every pass):
/// clears the validation flags (all but Masked, InvalidPeak and BeyondQuarterWindow), flags and
/// replaces anew.
void ValidateField(PivField& field, const ValidationOptions& options);

/// Throws InvalidArgument naming the field and its value when an option is out of range.
void CheckOptions(const ValidationOptions& options);

} // namespace cumed::piv
