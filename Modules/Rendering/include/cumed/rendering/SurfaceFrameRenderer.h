#pragma once
// A surface drawn frame after frame offscreen (an animation): one window, one
// vtkCuMedDeviceMeshMapper, the camera placed on the first frame and kept, so the frames show the
// surface moving. The caller writes each frame into the same vtkPolyData (host arrays, or the
// same device mesh: cumed/vtk/DeviceMeshData.h) and calls its Modified(); Draw() then refills the
// buffers (through CUDA-OpenGL interop for a device mesh where it can) and renders, timed up to
// the GPU's completion. No pixels are read back unless WritePng() is called.
#include "cumed/rendering/SurfaceSnapshot.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

class vtkPolyData;

namespace cumed::rendering {

/// One frame's host wall times, in milliseconds. cameraMs + renderCallMs + gpuWaitMs = totalMs;
/// bufferMs is part of renderCallMs (VTK builds the buffers inside Render()), mapMs and unmapMs
/// are part of bufferMs.
struct FrameDrawTimes {
  double totalMs = 0;  ///< the frame: the camera, Render(), and the wait for the GPU when waited
  double bufferMs = 0; ///< of which the buffers' fill (the mapper's own timing; 0 if not rebuilt)
  double renderMs = 0; ///< the rest: the host copy of a device mesh on the host path, drawing
  /// The clipping range's reset before Render(): it reads the surface's bounds, which for a
  /// modified device mesh is a reduction on the device and a 24-byte download.
  double cameraMs = 0;
  double renderCallMs = 0; ///< vtkRenderWindow::Render() on the host (the buffer fill included)
  double mapMs = 0;        ///< of bufferMs, interop: cudaGraphicsMapResources
  double unmapMs = 0;      ///< of bufferMs, interop: the unmap and the wait for the copies
  /// glFinish after Render(): what the GPU still had to do; -1 when Draw(false) did not wait.
  double gpuWaitMs = -1;
  std::uint64_t deviceToHostCopies = 0; ///< during this frame (cumed::GetTransferStats())
  std::uint64_t deviceToHostBytes = 0;
};

class SurfaceFrameRenderer {
public:
  /// Opens the window (options: size, render path, colours, camera direction). `surface` stays
  /// the caller's and must outlive this object (or its SetSurface); it may be null until
  /// SetSurface when the renderer is made before the surface exists (PrepareFirstFrame).
  /// `forceHostUpload`: a device mesh is drawn through a host copy
  /// (vtkCuMedDeviceMeshMapper::ForceHostUpload). Throws RenderingError when no window can be
  /// opened.
  SurfaceFrameRenderer(vtkPolyData* surface, const SnapshotOptions& options, bool forceHostUpload);
  /// A renderer made before its surface exists, warmed as PrepareFirstFrame(deviceMesh) does but
  /// in an order that keeps the warm-up's host<->device copies together: the warm-up surface is
  /// made (device: four small uploads) and its bounds reduced (device: one 24-byte download)
  /// first, then `deviceWorkDone` is called, then the window opens and the warm-up is drawn
  /// (on the interop path that draw copies nothing more). A caller on another thread may count
  /// its own copies once `deviceWorkDone` has run. SetSurface() gives the real surface. Throws
  /// as the other constructor and PrepareFirstFrame do (`deviceWorkDone` is not called when the
  /// device part throws).
  SurfaceFrameRenderer(const SnapshotOptions& options, bool deviceMesh,
                       const std::function<void()>& deviceWorkDone);
  ~SurfaceFrameRenderer();
  SurfaceFrameRenderer(const SurfaceFrameRenderer&) = delete;
  SurfaceFrameRenderer& operator=(const SurfaceFrameRenderer&) = delete;

  /// Draws a tiny surface of the same layout (points, normals, triangles; a device mesh when
  /// `deviceMesh`, as the real one will be) once, up to the GPU's completion, so that the
  /// window's context, VTK's shader programs and (device) the CUDA-OpenGL path are set up before
  /// the real surface exists: its first Draw then only fills buffers and draws. The surface given
  /// before is drawn again from the next Draw, the camera placed anew. Returns the milliseconds
  /// it took. Throws what the device mesh's upload throws (cumed::Error without CUDA).
  double PrepareFirstFrame(bool deviceMesh);
  /// Draws `surface` (the caller's, as in the constructor) from the next Draw on, the camera
  /// placed anew on its bounds.
  void SetSurface(vtkPolyData* surface);

  /// Renders the surface's current content; the first call places the camera on its bounds.
  /// `wait`: until the GPU has finished, timed apart as gpuWaitMs (totalMs is then the frame's
  /// whole time); without it the GPU may still be drawing when Draw returns (for throughput:
  /// call Finish() after the frames).
  FrameDrawTimes Draw(bool wait = true);
  /// Waits until the GPU has finished every frame drawn.
  void Finish();
  /// The last frame drawn, as PNG; throws RenderingError naming the file.
  void WritePng(const std::string& pngPath) const;

  /// OffscreenRenderWindow::Describe().
  std::string Describe() const;
  /// "interop", "host" or "none": how the last frame's mesh reached OpenGL.
  std::string MeshUpload() const;
  /// Why the last frame took the host path ("" after interop).
  std::string FallbackReason() const;
  /// Device meshes the mapper copied to the host (one per frame on the forced host path).
  int HostCopies() const;

private:
  void OpenWindow(vtkPolyData* surface, bool forceHostUpload);
  void DrawWarmUp(vtkPolyData* surfaceAfter);
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

} // namespace cumed::rendering
