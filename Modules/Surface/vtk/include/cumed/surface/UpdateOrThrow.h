#pragma once
// UpdateOrThrow lives in the VTK bridge (cumed/vtk/UpdateOrThrow.h); this name stays for code
// written against the isosurface module.
#include "cumed/vtk/UpdateOrThrow.h"

namespace cumed::surface {
using cumed::UpdateOrThrow;
} // namespace cumed::surface
