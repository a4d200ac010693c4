#pragma once
// Structuring elements against the volume they run on, beyond the element's own limits
// (StructuringElement::CheckRadius, which apply in any case): an element more than twice the
// volume along an axis, which callers refuse unless asked to run it anyway (the programs'
// --allow-large-element), and a CPU run whose element makes the work large, announced before it
// starts.
#include <array>
#include <cstddef>
#include <optional>
#include <string>

namespace cumed::morphology {

/// Throws InvalidArgument when the element's extent 2r+1 exceeds twice the volume's extent along
/// an axis, naming `request` (how the radius was given, e.g. "--radius-vox 250"), the radius, the
/// volume size, the axis and `optIn` (what runs it anyway, e.g. a program's flag; empty for a
/// caller that has no such option: then the message suggests only a smaller radius). Such an
/// element reaches past the whole volume from every voxel: it costs minutes and rarely means what
/// was intended.
void CheckElementAgainstVolume(const std::string& request, const std::array<int, 3>& radius,
                               const std::array<std::size_t, 3>& volume, const std::string& optIn);

/// A note for `stage` (e.g. "closing") on the CPU backend when its work (voxels x element rows x
/// passes) is estimated to take ten seconds or more on the threads OpenMP has, naming the numbers
/// and the estimate; nullopt below that.
std::optional<std::string> CpuElementWorkNote(const std::string& stage,
                                              const std::array<int, 3>& radius, std::size_t chords,
                                              const std::array<std::size_t, 3>& volume, int passes);

} // namespace cumed::morphology
