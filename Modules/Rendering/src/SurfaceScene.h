#pragma once
// What a picture of a surface and a sequence of frames share: the bone-coloured actor, the
// anterior oblique camera, the lights, and writing the window's last frame as PNG.
#include "cumed/rendering/SurfaceSnapshot.h"

#include <vtkSmartPointer.h>

#include <string>

class vtkActor;
class vtkPolyData;
class vtkRenderWindow;
class vtkRenderer;
class vtkCuMedDeviceMeshMapper;

namespace cumed::rendering::detail {

/// Throws RenderingError when `surface` is null or has no cells (host or device mesh).
void CheckHasCells(vtkPolyData* surface);
/// Throws RenderingError naming the directory when the PNG's does not exist (VTK's PNG writer
/// would report it as a full disk).
void CheckPngDirectory(const std::string& pngPath);
/// An actor drawing `surface` through `mapper`, by material colour (not by scalars).
vtkSmartPointer<vtkActor> MakeSurfaceActor(vtkCuMedDeviceMeshMapper* mapper, vtkPolyData* surface,
                                           const SnapshotOptions& options);
/// The background, key, fill and back lights.
void SetUpLightsAndBackground(vtkRenderer* renderer, const SnapshotOptions& options);
/// The camera turned by the options' azimuth and elevation from anterior (-y, LPS), fitted to the
/// renderer's visible props.
void PlaceAnteriorObliqueCamera(vtkRenderer* renderer, const SnapshotOptions& options);
/// Throws RenderingError naming the file when the PNG cannot be written.
void WriteWindowPng(vtkRenderWindow* window, const std::string& pngPath);

} // namespace cumed::rendering::detail
