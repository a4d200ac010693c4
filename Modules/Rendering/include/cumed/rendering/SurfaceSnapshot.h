#pragma once
// One picture of a surface for a report or a test: the mesh bone-coloured and lit against a dark
// background, seen from the patient's front left (left anterior oblique), written as PNG.
#include "cumed/rendering/OffscreenRenderWindow.h"

#include <array>
#include <string>

class vtkPolyData;

namespace cumed::rendering {

struct SnapshotOptions {
  int width = 1024;
  int height = 768;
  RenderPath path = RenderPath::Auto;
  std::array<double, 3> surfaceColor{0.89, 0.85, 0.76}; ///< bone
  std::array<double, 3> background{0.08, 0.09, 0.12};   ///< dark blue-grey
  /// Degrees the camera turns from straight anterior towards the patient's left, and up.
  double azimuthDegrees = 30.0;
  double elevationDegrees = 15.0;
  /// The direction shown upwards in the picture (default: the head). Set it for a view from
  /// above or below (elevation +-90), where the head direction is the viewing direction.
  std::array<double, 3> viewUp{0.0, 0.0, 1.0};
  /// Samples per pixel of the window's framebuffer (vtkRenderWindow::SetMultiSamples; 0 or 1:
  /// none); -1 keeps VTK's default (8 on Linux, fewer where the driver allows fewer). Used by
  /// SurfaceFrameRenderer.
  int multiSamples = -1;
};

struct SnapshotResult {
  std::string renderPath; ///< OffscreenRenderWindow::Describe() of the window that drew it
  /// How the mesh reached OpenGL (vtkCuMedDeviceMeshMapper::GetLastBackend): "interop" (a device
  /// mesh drawn from buffers CUDA filled, no host copy) or "host".
  std::string meshUpload;
  std::string fallbackReason; ///< why "host" ("the input holds host arrays" for host surfaces)
};

/// Renders `surface` (points in DICOM patient coordinates, LPS, mm) and writes `pngPath`. The
/// surface may carry a device mesh (cumed/vtk/DeviceMeshData.h): it is drawn by
/// vtkCuMedDeviceMeshMapper, from the device where the OpenGL context is on the mesh's GPU.
/// Throws RenderingError for an empty surface, a window that cannot be opened, or a file that
/// cannot be written.
SnapshotResult RenderSurfaceToPng(vtkPolyData* surface, const std::string& pngPath,
                                  const SnapshotOptions& options = {});

} // namespace cumed::rendering
