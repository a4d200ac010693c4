#pragma once
// The isosurface module's names for Core's meshes (cumed/core/Mesh.h), where they live so that
// other modules (deformation, rendering, the VTK bridge) use them without depending on Surface.
#include "cumed/core/Mesh.h"

namespace cumed::surface {
using cumed::DeviceSurfaceMesh;
using cumed::MeshArray;
using cumed::SurfaceMesh;
} // namespace cumed::surface
