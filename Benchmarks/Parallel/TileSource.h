#pragma once
// The benchmark's volume, generated and never stored: one CT tile (a real series or the phantom)
// mirrored back and forth along x, y and z to any size, so neighbouring tiles meet at equal
// planes and the anatomy continues smoothly. Each rank makes only the planes it owns.
#include "cumed/parallel/Communicator.h"
#include "cumed/parallel/SlabPartition.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace cumed::scaling {

struct CtTile {
  std::array<std::int64_t, 3> size{0, 0, 0};
  std::array<double, 3> spacing{1, 1, 1};
  std::vector<std::int16_t> hu; ///< x fastest, then y, then z
  std::string source;           ///< what it is, for the report
};

/// Rank 0's tile: the DICOM series in `ctDirectory` (CuMed::IO, HU), or when it is empty the
/// synthetic phantom at the default size clipped to `volumeSize` (smaller volumes, smaller tile).
CtTile LoadTile(const std::string& ctDirectory, const std::array<std::int64_t, 3>& volumeSize);

/// Rank 0's tile on every rank (one MPI_Bcast of the header and one of the voxels). Collective.
void BroadcastTile(const parallel::Communicator& comm, CtTile& tile);

/// Planes [planes.begin, planes.end) of the tiled volume of `volumeSize` into `out` (room for
/// volumeSize x * y * planes.planes() voxels).
void BuildTiledPlanes(const CtTile& tile, const std::array<std::int64_t, 3>& volumeSize,
                      const parallel::Slab& planes, std::int16_t* out);

} // namespace cumed::scaling
