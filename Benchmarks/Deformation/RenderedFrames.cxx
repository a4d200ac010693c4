#include "RenderedFrames.h"

#include "cumed/benchmark/Table.h"
#include "cumed/core/Device.h"
#include "cumed/core/Error.h"
#include "cumed/core/Timer.h"
#include "cumed/core/Transfer.h"
#include "cumed/deformation/MeshDeformation.h"
#include "cumed/deformation/SampleMeshes.h"
#include "cumed/rendering/SurfaceFrameRenderer.h"
#include "cumed/vtk/DeviceMeshData.h"
#include "cumed/vtk/VtkMeshBridge.h"

#include <vtkNew.h>
#include <vtkPolyData.h>

#include <cmath>
#include <cstdio>
#include <memory>

namespace cumed::deformbenchmark {
namespace {

using namespace cumed::deformation;
namespace bench = cumed::benchmark;

enum class Path { Interop, HostRoundTrip, Cpu };

struct PathResult {
  double framesPerSecond = -1;
  double medianBufferMs = -1;
  double medianRenderCallMs = -1, medianMapMs = -1, medianUnmapMs = -1; ///< of every frame
  double bytesDownPerFrame = -1;
  std::string mapper; ///< the mapper's backend of the last frame
};

/// Draws the first frame twice (shaders, buffers), then times `frames` deformed and drawn frames
/// back to back, waiting for the GPU once at the end.
PathResult TimePath(const SurfaceMesh& mesh, const Lattice& lattice, Path path, int frames,
                    int width, int height, int multiSamples, int threads) {
  DeformationOptions options;
  options.backend = path == Path::Cpu ? Backend::CPU : Backend::CUDA;
  options.threads = threads;
  MeshDeformation deformation(mesh, lattice, options);
  auto controlPoints = [&](int f) {
    return samples::TwistedControlPoints(lattice, 0.3 * std::sin(0.1 * f));
  };
  vtkNew<vtkPolyData> surface;
  SurfaceMesh hostFrame;
  const auto deviceFrame = std::make_shared<DeviceSurfaceMesh>();
  // The frame's mesh into `surface`: host arrays, or the device mesh it carries, in place.
  auto deform = [&](const std::vector<double>& frame) {
    if (path == Path::Cpu) {
      deformation.deform(frame, hostFrame);
      ToVtkPolyData(hostFrame, surface);
    } else {
      deformation.deform(frame, *deviceFrame);
      surface->Modified();
    }
  };
  deform(controlPoints(0));
  if (path != Path::Cpu) SetDeviceMesh(surface, deviceFrame);
  rendering::SnapshotOptions window;
  window.width = width;
  window.height = height;
  window.multiSamples = multiSamples;
  rendering::SurfaceFrameRenderer renderer(surface, window, path == Path::HostRoundTrip);
  renderer.Draw();
  deform(controlPoints(1));
  renderer.Draw();

  std::vector<std::vector<double>> points;
  for (int f = 0; f < frames; ++f) points.push_back(controlPoints(f + 2));
  std::vector<double> bufferMs, renderCallMs, mapMs, unmapMs;
  const TransferStats before = GetTransferStats();
  const Stopwatch watch;
  for (int f = 0; f < frames; ++f) {
    deform(points[f]);
    const rendering::FrameDrawTimes times = renderer.Draw(false);
    bufferMs.push_back(times.bufferMs);
    renderCallMs.push_back(times.renderCallMs);
    mapMs.push_back(times.mapMs);
    unmapMs.push_back(times.unmapMs);
  }
  renderer.Finish();
  PathResult r;
  r.framesPerSecond = frames / watch.elapsedSeconds();
  r.medianBufferMs = bench::Median(bufferMs);
  r.medianRenderCallMs = bench::Median(renderCallMs);
  r.medianMapMs = bench::Median(mapMs);
  r.medianUnmapMs = bench::Median(unmapMs);
  r.bytesDownPerFrame =
      double(GetTransferStats().deviceToHostBytes - before.deviceToHostBytes) / frames;
  r.mapper = renderer.MeshUpload();
  return r;
}

std::string Number(double value, const char* format) {
  if (value < 0) return "-";
  char text[32];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

} // namespace

void PrintRenderedFrames(const std::vector<RenderedMesh>& meshes, int frames, int width, int height,
                         int multiSamples, int threads, std::ostream& out) {
  out << "\n## Deformed and rendered, offscreen " << width << "x" << height << ", "
      << (multiSamples < 0 ? std::string("VTK's default multisampling")
                           : std::to_string(multiSamples) + " samples a pixel")
      << ", no read-back (lattice 3x3x3)\n\n";
  if (meshes.empty()) {
    out << "Skipped: no mesh.\n";
    return;
  }
  const bool cuda = CudaUsable();
  std::string context;
  try {
    vtkNew<vtkPolyData> probe;
    ToVtkPolyData(samples::BumpySphere(8, 8, 0.1, 3), probe);
    rendering::SurfaceFrameRenderer renderer(probe, {}, false);
    renderer.Draw();
    context = renderer.Describe();
  } catch (const std::exception& e) {
    out << "Skipped: no OpenGL context (" << e.what() << ").\n";
    return;
  }
  out << "On " << context << "; " << frames
      << " frames per CUDA path (CPU: a tenth, at least 5), each deformed (with normals) and drawn "
         "back to back, the GPU "
         "waited for once at the end. interop (GPU2): CUDA frames on the device, the VBOs "
         "filled from them through CUDA-OpenGL interop; host round trip (GPU1): the same CUDA "
         "frames downloaded and uploaded by VTK every frame (ForceHostUpload); CPU: frames "
         "deformed on the CPU and uploaded by VTK.\n\n"
      << "Medians per frame: Render() on the host (the buffer fill included), the buffer fill, "
         "and of the fill the interop map (cudaGraphicsMapResources) and unmap (with the wait "
         "for the copies, which CUDA starts only after the OpenGL work issued before the map: "
         "the previous frame's drawing).\n\n"
      << "| mesh | triangles | path | mapper | frames/s | ms/frame | buffer fill ms (median) | "
         "bytes down/frame | Render() host ms | map ms | unmap ms |\n"
         "|---|---|---|---|---|---|---|---|---|---|---|\n";
  for (const RenderedMesh& m : meshes) {
    const Lattice lattice = LatticeAroundBounds(MeshBounds(*m.mesh), {3, 3, 3});
    PathResult results[3];
    const char* names[3] = {"interop (GPU2)", "host round trip (GPU1)", "CPU, host upload"};
    for (int p = 0; p < 3; ++p) {
      if (p < 2 && !cuda) continue;
      results[p] = TimePath(*m.mesh, lattice, static_cast<Path>(p),
                            p == 2 ? std::max(5, frames / 10) : frames, width, height, multiSamples,
                            threads);
      out << "| " << m.name << " | " << m.mesh->numberOfTriangles() << " | " << names[p] << " | "
          << results[p].mapper << " | " << Number(results[p].framesPerSecond, "%.1f") << " | "
          << Number(results[p].framesPerSecond > 0 ? 1e3 / results[p].framesPerSecond : -1, "%.3f")
          << " | " << Number(results[p].medianBufferMs, "%.3f") << " | "
          << Number(results[p].bytesDownPerFrame, "%.0f") << " | "
          << Number(results[p].medianRenderCallMs, "%.3f") << " | "
          << Number(results[p].medianMapMs, "%.3f") << " | "
          << Number(results[p].medianUnmapMs, "%.3f") << " |\n"
          << std::flush;
    }
    if (cuda) {
      const double speedUp = results[0].framesPerSecond / results[1].framesPerSecond;
      out << "\n"
          << m.name << ": interop " << Number(results[0].framesPerSecond, "%.0f") << " frames/s, "
          << Number(speedUp, "%.2f")
          << "x the host round trip (issue 12's target for Igea: >= 2000 frames/s and >= 3x)\n\n";
    }
  }
  if (!cuda) out << "\nCUDA not usable: the CPU path only.\n";
}

} // namespace cumed::deformbenchmark
