#pragma once
// The command line of cumed-deform: what it accepts and how a mistake in it is reported
// (cumed::app::UsageError, exit status 2).
#include "cumed/app/DicomSeriesOptions.h"
#include "cumed/app/ToolOptions.h"
#include "cumed/core/Backend.h"

#include <array>
#include <string>

namespace cumed::deformapp {

inline constexpr char kProgramName[] = "cumed-deform";

struct Arguments {
  std::string input;                   ///< .ply, .obj, .stl or .vtp; or a DICOM CT directory
  double iso = 300;                    ///< a CT input's isosurface value (HU)
  app::DicomSeriesOptions dicomSeries; ///< --series SPEC, --list-series (CT directory)
  std::array<int, 3> lattice{3, 3, 3}; ///< control points along each axis
  double margin = 0.05;                ///< lattice around the mesh's bounds
  std::string animation = "twist";     ///< twist, bend, squash or breathe
  double amplitude = 1.0;              ///< scales the built-in animation
  std::string keyframes;               ///< a JSON file (replaces --animation)
  int frames = 100;
  cumed::Backend backend = cumed::Backend::Auto;
  int threadsPerBlock = 0; ///< 0: occupancy API
  bool hostOutput = false; ///< CUDA: download every frame (the host round trip)
  std::string output;      ///< the last frame as .vtp; empty: not written
  std::string png;         ///< frame file pattern (one %d); empty: no PNG
  int pngEvery = 1;        ///< with png: every K-th frame (0, K, 2K, ...)
  bool render = false;     ///< render the frames (implied by png)
  bool noInterop = false;  ///< CUDA: draw through a host copy (the mapper's ForceHostUpload)
  bool breakdown = false;  ///< wait for the GPU after every frame, timed apart (glFinish)
  std::array<int, 2> size{1024, 768}; ///< the offscreen window, pixels
  int multiSamples = -1;              ///< samples per pixel; -1: VTK's default (8)
  bool force = false;
  bool help = false;
  app::ToolOptions tool;

  bool Renders() const { return render || !png.empty(); }
};

/// Parses argv by the program's option table (Arguments.cxx; cumed/app/CommandLine.h); throws
/// app::UsageError naming the option and the problem.
Arguments ParseArguments(int argc, const char* const* argv);

/// The --help text, made from the option table.
std::string HelpText();

} // namespace cumed::deformapp
