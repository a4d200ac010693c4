// cumed-render-benchmark: how fast the real CT's isosurface reaches the screen when it stays on
// the GPU. The volume is put on the device once; every contour keeps its mesh there
// (keepOnDevice); vtkCuMedDeviceMeshMapper draws it offscreen through CUDA-OpenGL interop
// ("interop") or, forced, through a host copy and VTK's own upload ("host"). Per path:
//   first frame   contour returned -> mesh drawn and glFinish: cold (a new mapper: shaders are
//                 compiled in that frame) and warm (a new mesh for a mapper that has drawn), and
//                 of each the buffers' build (GetLastBufferBuildSeconds)
//   static        frames/s of the same buffers, the camera turning (no refill)
//   refill        frames/s when every frame brings the mesh anew (input modified): interop
//                 copies device to device, host downloads and uploads it (GPU2 against GPU1)
// and the bytes each frame downloads (GetTransferStats). Interop also as the applications draw
// (PreparedSnapshot): a new window and mapper warmed on a tiny device mesh before the contour,
// then the real mesh's first frame after it (issue 12: within 20 ms), and the warm-up's time. No
// pixels are read back while timing. Then a per-frame breakdown (medians) of the static and refill
// frames: Render() on the host, of which the buffer fill and its interop map and unmap; with
// --breakdown also the frames drawn again with glFinish after each, its wait timed apart (what the
// GPU still had to do).
#include "cumed/benchmark/Table.h"
#include "cumed/core/Backend.h"
#include "cumed/core/Device.h"
#include "cumed/core/Error.h"
#include "cumed/core/Image.h"
#include "cumed/core/Timer.h"
#include "cumed/core/Transfer.h"
#include "cumed/io/DicomSeriesReader.h"
#include "cumed/itk/ItkImageBridge.h"
#include "cumed/rendering/OffscreenRenderWindow.h"
#include "cumed/rendering/PreparedSnapshot.h"
#include "cumed/rendering/vtkCuMedDeviceMeshMapper.h"
#include "cumed/surface/Isosurface.h"
#include "cumed/vtk/DeviceMeshData.h"

#include <vtkActor.h>
#include <vtkCamera.h>
#include <vtkNew.h>
#include <vtkPNGWriter.h>
#include <vtkPolyData.h>
#include <vtkProperty.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkWindowToImageFilter.h>
#include <vtk_glew.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace {

struct Settings {
  std::string ct;
  double iso = 300.0;
  int frames = 300;
  int width = 1024;
  int height = 768;
  std::string png;       ///< the last interop frame, when given
  int multiSamples = -1; ///< -1: VTK's default
  bool breakdown = false;
};

void Usage() {
  std::puts(
      "usage: cumed-render-benchmark --ct DIR [--iso HU] [--frames N] [--size WxH] [--png FILE]\n"
      "                              [--msaa N] [--breakdown]\n"
      "  --ct DIR      a CT DICOM series (the project's: ../shared/data/ct/popi-phase00)\n"
      "  --iso HU      isovalue (default 300: about 1 M triangles on popi-phase00)\n"
      "  --frames N    frames per frames/s measurement (default 300)\n"
      "  --size WxH    offscreen window (default 1024x768)\n"
      "  --png FILE    also write the interop path's last frame\n"
      "  --msaa N      samples per pixel, 0..16 (0: none; default: VTK's, 8)\n"
      "  --breakdown   also draw the static and refill frames with glFinish after each, and\n"
      "                report the median wait apart from Render()'s host time\n"
      "Needs a CUDA device; interop needs the OpenGL context on it (EGL device, DISPLAY unset).");
}

Settings Parse(int argc, char** argv) {
  Settings s;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) throw cumed::InvalidArgument(a + " needs a value");
      return argv[++i];
    };
    if (a == "--ct")
      s.ct = next();
    else if (a == "--iso")
      s.iso = std::stod(next());
    else if (a == "--frames")
      s.frames = std::stoi(next());
    else if (a == "--png")
      s.png = next();
    else if (a == "--msaa") {
      s.multiSamples = std::stoi(next());
      if (s.multiSamples < 0 || s.multiSamples > 16)
        throw cumed::InvalidArgument("--msaa " + std::to_string(s.multiSamples) +
                                     ": expected 0..16 samples per pixel");
    } else if (a == "--breakdown")
      s.breakdown = true;
    else if (a == "--size") {
      const std::string v = next();
      if (std::sscanf(v.c_str(), "%dx%d", &s.width, &s.height) != 2 || s.width < 16 ||
          s.height < 16) {
        throw cumed::InvalidArgument("--size '" + v + "': expected WxH, each at least 16");
      }
    } else if (a == "--help" || a == "-h") {
      Usage();
      std::exit(0);
    } else {
      throw cumed::InvalidArgument("unknown argument '" + a + "' (see --help)");
    }
  }
  if (s.ct.empty()) throw cumed::InvalidArgument("--ct DIR is required (see --help)");
  if (s.frames < 1) throw cumed::InvalidArgument("--frames must be at least 1");
  return s;
}

