#include "cumed/morphology/ElementLimits.h"

#include "cumed/core/Error.h"

#include <omp.h>

#include <algorithm>
#include <cstdio>

namespace cumed::morphology {
namespace {

// Row steps (one min/max along one row of the element, for one voxel) per second and CPU thread,
// measured with cumed-ct-surface's CPU closing on the phantom (reliability.md); an estimate.
constexpr double kRowStepsPerThreadSecond = 1.2e9;
// Estimated seconds from which a stage gets a note before it starts.
constexpr double kNotableSeconds = 10.0;

std::string Triple(long long x, long long y, long long z) {
  return std::to_string(x) + "x" + std::to_string(y) + "x" + std::to_string(z);
}

} // namespace

void CheckElementAgainstVolume(const std::string& request, const std::array<int, 3>& radius,
                               const std::array<std::size_t, 3>& volume, const std::string& optIn) {
  static const char* const kAxes[] = {"x", "y", "z"};
  for (int i = 0; i < 3; ++i) {
    const double extent = 2.0 * radius[i] + 1.0;
    if (extent <= 2.0 * static_cast<double>(volume[i])) continue;
    throw InvalidArgument(request + ": the element (radius " +
                          Triple(radius[0], radius[1], radius[2]) + " voxels, extent " +
                          Triple(2LL * radius[0] + 1, 2LL * radius[1] + 1, 2LL * radius[2] + 1) +
                          ") is more than twice the " + Triple(volume[0], volume[1], volume[2]) +
                          " volume along " + kAxes[i] + " (" + std::to_string(volume[i]) +
                          " voxels); it would reach past the whole "
                          "volume from every voxel and take minutes. Give a smaller radius" +
                          (optIn.empty() ? std::string() : ", or " + optIn + " to run it anyway"));
  }
}

std::optional<std::string> CpuElementWorkNote(const std::string& stage,
                                              const std::array<int, 3>& radius, std::size_t chords,
                                              const std::array<std::size_t, 3>& volume,
                                              int passes) {
  const double voxels = static_cast<double>(volume[0]) * volume[1] * volume[2];
  const double work = voxels * static_cast<double>(chords) * passes;
  const int threads = std::max(1, omp_get_max_threads());
  const double seconds = work / (kRowStepsPerThreadSecond * threads);
  if (seconds < kNotableSeconds) return std::nullopt;
  char text[400];
  std::snprintf(text, sizeof text,
                "%s: the element of radius %dx%dx%d voxels has %zu rows; %d pass%s over %.3g "
                "voxels are about %.2g row steps, roughly %.0f s on %d CPU thread%s "
                "(progress follows)",
                stage.c_str(), radius[0], radius[1], radius[2], chords, passes,
                passes == 1 ? "" : "es", voxels, work, seconds, threads, threads == 1 ? "" : "s");
  return std::string(text);
}

} // namespace cumed::morphology
