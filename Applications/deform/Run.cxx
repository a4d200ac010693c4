#include "Run.h"

#include "cumed/app/BackendOption.h"
#include "cumed/app/Json.h"
#include "cumed/app/Messages.h"
#include "cumed/app/StageProgress.h"
#include "cumed/app/UsageError.h"
#include "cumed/core/NumberRules.h"
#include "cumed/core/Timer.h"
#include "cumed/deformation/Animation.h"
#include "cumed/deformation/KeyframeFile.h"
#include "cumed/deformation/MeshDeformation.h"
#include "cumed/io/DicomSeriesReader.h"
#include "cumed/itk/ItkImageBridge.h"
#include "cumed/meshio/MeshReader.h"
#include "cumed/meshio/VtpWriter.h"
#include "cumed/output/SafeOutput.h"
#include "cumed/surface/Isosurface.h"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <numeric>
#include <vector>

namespace cumed::deformapp {
namespace {

/// The mesh to deform: a mesh file, or a CT series' isosurface (on the device for a CUDA run
/// whose frames stay there).
struct InputMesh {
  SurfaceMesh host;
  std::shared_ptr<const DeviceSurfaceMesh> device;
};

InputMesh ReadInput(const Arguments& arguments, Backend backend, RunSummary& summary) {
  InputMesh input;
  app::StageProgress reading(kProgramName, "reading " + arguments.input);
  if (!std::filesystem::is_directory(arguments.input)) {
    input.host = meshio::ReadSurfaceMesh(arguments.input);
    reading.Finish();
    return input;
  }
  io::DicomReadOptions readOptions;
  readOptions.series = arguments.dicomSeries.series;
  const io::CtSeries ct = io::ReadDicomCtSeries(arguments.input, readOptions);
  surface::IsosurfaceOptions options;
  options.values = {arguments.iso};
  options.backend = backend;
  options.keepOnDevice = backend == Backend::CUDA && !arguments.hostOutput;
  surface::IsosurfaceResult result = surface::ExtractIsosurface(HostView(*ct.image), options);
  summary.fromCt = true;
  summary.isosurfaceMs = 1000.0 * reading.Finish();
  const std::int64_t triangles =
      result.deviceMesh ? result.deviceMesh->numberOfTriangles : result.mesh.numberOfTriangles();
  if (triangles == 0) {
    char iso[32];
    std::snprintf(iso, sizeof iso, "%g", arguments.iso);
    throw Error("the isosurface of " + arguments.input + " at --iso " + iso +
                " HU is empty (try another --iso)");
  }
  if (result.deviceMesh) {
    input.device = std::make_shared<const DeviceSurfaceMesh>(std::move(*result.deviceMesh));
    summary.meshOnDevice = true;
  } else {
    input.host = std::move(result.mesh);
  }
  return input;
}

rendering::FrameSequenceOptions FrameSequenceFor(const Arguments& arguments) {
  rendering::FrameSequenceOptions options;
  options.width = arguments.size[0];
  options.height = arguments.size[1];
  options.multiSamples = arguments.multiSamples;
  options.forceHostUpload = arguments.noInterop;
  options.waitEveryFrame = arguments.breakdown;
  options.pngPattern = arguments.png;
  options.pngEvery = arguments.pngEvery;
  options.frames = arguments.frames;
  options.replace = arguments.force;
  options.outputLabel = "--png";
  return options;
}

/// "3x3x3", "1024x768".
template <std::size_t N> std::string Dimensions(const std::array<int, N>& sizes) {
  std::string text;
  for (const int size : sizes) text += (text.empty() ? "" : "x") + std::to_string(size);
  return text;
}

/// The lattice the options ask for around the mesh; the library's refusal ("FFD lattice: ...")
/// is given back naming the options that made it.
deformation::Lattice LatticeFromOptions(const Arguments& arguments,
                                        const std::array<double, 6>& bounds) {
  try {
    deformation::Lattice lattice =
        deformation::LatticeAroundBounds(bounds, arguments.lattice, arguments.margin);
    deformation::ValidateLattice(lattice);
    return lattice;
  } catch (const InvalidArgument& e) {
    throw InvalidArgument("--lattice " + Dimensions(arguments.lattice) + " --margin " +
                          numbers::FormatNumber(arguments.margin) + ": " + e.what());
  }
}

/// --verbose: a line per frame on stderr.
void PrintFrame(int frame, double deformMs, const rendering::FrameDrawTimes& t,
                const std::string& meshUpload) {
  char line[200];
  const double total = deformMs + t.totalMs;
  std::snprintf(line, sizeof line,
                "frame %d: deformation+normals %.3f ms, buffers %.3f ms, render %.3f ms "
                "(camera %.3f, Render() %.3f, GPU wait %.3f), %.1f fps (%s)",
                frame, deformMs, t.bufferMs, t.renderMs, t.cameraMs, t.renderCallMs, t.gpuWaitMs,
                total > 0 ? 1000 / total : 0.0, meshUpload.c_str());
  app::Debug(kProgramName, line);
}

} // namespace

RunSummary RunDeformation(const Arguments& arguments) {
  namespace ffd = cumed::deformation;
  output::ProtectedInputs inputs;
  (std::filesystem::is_directory(arguments.input) ? inputs.directories : inputs.files)
      .push_back(arguments.input);
  if (!arguments.keyframes.empty()) inputs.files.push_back(arguments.keyframes);
  if (!arguments.output.empty()) {
    if (std::filesystem::path(arguments.output).extension() != ".vtp")
      throw app::UsageError("--output '" + arguments.output + "': only .vtp is written");
    output::CheckReplaceable("--output", arguments.output, arguments.force, inputs);
  }
  const Backend backend = app::ResolveRequestedBackend(arguments.backend);
  if (arguments.hostOutput && backend != Backend::CUDA)
    throw app::UsageError("--host-output is for the CUDA backend; " +
                          std::string(ToString(backend)) + " runs on the host anyway");
  if (arguments.noInterop && (backend != Backend::CUDA || arguments.hostOutput))
    throw app::UsageError(std::string("--no-interop is for CUDA frames kept on the device; ") +
                          (arguments.hostOutput
                               ? "with --host-output"
                               : "the " + std::string(ToString(backend)) + " backend's") +
                          " frames are drawn from the host anyway");
  std::unique_ptr<rendering::FrameSequenceRenderer> rendering;
  if (arguments.Renders())
    rendering =
        std::make_unique<rendering::FrameSequenceRenderer>(FrameSequenceFor(arguments), inputs);

  RunSummary summary;
  const InputMesh input = ReadInput(arguments, backend, summary);
  const ffd::Lattice lattice = LatticeFromOptions(
      arguments, input.device ? ffd::MeshBounds(*input.device) : ffd::MeshBounds(input.host));
  const ffd::Animation animation =
      arguments.keyframes.empty() ? ffd::Animation::BuiltIn(arguments.animation, lattice,
                                                            arguments.amplitude, arguments.frames)
                                  : ffd::ReadKeyframeAnimation(arguments.keyframes, lattice);
  // The control points are computed frame by frame (not kept for all frames: --frames 1000000
  // with --lattice 12 would need 41 GB), outside the timed deformation.

  ffd::DeformationOptions options;
  options.backend = backend;
  options.threads = arguments.tool.threads;
  options.threadsPerBlock = arguments.threadsPerBlock;
  Stopwatch watch;
  ffd::MeshDeformation deformation = input.device
                                         ? ffd::MeshDeformation(input.device, lattice, options)
                                         : ffd::MeshDeformation(input.host, lattice, options);
  summary.prepareMs = watch.elapsedMilliseconds();

  SurfaceMesh hostFrame;
  // Shared with the rendering, which draws it in place every frame.
  const auto deviceFrame = std::make_shared<DeviceSurfaceMesh>();
  const bool onDevice = backend == Backend::CUDA && !arguments.hostOutput;
  std::vector<double> ms;
  // Deformation and drawing of every frame, as one stage.
  app::StageProgress framesProgress(kProgramName, "frames");
  for (int f = 0; f < arguments.frames; ++f) {
    const std::vector<double> controlPoints = animation.ControlPoints(f);
    watch.restart();
    if (onDevice)
      deformation.deform(controlPoints, *deviceFrame);
    else
      deformation.deform(controlPoints, hostFrame);
    ms.push_back(watch.elapsedMilliseconds());
    if (rendering) {
      const rendering::FrameDrawTimes drawn =
          onDevice ? rendering->Draw(f, deviceFrame) : rendering->Draw(f, hostFrame);
      if (arguments.tool.verbose) PrintFrame(f, ms.back(), drawn, rendering->MeshUpload());
    }
    framesProgress.Report(double(f + 1) / arguments.frames);
  }
  if (rendering) rendering->Finish();
  framesProgress.Finish();
  if (!arguments.output.empty()) {
    app::StageProgress writing(kProgramName, "writing " + arguments.output);
    const SurfaceMesh last = onDevice ? deviceFrame->toHost() : std::move(hostFrame);
    output::StagedFiles staged(arguments.force);
    const std::filesystem::path file = staged.Stage(output::OutputName(arguments.output));
    meshio::WriteVtp(last, file);
    staged.Commit();
    writing.Finish();
  }
  if (rendering) {
    rendering->Commit();
    summary.render = rendering->Report(ms);
  }

  summary.arguments = arguments;
  summary.points = deformation.numberOfPoints();
  summary.triangles = deformation.numberOfTriangles();
  summary.pointsOutside = deformation.pointsOutside();
  summary.backend = ToString(deformation.backend());
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
  const Arguments& a = s.arguments;
  char text[512];
  std::snprintf(text, sizeof text,
                "points=%lld triangles=%lld lattice=%s outside=%lld backend=%s%s frames=%d "
                "prepare_ms=%.3f frame_ms_median=%.4f frame_ms_mean=%.4f fps=%.1f block=%d,%d",
                static_cast<long long>(s.points), static_cast<long long>(s.triangles),
                Dimensions(a.lattice).c_str(), static_cast<long long>(s.pointsOutside),
                s.backend.c_str(), a.hostOutput ? " host_output=1" : "", a.frames, s.prepareMs,
                s.medianFrameMs, s.meanFrameMs, s.framesPerSecond, s.deformThreadsPerBlock,
                s.normalsThreadsPerBlock);
  std::string line = text;
  if (s.fromCt) {
    std::snprintf(text, sizeof text, " isosurface_ms=%.1f mesh_on_device=%d", s.isosurfaceMs,
                  s.meshOnDevice ? 1 : 0);
    line += text;
  }
  if (!a.output.empty()) line += " output=" + a.output;
  if (!s.render.path.empty()) {
    std::snprintf(text, sizeof text,
                  " size=%s render_mesh=%s buffer_ms_median=%.4f render_ms_median=%.4f "
                  "frame_total_ms_median=%.4f render_fps=%.1f render_mesh_host_copies=%d "
                  "render_copies_down=%llu render_bytes_down=%llu pngs=%d",
                  Dimensions(a.size).c_str(), s.render.mesh.c_str(), s.render.bufferMs,
                  s.render.renderMs, s.render.totalMs, s.render.framesPerSecond,
                  s.render.meshHostCopies, static_cast<unsigned long long>(s.render.copiesDown),
                  static_cast<unsigned long long>(s.render.bytesDown), s.render.pngs);
    line += text;
    std::snprintf(text, sizeof text,
                  " breakdown=%d deform_ms_median=%.4f camera_ms_median=%.4f "
                  "render_call_ms_median=%.4f fill_map_ms_median=%.4f fill_unmap_ms_median=%.4f",
                  a.breakdown ? 1 : 0, s.render.deformMs, s.render.cameraMs, s.render.renderCallMs,
                  s.render.mapMs, s.render.unmapMs);
    line += text;
    if (a.breakdown) {
      std::snprintf(text, sizeof text, " gpu_wait_ms_median=%.4f", s.render.gpuWaitMs);
      line += text;
    }
    if (!s.render.fallback.empty()) line += " render_fallback=\"" + s.render.fallback + "\"";
    line += " render=\"" + s.render.path + "\"";
  }
  return line;
}

std::string FormatSummaryJson(const RunSummary& s) {
  const Arguments& a = s.arguments;
  app::JsonObject json;
  json.Add("program", kProgramName)
      .Add("input", a.input)
      .Add("from_ct", s.fromCt)
      .Add("isosurface_ms", s.isosurfaceMs)
      .Add("mesh_on_device", s.meshOnDevice)
      .Add("points", s.points)
      .Add("triangles", s.triangles)
      .Add("lattice", Dimensions(a.lattice))
      .Add("points_outside", s.pointsOutside)
      .Add("animation", a.keyframes.empty() ? a.animation : a.keyframes)
      .Add("backend", s.backend)
      .Add("host_output", a.hostOutput)
      .Add("frames", a.frames)
      .Add("prepare_ms", s.prepareMs)
      .Add("frame_ms_median", s.medianFrameMs)
      .Add("frame_ms_mean", s.meanFrameMs)
      .Add("fps", s.framesPerSecond)
      .Add("deform_threads_per_block", s.deformThreadsPerBlock)
      .Add("normals_threads_per_block", s.normalsThreadsPerBlock)
      .AddPathOrNull("output", a.output);
  if (s.render.path.empty()) {
    json.AddNull("render");
  } else {
    app::JsonObject render;
    const rendering::FrameSequenceReport& r = s.render;
    render.Add("path", r.path)
        .Add("size", Dimensions(a.size))
        .Add("mesh", r.mesh)
        .Add("fallback", r.fallback)
        .Add("buffer_ms_median", r.bufferMs)
        .Add("render_ms_median", r.renderMs)
        .Add("frame_total_ms_median", r.totalMs)
        .Add("fps", r.framesPerSecond)
        .Add("mesh_host_copies", r.meshHostCopies)
        .Add("copies_down", r.copiesDown)
        .Add("bytes_down", r.bytesDown)
        .AddPathOrNull("png", a.png)
        .Add("pngs", r.pngs)
        .Add("deform_ms", r.deformMsPerFrame)
        .Add("buffer_ms", r.bufferMsPerFrame)
        .Add("render_ms", r.renderMsPerFrame)
        .Add("breakdown", a.breakdown)
        .Add("deform_ms_median", r.deformMs)
        .Add("camera_ms_median", r.cameraMs)
        .Add("render_call_ms_median", r.renderCallMs)
        .Add("fill_map_ms_median", r.mapMs)
        .Add("fill_unmap_ms_median", r.unmapMs)
        .Add("render_call_ms", r.renderCallMsPerFrame)
        .Add("gpu_wait_ms", r.gpuWaitMsPerFrame);
    // Measured only with --breakdown.
    if (a.breakdown)
      render.Add("gpu_wait_ms_median", r.gpuWaitMs);
    else
      render.AddNull("gpu_wait_ms_median");
    json.Add("render", render);
  }
  return json.Text();
}

} // namespace cumed::deformapp
