#pragma once
// What cumed-piv reports on stdout when it is done: a key=value line, or one JSON object
// (--json).
#include <cstdint>
#include <string>

namespace cumed::pivapp {

struct RunSummary {
  std::uint64_t frames = 0, pairs = 0, fields = 0;
  int columns = 0, rows = 0;  ///< of each field
  std::uint64_t vectors = 0;  ///< over all fields
  std::uint64_t replaced = 0; ///< outliers replaced from their neighbours
  std::uint64_t invalid = 0;  ///< outliers left (no usable neighbour, or --replacement none)
  std::uint64_t masked = 0;
  bool ensemble = false;
  std::string backend, requestedBackend;
  double readSeconds = 0, computeSeconds = 0, writeSeconds = 0, totalSeconds = 0;
  std::string output, pathlines;
  /// --png: where the arrows were built (cpu|cuda), how they reached OpenGL (interop|host; the
  /// last picture's, or the first that fell back to the host), why, and the device meshes copied
  /// to the host for drawing (all pictures). Empty without --png.
  std::string pngArrows, renderMesh, renderFallback;
  int renderHostCopies = 0;
  /// --pathlines with --png: pathlines.png and where its ribbons were built (cpu|cuda); the
  /// render keys above cover it too.
  std::string pathlinePng, pngPathlines;
};

std::string FormatSummary(const RunSummary& summary);
std::string FormatSummaryJson(const RunSummary& summary);

} // namespace cumed::pivapp