/// Medians over one loop of frames, in milliseconds; wait -1 when the loop did not wait.
struct LoopBreakdown {
  double renderCall = 0, buffer = 0, map = 0, unmap = 0, wait = -1;
};

struct PathResult {
  LoopBreakdown staticLoop, refillLoop, staticWaited, refillWaited;
  std::string backend, reason;
  double firstColdMs = 0, firstWarmMs = 0, staticFps = 0, refillFps = 0;
  double coldBuildMs = 0, warmBuildMs = 0; ///< of which the buffers' build (mapper's own timing)
  double staticDownBytesPerFrame = 0, refillDownBytesPerFrame = 0;
};

class Scene {
public:
  explicit Scene(const Settings& s) : settings_(s) {
    window_ = cumed::rendering::OffscreenRenderWindow::Create(s.width, s.height);
    if (s.multiSamples >= 0) window_->GetRenderWindow()->SetMultiSamples(s.multiSamples);
    renderer_->SetBackground(0.08, 0.09, 0.12);
    window_->GetRenderWindow()->AddRenderer(renderer_);
    Finish(); // the context exists and has drawn before anything is timed
  }
  ~Scene() { window_->GetRenderWindow()->RemoveRenderer(renderer_); }

  void Finish() {
    window_->GetRenderWindow()->Render();
    glFinish();
  }
  vtkRenderer* renderer() { return renderer_; }
  vtkRenderWindow* window() { return window_->GetRenderWindow(); }
  std::string Describe() const { return window_->Describe(); }

private:
  const Settings& settings_;
  std::unique_ptr<cumed::rendering::OffscreenRenderWindow> window_;
  vtkNew<vtkRenderer> renderer_;
};

vtkSmartPointer<vtkPolyData> Carrying(cumed::DeviceSurfaceMesh mesh) {
  auto data = vtkSmartPointer<vtkPolyData>::New();
  cumed::SetDeviceMesh(data, std::make_shared<cumed::DeviceSurfaceMesh>(std::move(mesh)));
  return data;
}

double DownBytesSince(const cumed::TransferStats& before) {
  return static_cast<double>(cumed::GetTransferStats().deviceToHostBytes -
                             before.deviceToHostBytes);
}

