#pragma once
// The geometry of a run of z-planes of a volume: what a rank's slab (or a halo-extended block)
// is in world coordinates, so pieces written by different ranks line up.
#include "cumed/core/Image.h"
#include "cumed/parallel/SlabPartition.h"

namespace cumed::parallel {

/// `global` restricted to planes [planes.begin, planes.end): same x/y size, spacing and
/// direction, z size planes.planes(), origin moved along the z axis by begin * spacing[2].
ImageGeometry PlanesGeometry(const ImageGeometry& global, const Slab& planes);

} // namespace cumed::parallel
