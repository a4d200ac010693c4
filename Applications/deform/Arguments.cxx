#include "Arguments.h"

#include "FramePattern.h"

#include "cumed/app/BackendOption.h"
#include "cumed/app/Options.h"
#include "cumed/app/UsageError.h"

#include <cmath>
#include <set>
#include <sstream>
#include <utility>

namespace cumed::deformapp {
namespace {

int WholeNumber(const std::string& option, const std::string& text, int minimum, int maximum) {
  const double value = app::ParseFiniteNumber(option, text);
  if (value != std::floor(value) || value < minimum || value > maximum)
    throw app::UsageError(option + ": '" + text + "' is not a whole number in " +
                          std::to_string(minimum) + ".." + std::to_string(maximum));
  return static_cast<int>(value);
}

/// "3" (3x3x3) or "4x3x5".
std::array<int, 3> LatticeSize(const std::string& option, const std::string& text) {
  std::array<int, 3> size{};
  std::stringstream parts(text);
  std::string part;
  int count = 0;
  while (std::getline(parts, part, 'x')) {
    if (count == 3) throw app::UsageError(option + ": '" + text + "' is not N or LxMxN");
    // 1 is refused by the library with its degree-0 message; the range here keeps numbers sane.
    size[count++] = WholeNumber(option, part, 0, 1000);
  }
  if (count == 1)
    size[1] = size[2] = size[0];
  else if (count != 3)
    throw app::UsageError(option + ": '" + text + "' is not N or LxMxN");
  return size;
}

/// "WxH", each 16..16384.
std::array<int, 2> WindowSize(const std::string& option, const std::string& text) {
  const std::size_t x = text.find('x');
  if (x == std::string::npos || x == 0 || x + 1 == text.size() ||
      text.find_first_not_of("0123456789x") != std::string::npos ||
      text.find('x', x + 1) != std::string::npos)
    throw app::UsageError(option + ": '" + text + "' is not WxH (e.g. 1024x768)");
  return {WholeNumber(option + " width", text.substr(0, x), 16, 16384),
          WholeNumber(option + " height", text.substr(x + 1), 16, 16384)};
}

} // namespace

Arguments ParseArguments(int argc, const char* const* argv) {
  Arguments arguments;
  static const std::set<std::string> flags = {
      "--help", "-h", "--force", "--host-output", "--render", "--no-interop", "--breakdown"};
  static const std::set<std::string> values = {
      "--lattice",   "--margin", "--animation", "--amplitude",
      "--keyframes", "--frames", "--backend",   "--threads-per-block",
      "--output",    "--iso",    "--png",       "--png-every",
      "--size",      "--msaa"};
  bool animationGiven = false, pngEveryGiven = false, sizeGiven = false, msaaGiven = false;
  app::OptionHandlers handlers;
  handlers.isFlag = [](const std::string& name) {
    return flags.count(name) > 0 || app::IsToolFlag(name);
  };
  handlers.takesValue = [](const std::string& name) {
    return values.count(name) > 0 || app::IsToolValueOption(name);
  };
  handlers.onFlag = [&](const std::string& name) {
    if (name == "--help" || name == "-h")
      arguments.help = true;
    else if (name == "--force")
      arguments.force = true;
    else if (name == "--host-output")
      arguments.hostOutput = true;
    else if (name == "--render")
      arguments.render = true;
    else if (name == "--no-interop")
      arguments.noInterop = true;
    else if (name == "--breakdown")
      arguments.breakdown = true;
    else
      app::ApplyToolFlag(name, arguments.tool);
  };
  handlers.onValue = [&](const app::OptionArgument& option, const std::string& value, int&) {
    const std::string& name = option.name;
    if (name == "--lattice")
      arguments.lattice = LatticeSize(name, value);
    else if (name == "--margin")
      arguments.margin = app::ParseFiniteNumber(name, value);
    else if (name == "--animation") {
      if (value != "twist" && value != "bend" && value != "squash" && value != "breathe")
        throw app::UsageError("--animation: '" + value +
                              "' is not one of twist, bend, squash, breathe");
      arguments.animation = value;
      animationGiven = true;
    } else if (name == "--amplitude")
      arguments.amplitude = app::ParseFiniteNumber(name, value);
    else if (name == "--keyframes")
      arguments.keyframes = value;
    else if (name == "--frames")
      arguments.frames = WholeNumber(name, value, 1, 1000000);
    else if (name == "--backend")
      arguments.backend = app::ParseBackendOption(name, value);
    else if (name == "--threads-per-block")
      arguments.threadsPerBlock = WholeNumber(name, value, 0, 1024);
    else if (name == "--output")
      arguments.output = value;
    else if (name == "--iso")
      arguments.iso = app::ParseFiniteNumber(name, value);
    else if (name == "--png") {
      CheckFramePattern(value);
      arguments.png = value;
    } else if (name == "--png-every") {
      arguments.pngEvery = WholeNumber(name, value, 1, 1000000);
      pngEveryGiven = true;
    } else if (name == "--size") {
      arguments.size = WindowSize(name, value);
      sizeGiven = true;
    } else if (name == "--msaa") {
      arguments.multiSamples = WholeNumber(name, value, 0, 16);
      msaaGiven = true;
    } else
      app::ApplyToolValue(name, value, arguments.tool);
  };
  const std::vector<std::string> positional = app::ParseCommandLine(argc, argv, handlers);
  if (arguments.help || arguments.tool.version) return arguments;
  if (positional.size() != 1)
    throw app::UsageError(
        "expected one mesh file (.ply, .obj, .stl or .vtp) or CT directory, got " +
        std::to_string(positional.size()) + " arguments");
  arguments.input = positional[0];
  if (animationGiven && !arguments.keyframes.empty())
    throw app::UsageError("--animation and --keyframes exclude each other");
  if (arguments.margin < 0) throw app::UsageError("--margin: must be >= 0");
  if (pngEveryGiven && arguments.png.empty())
    throw app::UsageError("--png-every: no --png pattern to write the frames to");
  for (const auto& [given, option] :
       {std::pair{sizeGiven, "--size"}, std::pair{arguments.noInterop, "--no-interop"},
        std::pair{arguments.breakdown, "--breakdown"}, std::pair{msaaGiven, "--msaa"}})
    if (given && !arguments.Renders())
      throw app::UsageError(std::string(option) +
                            ": nothing is rendered; add --render or --png PATTERN");
  return arguments;
}

std::string HelpText() {
  return std::string(R"(Usage: cumed-deform MESH|CT_DIR [options]
Free-form deformation (Sederberg-Parry, Bernstein polynomials) of a triangle mesh, frame after
frame, with vertex normals recomputed every frame; times the frames. MESH: .ply (faces or
triangle strips), .obj, .stl or .vtp (polygons are split into triangles). CT_DIR: a DICOM CT
series, whose isosurface at --iso is deformed (with CUDA it stays on the device: the isosurface
module's device mesh is deformed in place).

  --lattice N|LxMxN        control points along each axis, >= 2 (default 3: 3x3x3, degree 2)
  --margin F               the lattice around the mesh's bounds, grown by F times their largest
                           extent on every side (default 0.05)
  --animation NAME         twist, bend, squash or breathe (default twist), one period over the
                           frames
  --amplitude A            scales the animation (default 1)
  --keyframes FILE.json    control-point displacements at given frames instead, linearly
                           interpolated between them:
                           {"keyframes": [{"frame": 0, "displacements": [[dx,dy,dz], ...]}, ...]}
                           one displacement per control point (i along x fastest, then y, z)
  --iso HU                 CT_DIR: the isosurface value in Hounsfield units (default 300)
  --frames N               frames to compute (default 100)
  --backend auto|cpu|cuda  where the deformation runs (default auto)
  --threads-per-block N    CUDA block size (default 0: the occupancy API's)
  --host-output            CUDA: bring every frame's points and normals back to the host (the
                           host round trip); default: they stay on the device
  --output FILE.vtp        write the last frame (points, triangles, normals)
  --force                  replace an existing --output file or PNG frames
Rendering (offscreen: an EGL device without DISPLAY, else X11, e.g. under xvfb-run):
  --render                 draw every frame and time it, writing no pictures
  --png PATTERN            draw every frame and write it as PNG, e.g. frames/f%04d.png (one %d
                           for the frame number; missing directories are created)
  --png-every K            with --png: write frames 0, K, 2K, ... only (all are drawn)
  --size WxH               the window (default 1024x768; each 16..16384)
  --no-interop             draw a CUDA device mesh through a host copy each frame (the host
                           round trip, "GPU1"); default: CUDA fills VBOs through interop ("GPU2")
  --msaa N                 samples per pixel, 0..16 (0 or 1: no multisampling; default: VTK's,
                           8 where the driver offers them)
  --breakdown              wait for the GPU after every frame and time that wait apart
                           (gpu_wait_ms); default: frames are queued back to back and the GPU
                           is waited for once, after the last
)") + app::ToolOptionsHelp() +
         R"(
Summary (stdout): frames, milliseconds per frame (median, mean), frames per second, the backend,
the lattice and the points outside it. With rendering also: the render path, how the mesh
reached OpenGL (render_mesh=interop|host, and why host), the medians of the buffer fill, the
render and the whole frame (deformation + normals + buffers + render) and of its parts
(deform_ms, camera_ms, render_call_ms, fill_map_ms, fill_unmap_ms, gpu_wait_ms with
--breakdown), frames per second with rendering (frames / wall time, the GPU's last frame
included), and the device-to-host copies while drawing; --json adds every frame's times, and
--verbose prints a line per frame on stderr.
Exit status: 0 done, 1 an error (bad mesh, keyframes, CUDA failure), 2 a bad command line.
)";
}

} // namespace cumed::deformapp
