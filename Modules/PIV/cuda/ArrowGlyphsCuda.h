#pragma once
// Internal: the CUDA backend of BuildArrowGlyphs (cuda/ArrowGlyphsCuda.cu).
#include "cumed/core/Mesh.h"
#include "cumed/piv/PivField.h"
#include "src/ArrowGeometry.h"

#include <memory>
#include <vector>

namespace cumed::piv::detail {

/// Uploads the field's x, y, u, v, flags and `scalars` (counted), writes the arrows on the
/// current device's process stream into a new DeviceSurfaceMesh (points, normals, triangles,
/// attributes[0] = the scalars) and waits for it. Throws CudaError.
std::shared_ptr<DeviceSurfaceMesh> BuildArrowGlyphsCuda(const PivField& field,
                                                        const std::vector<float>& scalars,
                                                        const ArrowShape& shape);

} // namespace cumed::piv::detail
