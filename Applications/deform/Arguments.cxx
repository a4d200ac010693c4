#include "Arguments.h"

#include "cumed/app/CommandLine.h"
#include "cumed/app/Options.h"
#include "cumed/app/UsageError.h"
#include "cumed/core/Error.h"
#include "cumed/core/NumberRules.h"
#include "cumed/deformation/Animation.h"
#include "cumed/rendering/FramePattern.h"

#include <cmath>
#include <filesystem>
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

struct Given {
  bool animation = false, pngEvery = false, size = false, msaa = false;
};

// The option table: every option once, with its help and what it does with its value.
void DeclareOptions(app::CommandLine& cli, Arguments& a, Given& given) {
  cli.Usage(
      "MESH|CT_DIR [options]",
      R"(Free-form deformation (Sederberg-Parry, Bernstein polynomials) of a triangle mesh, frame after
frame, with vertex normals recomputed every frame; times the frames. MESH: .ply (faces or
triangle strips), .obj, .stl or .vtp (polygons are split into triangles). CT_DIR: a DICOM CT
series, whose isosurface at --iso is deformed (with CUDA it stays on the device: the isosurface
module's device mesh is deformed in place).
)");
  cli.NameWidth(25);
  cli.Value("--lattice", "N|LxMxN",
            "control points along each axis, >= 2 (default 3: 3x3x3, degree 2)",
            [&a](const std::string& v) { a.lattice = LatticeSize("--lattice", v); });
  cli.Number("--margin", "F",
             "the lattice around the mesh's bounds, grown by F times their largest\n"
             "extent on every side (default 0.05)",
             a.margin);
  cli.Value("--animation", "NAME",
            "twist, bend, squash or breathe (default twist), one period over the\nframes",
            [&a, &given](const std::string& value) {
              if (value != "twist" && value != "bend" && value != "squash" && value != "breathe")
                throw app::UsageError("--animation: '" + value +
                                      "' is not one of twist, bend, squash, breathe");
              a.animation = value;
              given.animation = true;
            });
  cli.Number("--amplitude", "A", "scales the animation (default 1)", a.amplitude);
  cli.Value("--keyframes", "FILE.json",
            "control-point displacements at given frames instead, linearly\n"
            "interpolated between them:\n"
            "{\"keyframes\": [{\"frame\": 0, \"displacements\": [[dx,dy,dz], ...]}, ...]}\n"
            "one displacement per control point (i along x fastest, then y, z)",
            [&a](const std::string& v) { a.keyframes = v; });
  app::AddDicomSeriesOptions(cli, a.dicomSeries);
  cli.Number("--iso", "HU", "CT_DIR: the isosurface value in Hounsfield units (default 300)",
             a.iso);
  cli.Value("--frames", "N", "frames to compute (default 100)",
            [&a](const std::string& v) { a.frames = WholeNumber("--frames", v, 1, 1000000); });
  cli.Backend(a.backend, "auto, cpu or cuda: where the deformation runs (default auto)");
  cli.Value("--threads-per-block", "N", "CUDA block size (default 0: the occupancy API's)",
            [&a](const std::string& v) {
              a.threadsPerBlock = WholeNumber("--threads-per-block", v, 0, 1024);
            });
  cli.Flag("--host-output",
           "CUDA: bring every frame's points and normals back to the host (the\n"
           "host round trip); default: they stay on the device",
           a.hostOutput);
  cli.Value("--output", "FILE.vtp", "write the last frame (points, triangles, normals)",
            [&a](const std::string& v) { a.output = v; });
  cli.Force(a.force, "replace an existing --output file or PNG frames");
  cli.Section("Rendering (offscreen: an EGL device without DISPLAY, else X11, e.g. under "
              "xvfb-run):");
  cli.Flag("--render", "draw every frame and time it, writing no pictures", a.render);
  cli.Value("--png", "PATTERN",
            "draw every frame and write it as PNG, e.g. frames/f%04d.png (one %d\n"
            "for the frame number; missing directories are created)",
            [&a](const std::string& value) {
              const std::string problem = rendering::FramePatternProblem(value);
              if (!problem.empty())
                throw app::UsageError("--png '" + value + "': " + problem +
                                      " (e.g. frames/f%04d.png: one %d for the frame number)");
              a.png = value;
            });
  cli.Value("--png-every", "K", "with --png: write frames 0, K, 2K, ... only (all are drawn)",
            [&a, &given](const std::string& v) {
              a.pngEvery = WholeNumber("--png-every", v, 1, 1000000);
              given.pngEvery = true;
            });
  cli.Value("--size", "WxH", "the window (default 1024x768; each 16..16384)",
            [&a, &given](const std::string& v) {
              a.size = WindowSize("--size", v);
              given.size = true;
            });
  cli.Flag("--no-interop",
           "draw a CUDA device mesh through a host copy each frame (the host\n"
           "round trip, \"GPU1\"); default: CUDA fills VBOs through interop (\"GPU2\")",
           a.noInterop);
  cli.Value("--msaa", "N",
            "samples per pixel, 0..16 (0 or 1: no multisampling; default: VTK's,\n"
            "8 where the driver offers them)",
            [&a, &given](const std::string& v) {
              a.multiSamples = WholeNumber("--msaa", v, 0, 16);
              given.msaa = true;
            });
  cli.Flag("--breakdown",
           "wait for the GPU after every frame and time that wait apart\n"
           "(gpu_wait_ms); default: frames are queued back to back and the GPU\n"
           "is waited for once, after the last",
           a.breakdown);
  cli.Epilogue(
      R"(Summary (stdout): frames, milliseconds per frame (median, mean), frames per second, the backend,
the lattice and the points outside it. With rendering also: the render path, how the mesh
reached OpenGL (render_mesh=interop|host, and why host), the medians of the buffer fill, the
render and the whole frame (deformation + normals + buffers + render) and of its parts
(deform_ms, camera_ms, render_call_ms, fill_map_ms, fill_unmap_ms, gpu_wait_ms with
--breakdown), frames per second with rendering (frames / wall time, the GPU's last frame
included), and the device-to-host copies while drawing; --json adds every frame's times, and
--verbose prints a line per frame on stderr.
Exit status: 0 done, 1 an error (bad mesh, keyframes, CUDA failure), 2 a bad command line.
)");
}

} // namespace