PathResult RunPath(Scene& scene, const cumed::Image& volume,
                   const cumed::surface::IsosurfaceOptions& options, bool forceHost,
                   const Settings& s, std::int64_t& triangles) {
  PathResult r;
  vtkNew<vtkCuMedDeviceMeshMapper> mapper;
  mapper->SetForceHostUpload(forceHost);
  mapper->ScalarVisibilityOff();
  vtkNew<vtkActor> actor;
  actor->SetMapper(mapper);
  actor->GetProperty()->SetColor(0.89, 0.85, 0.76);
  actor->GetProperty()->SetSpecular(0.25);
  scene.renderer()->AddActor(actor);

  auto contourAndDraw = [&]() {
    cumed::surface::IsosurfaceResult contour =
        cumed::surface::ExtractIsosurface(volume.view<std::int16_t>(), options);
    const cumed::Stopwatch sinceContour; // the mesh is complete on the device
    triangles = contour.deviceMesh->numberOfTriangles;
    mapper->SetInputData(Carrying(std::move(*contour.deviceMesh)));
    scene.renderer()->ResetCamera();
    scene.Finish();
    return sinceContour.elapsedMilliseconds();
  };
  r.firstColdMs = contourAndDraw();
  r.coldBuildMs = 1e3 * mapper->GetLastBufferBuildSeconds();
  r.firstWarmMs = contourAndDraw();
  r.warmBuildMs = 1e3 * mapper->GetLastBufferBuildSeconds();
  r.backend = mapper->GetLastBackend();
  r.reason = mapper->GetLastFallbackReason();

  vtkCamera* camera = scene.renderer()->GetActiveCamera();
  // `frames` frames turning the camera, every frame's mesh new when `refill`, the GPU waited
  // for after each when `wait`; per-frame medians into `b`; returns the loop's wall seconds.
  auto loop = [&](bool refill, bool wait, LoopBreakdown& b) {
    std::vector<double> renderCall, buffer, map, unmap, waited;
    for (auto* v : {&renderCall, &buffer, &map, &unmap, &waited}) v->reserve(s.frames);
    const cumed::Stopwatch wall;
    for (int f = 0; f < s.frames; ++f) {
      if (refill) mapper->GetInput()->Modified(); // the mesh is new: its buffers are filled again
      camera->Azimuth(360.0 / s.frames);
      const int builds = mapper->GetNumberOfBufferBuilds();
      cumed::Stopwatch watch;
      scene.window()->Render();
      renderCall.push_back(watch.elapsedMilliseconds());
      const bool built = mapper->GetNumberOfBufferBuilds() != builds;
      buffer.push_back(built ? 1e3 * mapper->GetLastBufferBuildSeconds() : 0.0);
      map.push_back(built ? 1e3 * mapper->GetLastInteropMapSeconds() : 0.0);
      unmap.push_back(built ? 1e3 * mapper->GetLastInteropUnmapSeconds() : 0.0);
      if (wait) {
        watch.restart();
        glFinish();
        waited.push_back(watch.elapsedMilliseconds());
      }
    }
    glFinish();
    const double seconds = wall.elapsedSeconds();
    b.renderCall = cumed::benchmark::Median(renderCall);
    b.buffer = cumed::benchmark::Median(buffer);
    b.map = cumed::benchmark::Median(map);
    b.unmap = cumed::benchmark::Median(unmap);
    b.wait = wait ? cumed::benchmark::Median(waited) : -1;
    return seconds;
  };
  cumed::TransferStats before = cumed::GetTransferStats();
  r.staticFps = s.frames / loop(false, false, r.staticLoop);
  r.staticDownBytesPerFrame = DownBytesSince(before) / s.frames;

  before = cumed::GetTransferStats();
  r.refillFps = s.frames / loop(true, false, r.refillLoop);
  r.refillDownBytesPerFrame = DownBytesSince(before) / s.frames;
  if (s.breakdown) {
    loop(false, true, r.staticWaited);
    loop(true, true, r.refillWaited);
  }

  if (!forceHost && !s.png.empty()) {
    vtkNew<vtkWindowToImageFilter> grab;
    grab->SetInput(scene.window());
    grab->SetInputBufferTypeToRGB();
    grab->ReadFrontBufferOff();
    grab->Update();
    vtkNew<vtkPNGWriter> writer;
    writer->SetFileName(s.png.c_str());
    writer->SetInputConnection(grab->GetOutputPort());
    writer->Write();
  }
  scene.renderer()->RemoveActor(actor);
  return r;
}

/// The applications' way (PreparedSnapshot), interop: warmed before the contour.
struct PrewarmedResult {
  double warmupMs = 0, firstFrameMs = 0, buildMs = 0;
  std::string backend;
  std::uint64_t downBytes = 0;
};

PrewarmedResult RunPrewarmed(const cumed::Image& volume,
                             const cumed::surface::IsosurfaceOptions& options, const Settings& s) {
  cumed::rendering::SnapshotOptions picture;
  picture.width = s.width;
  picture.height = s.height;
  picture.multiSamples = s.multiSamples;
  PrewarmedResult r;
  cumed::rendering::PreparedSnapshot prepared(picture, true);
  r.warmupMs = prepared.WarmupMilliseconds();
  cumed::surface::IsosurfaceResult contour =
      cumed::surface::ExtractIsosurface(volume.view<std::int16_t>(), options);
  const cumed::Stopwatch sinceContour; // the mesh is complete on the device
  const vtkSmartPointer<vtkPolyData> mesh = Carrying(std::move(*contour.deviceMesh));
  const cumed::rendering::FrameDrawTimes frame = prepared.DrawFirstFrame(mesh);
  r.firstFrameMs = sinceContour.elapsedMilliseconds();
  r.buildMs = frame.bufferMs;
  r.downBytes = frame.deviceToHostBytes;
  r.backend = prepared.MeshUpload();
  return r;
}

} // namespace

