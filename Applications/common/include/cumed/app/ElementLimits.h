#pragma once
// The rule the morphology programs share for structuring elements against the volume they run
// on (cumed/morphology/ElementLimits.h): an element more than twice the volume along an axis is
// refused unless the command line opts in (--allow-large-element), and a run whose element makes
// the work large says so before it starts. The library's own limits
// (StructuringElement::CheckRadius) apply in any case.
#include "cumed/app/Messages.h"
#include "cumed/app/UsageError.h"
#include "cumed/core/Error.h"
#include "cumed/morphology/ElementLimits.h"

#include <array>
#include <cstddef>
#include <string>

namespace cumed::app {

/// The opt-in flag, spelled once for every program and its --help.
inline constexpr char kAllowLargeElementFlag[] = "--allow-large-element";

/// morphology::CheckElementAgainstVolume unless `allowed`, its refusal a UsageError naming
/// `request` (the option and value as given, e.g. "--radius-vox 250") and `optIn`: the calling
/// program's flag (kAllowLargeElementFlag) when it has one; by default none, so that a program
/// without the flag (cumed-mpi-morphology) never suggests an option it rejects.
inline void CheckElementAgainstVolume(const std::string& request, const std::array<int, 3>& radius,
                                      const std::array<std::size_t, 3>& volume, bool allowed,
                                      const char* optIn = nullptr) {
  if (allowed) return;
  try {
    morphology::CheckElementAgainstVolume(request, radius, volume, optIn ? optIn : "");
  } catch (const cumed::InvalidArgument& e) {
    throw UsageError(e.what());
  }
}

/// The radius `convert()` returns (the library's conversion and limits, which throw
/// InvalidArgument), checked with CheckElementAgainstVolume (for programs with the flag);
/// UsageError naming `request` (the option and value as given) for either refusal.
template <class Convert>
std::array<int, 3> CheckedElementRadius(const std::string& request, Convert&& convert,
                                        const std::array<std::size_t, 3>& volume, bool allowed) {
  std::array<int, 3> radius{};
  try {
    radius = convert();
  } catch (const cumed::InvalidArgument& e) {
    throw UsageError(request + ": " + e.what());
  }
  CheckElementAgainstVolume(request, radius, volume, allowed, kAllowLargeElementFlag);
  return radius;
}

/// morphology::CpuElementWorkNote as `program`'s note before a CPU stage (its progress lines
/// follow). Nothing for `onCpu` false.
inline void NoteElementWork(const std::string& program, const std::string& stage,
                            const std::array<int, 3>& radius, std::size_t chords,
                            const std::array<std::size_t, 3>& volume, int passes, bool onCpu) {
  if (!onCpu) return; // the CUDA backend is much faster; its progress lines still show
  const auto note = morphology::CpuElementWorkNote(stage, radius, chords, volume, passes);
  if (note) Note(program, *note);
}

} // namespace cumed::app