Arguments ParseArguments(int argc, const char* const* argv) {
  Arguments arguments;
  Given given;
  const auto table = app::ParseTable(kProgramName, argc, argv, arguments, given, DeclareOptions);
  if (!table) return arguments;
  const std::vector<std::string>& positional = *table;
  if (positional.size() != 1)
    throw app::UsageError(
        "expected one mesh file (.ply, .obj, .stl or .vtp) or CT directory, got " +
        std::to_string(positional.size()) + " arguments");
  arguments.input = positional[0];
  app::CheckSeriesApplies(arguments.dicomSeries, std::filesystem::is_directory(arguments.input),
                          arguments.input);
  if (given.animation && !arguments.keyframes.empty())
    throw app::UsageError("--animation and --keyframes exclude each other");
  if (arguments.margin < 0) throw app::UsageError("--margin: must be >= 0");
  try { // the library's range, spelled as the option
    deformation::CheckAmplitude(arguments.amplitude);
  } catch (const InvalidArgument& e) {
    throw app::UsageError(numbers::Respell(e.what(), {{"amplitude", "--amplitude"}}));
  }
  if (given.pngEvery && arguments.png.empty())
    throw app::UsageError("--png-every: no --png pattern to write the frames to");
  for (const auto& [set, option] :
       {std::pair{given.size, "--size"}, std::pair{arguments.noInterop, "--no-interop"},
        std::pair{arguments.breakdown, "--breakdown"}, std::pair{given.msaa, "--msaa"}})
    if (set && !arguments.Renders())
      throw app::UsageError(std::string(option) +
                            ": nothing is rendered; add --render or --png PATTERN");
  return arguments;
}

std::string HelpText() {
  return app::TableHelp<Arguments, Given>(kProgramName, DeclareOptions);
}

} // namespace cumed::deformapp
