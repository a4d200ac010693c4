#pragma once
// The pathlines of a --png picture (pathlines.png): thin ribbons (piv::BuildPathlineRibbons)
// coloured by speed (blue slow, red fast), built where the lines were traced: on the GPU for
// CUDA fields, drawn by vtkCuMedDeviceMeshMapper from device memory; else a host mesh.
#include "MeshLayer.h"

#include "cumed/piv/PathlineTracing.h"

namespace cumed::pivapp {

/// `width` px wide ribbons of `lines` over a frame of `frame` geometry.
MeshLayer MakePathlineLayer(const piv::PathlineSet& lines, float width, const ImageGeometry& frame);

} // namespace cumed::pivapp
