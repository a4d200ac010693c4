#pragma once
// The rule the morphology programs share for structuring elements against the volume they run
// on: an element more than twice the volume along an axis is refused unless the command line
// opts in (--allow-large-element), and a run whose element makes the work large says so before
// it starts. The library's own limits (StructuringElement::CheckRadius) apply in any case.
#include "cumed/app/UsageError.h"
#include "cumed/core/Error.h"

#include <array>
#include <cstddef>
#include <string>

namespace cumed::app {

/// The opt-in flag, spelled once for every program and its --help.
inline constexpr char kAllowLargeElementFlag[] = "--allow-large-element";

/// Throws UsageError when the element's extent 2r+1 exceeds twice the volume's extent along an
/// axis (`allowed` false), naming `request` (the option and value as given, e.g.
/// "--radius-vox 250"), the radius, the volume size, the axis and the flag that allows it. Such an
/// element reaches past the whole volume from every voxel: it costs minutes and rarely means
/// what was intended.
void CheckElementAgainstVolume(const std::string& request, const std::array<int, 3>& radius,
                               const std::array<std::size_t, 3>& volume, bool allowed);

/// The radius `convert()` returns (the library's conversion and limits, which throw
/// InvalidArgument), checked with CheckElementAgainstVolume; UsageError naming `request` (the
/// option and value as given) for either refusal.
template <class Convert>
std::array<int, 3> CheckedElementRadius(const std::string& request, Convert&& convert,
                                        const std::array<std::size_t, 3>& volume, bool allowed) {
  std::array<int, 3> radius{};
  try {
    radius = convert();
  } catch (const cumed::InvalidArgument& e) {
    throw UsageError(request + ": " + e.what());
  }
  CheckElementAgainstVolume(request, radius, volume, allowed);
  return radius;
}

/// A note before a CPU stage whose work (voxels x element rows x passes) is estimated to take ten
/// seconds or more on the threads OpenMP has, naming the numbers and the estimate; the stage's
/// progress lines follow. Nothing for `onCpu` false.
void NoteElementWork(const std::string& program, const std::string& stage,
                     const std::array<int, 3>& radius, std::size_t chords,
                     const std::array<std::size_t, 3>& volume, int passes, bool onCpu);

} // namespace cumed::app