int main(int argc, char** argv) {
  try {
    const Settings s = Parse(argc, argv);
    if (!cumed::CudaUsable()) {
      std::fprintf(stderr, "cumed-render-benchmark: needs a usable CUDA device: %s\n",
                   cumed::DescribeDevices().c_str());
      return 1;
    }
    const auto series = cumed::io::ReadDicomCtSeries(s.ct);
    const cumed::ImageGeometry geometry = cumed::GeometryOf(*series.image);
    cumed::Image host =
        cumed::Image::Allocate(cumed::PixelType::Int16, geometry, cumed::MemoryLocation::Host);
    std::memcpy(host.data(), series.image->GetBufferPointer(),
                geometry.numberOfPixels() * sizeof(std::int16_t));
    const cumed::Image volume = host.toDevice();

    cumed::surface::IsosurfaceOptions options;
    options.values = {s.iso};
    options.computeNormals = true;
    options.backend = cumed::Backend::CUDA;
    options.keepOnDevice = true;
    for (int i = 0; i < 2; ++i)
      cumed::surface::ExtractIsosurface(volume.view<std::int16_t>(), options);

    Scene scene(s);
    std::int64_t triangles = 0;
    const PathResult interop = RunPath(scene, volume, options, false, s, triangles);
    const PathResult hostPath = RunPath(scene, volume, options, true, s, triangles);
    const PrewarmedResult prewarmed = RunPrewarmed(volume, options, s);

    std::printf("CuMed render benchmark: CT %zux%zux%zu, iso %g HU, %lld triangles, %dx%d "
                "offscreen on %s; %s; %d frames per rate, no read-back.\n",
                geometry.size[0], geometry.size[1], geometry.size[2], s.iso,
                static_cast<long long>(triangles), s.width, s.height, scene.Describe().c_str(),
                cumed::DescribeDevices().c_str(), s.frames);
    std::printf("| path | mapper backend | first frame after contour, cold (ms) | of which "
                "buffers (ms) | first frame, warm (ms) | of which buffers (ms) | first frame "
                "after contour, pre-warmed renderer (ms) | of which buffers (ms) | its warm-up "
                "before the contour (ms) | static frames/s | refill frames/s | bytes down/frame "
                "(static, refill) |\n"
                "|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (const auto* r : {&interop, &hostPath}) {
      char prewarm[96] = "- | - | -";
      if (r == &interop) {
        std::snprintf(prewarm, sizeof prewarm, "%.2f | %.2f | %.1f", prewarmed.firstFrameMs,
                      prewarmed.buildMs, prewarmed.warmupMs);
      }
      std::printf("| %s | %s | %.2f | %.2f | %.2f | %.2f | %s | %.1f | %.1f | %.0f, %.0f |\n",
                  r == &interop ? "interop (GPU2)" : "host upload (GPU1)", r->backend.c_str(),
                  r->firstColdMs, r->coldBuildMs, r->firstWarmMs, r->warmBuildMs, prewarm,
                  r->staticFps, r->refillFps, r->staticDownBytesPerFrame,
                  r->refillDownBytesPerFrame);
    }
    std::printf("pre-warmed renderer (as cumed-ct-surface and cumed-isosurface draw): a new window "
                "and mapper with the applications' lights, warmed on a tiny device mesh before the "
                "contour; its first frame drawn through %s, %llu bytes down (the bounds); issue "
                "12's target: within 20 ms of the contour: %s\n",
                prewarmed.backend.c_str(), static_cast<unsigned long long>(prewarmed.downBytes),
                prewarmed.firstFrameMs <= 20.0 ? "met" : "NOT met");
    if (interop.backend != "interop") {
      std::printf("note: interop did not run: %s\n", interop.reason.c_str());
    }
    std::printf("refill speed-up interop / host: %.2fx\n", interop.refillFps / hostPath.refillFps);
    std::printf("\nPer frame, medians in ms (multisamples: %d): Render() on the host, of which "
                "the buffer fill and, of that, the interop map and unmap (the unmap with the "
                "wait for the copies); GPU wait: glFinish after Render()%s.\n\n",
                scene.window()->GetMultiSamples(),
                s.breakdown ? " (frames drawn again, waited for one by one)"
                            : " (not measured: add --breakdown)");
    std::printf("| path | frames | Render() host | buffer fill | map | unmap | GPU wait |\n"
                "|---|---|---|---|---|---|---|\n");
    auto row = [](const char* path, const char* frames, const LoopBreakdown& b) {
      char wait[32] = "-";
      if (b.wait >= 0) std::snprintf(wait, sizeof wait, "%.3f", b.wait);
      std::printf("| %s | %s | %.3f | %.3f | %.3f | %.3f | %s |\n", path, frames, b.renderCall,
                  b.buffer, b.map, b.unmap, wait);
    };
    for (const auto* r : {&interop, &hostPath}) {
      const char* path = r == &interop ? "interop (GPU2)" : "host upload (GPU1)";
      row(path, "static", r->staticLoop);
      row(path, "refill", r->refillLoop);
      if (s.breakdown) {
        row(path, "static, waited", r->staticWaited);
        row(path, "refill, waited", r->refillWaited);
      }
    }
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "cumed-render-benchmark: error: %s\n", e.what());
    return 1;
  }
}
