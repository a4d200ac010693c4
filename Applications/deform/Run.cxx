#include "Run.h"

#include "Animation.h"
#include "cumed/app/BackendOption.h"
#include "cumed/app/Json.h"
#include "cumed/app/SafeOutput.h"
#include "cumed/app/UsageError.h"
#include "cumed/deformation/MeshDeformation.h"
#include "cumed/meshio/MeshReader.h"
#include "cumed/meshio/VtpWriter.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <numeric>
#include <vector>

namespace cumed::deformapp {
namespace {

double Milliseconds(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

} // namespace

RunSummary RunDeformation(const Arguments& arguments) {
  namespace ffd = cumed::deformation;
  if (!arguments.output.empty()) {
    if (std::filesystem::path(arguments.output).extension() != ".vtp")
      throw app::UsageError("--output '" + arguments.output + "': only .vtp is written");
    app::ProtectedInputs inputs;
    inputs.files.push_back(arguments.input);
    if (!arguments.keyframes.empty()) inputs.files.push_back(arguments.keyframes);
    app::CheckReplaceable("--output", arguments.output, arguments.force, inputs);
  }
  const Backend backend = app::ResolveRequestedBackend(arguments.backend);
  if (arguments.hostOutput && backend != Backend::CUDA)
    throw app::UsageError("--host-output is for the CUDA backend; " +
                          std::string(ToString(backend)) + " runs on the host anyway");

  const SurfaceMesh mesh = meshio::ReadSurfaceMesh(arguments.input);
  const ffd::Lattice lattice =
      ffd::LatticeAroundBounds(ffd::MeshBounds(mesh), arguments.lattice, arguments.margin);
  ffd::ValidateLattice(lattice);
  const Animation animation =
      arguments.keyframes.empty()
          ? Animation::BuiltIn(arguments.animation, lattice, arguments.amplitude, arguments.frames)
          : Animation::FromKeyframes(arguments.keyframes, lattice);
  std::vector<std::vector<double>> frames;
  for (int f = 0; f < arguments.frames; ++f) frames.push_back(animation.ControlPoints(f));

  ffd::DeformationOptions options;
  options.backend = backend;
  options.threads = arguments.tool.threads;
  options.threadsPerBlock = arguments.threadsPerBlock;
  auto start = std::chrono::steady_clock::now();
  ffd::MeshDeformation deformation(mesh, lattice, options);
  RunSummary summary;
  summary.prepareMs = Milliseconds(start);

  SurfaceMesh hostFrame;
  DeviceSurfaceMesh deviceFrame;
  const bool onDevice = backend == Backend::CUDA && !arguments.hostOutput;
  std::vector<double> ms;
  for (const std::vector<double>& points : frames) {
    start = std::chrono::steady_clock::now();
    if (onDevice)
      deformation.deform(points, deviceFrame);
    else
      deformation.deform(points, hostFrame);
    ms.push_back(Milliseconds(start));
  }
  if (!arguments.output.empty()) {
    const SurfaceMesh last = onDevice ? deviceFrame.toHost() : std::move(hostFrame);
    app::StagedFiles staged(arguments.force);
    const std::filesystem::path file = staged.Stage(app::OutputName(arguments.output));
    meshio::WriteVtp(last, file);
    staged.Commit();
    summary.output = arguments.output;
  }

  summary.input = arguments.input;
  summary.points = mesh.numberOfPoints();
  summary.triangles = mesh.numberOfTriangles();
  summary.pointsOutside = deformation.pointsOutside();
  summary.lattice = std::to_string(arguments.lattice[0]) + "x" +
                    std::to_string(arguments.lattice[1]) + "x" +
                    std::to_string(arguments.lattice[2]);
  summary.animation = arguments.keyframes.empty() ? arguments.animation : arguments.keyframes;
  summary.backend = ToString(deformation.backend());
  summary.hostOutput = arguments.hostOutput;
  summary.frames = arguments.frames;
  summary.deformThreadsPerBlock = deformation.launchConfiguration().deformThreadsPerBlock;
  summary.normalsThreadsPerBlock = deformation.launchConfiguration().normalsThreadsPerBlock;
  std::vector<double> sorted = ms;
  std::sort(sorted.begin(), sorted.end());
  summary.medianFrameMs = sorted[sorted.size() / 2];
  summary.meanFrameMs = std::accumulate(ms.begin(), ms.end(), 0.0) / ms.size();
  summary.framesPerSecond = summary.meanFrameMs > 0 ? 1000.0 / summary.meanFrameMs : 0;
  return summary;
}

std::string FormatSummary(const RunSummary& s) {
  char text[512];
  std::snprintf(text, sizeof text,
                "points=%lld triangles=%lld lattice=%s outside=%lld backend=%s%s frames=%d "
                "prepare_ms=%.3f frame_ms_median=%.4f frame_ms_mean=%.4f fps=%.1f block=%d,%d",
                static_cast<long long>(s.points), static_cast<long long>(s.triangles),
                s.lattice.c_str(), static_cast<long long>(s.pointsOutside), s.backend.c_str(),
                s.hostOutput ? " host_output=1" : "", s.frames, s.prepareMs, s.medianFrameMs,
                s.meanFrameMs, s.framesPerSecond, s.deformThreadsPerBlock,
                s.normalsThreadsPerBlock);
  std::string line = text;
  if (!s.output.empty()) line += " output=" + s.output;
  return line;
}

std::string FormatSummaryJson(const RunSummary& s) {
  app::JsonObject json;
  json.Add("input", s.input)
      .Add("points", s.points)
      .Add("triangles", s.triangles)
      .Add("lattice", s.lattice)
      .Add("points_outside", s.pointsOutside)
      .Add("animation", s.animation)
      .Add("backend", s.backend)
      .Add("host_output", s.hostOutput)
      .Add("frames", s.frames)
      .Add("prepare_ms", s.prepareMs)
      .Add("frame_ms_median", s.medianFrameMs)
      .Add("frame_ms_mean", s.meanFrameMs)
      .Add("fps", s.framesPerSecond)
      .Add("deform_threads_per_block", s.deformThreadsPerBlock)
      .Add("normals_threads_per_block", s.normalsThreadsPerBlock)
      .AddPathOrNull("output", s.output);
  return json.Text();
}

} // namespace cumed::deformapp
