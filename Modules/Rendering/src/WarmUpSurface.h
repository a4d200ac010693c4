#pragma once
// The smallest surface that takes the same drawing path as an isosurface: float points with
// per-point normals and triangles, on the device (a DeviceSurfaceMesh: CUDA-OpenGL interop) or
// on the host. Drawn once in a new window, it makes VTK compile and cache that path's shaders
// there (and CUDA register its buffers and load its kernels) before the real surface exists.
#include <vtkSmartPointer.h>

class vtkPolyData;

namespace cumed::rendering::detail {

/// A tetrahedron with outward normals. `onDevice`: carried as a device mesh on the current CUDA
/// device (four small counted uploads); throws cumed::Error where CUDA is unavailable.
vtkSmartPointer<vtkPolyData> MakeWarmUpSurface(bool onDevice);

} // namespace cumed::rendering::detail
