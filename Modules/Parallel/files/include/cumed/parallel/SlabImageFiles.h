#pragma once
// An image split into z-slabs over ranks as VTK's parallel XML files: one .vti file per rank that
// holds planes (its extent inside the whole extent, the global origin, spacing and direction) and
// the .pvti that lists them, as vtkXMLPImageDataWriter lays them out (pieces in the directory
// OUT/ beside OUT.pvti). VTK's image pieces share their boundary points: each piece also holds
// the first plane of the next rank's slab, so the cells between two slabs belong to a piece
// (vtkXMLPImageDataReader refuses extents with gaps between the pieces).
// CuMed::ParallelImageFiles.
#include "cumed/core/Image.h"
#include "cumed/parallel/SlabPartition.h"

#include <filesystem>
#include <vector>

namespace cumed::parallel {

/// "OUT/OUT_<rank>.vti" for "OUT.pvti" (relative to the .pvti's directory).
std::filesystem::path SlabPieceName(const std::filesystem::path& pvti, int rank);

/// The planes rank `rank`'s piece holds: its slab and the plane above it (if any).
Slab SlabPiecePlanes(const std::vector<Slab>& slabs, int rank);

/// Writes `pixels` (the planes `planes` of `global`, of `type`) as a .vti file. Throws
/// cumed::Error naming the file when it cannot be written.
void WriteSlabPiece(const std::filesystem::path& file, const void* pixels, PixelType type,
                    const ImageGeometry& global, const Slab& planes);

/// Writes the .pvti to `file` (e.g. a staged name) naming the pieces, SlabPieceName(finalName, r),
/// of the ranks whose slabs are not empty. Throws cumed::Error naming `file` when it cannot be
/// written.
void WriteSlabPieceIndex(const std::filesystem::path& file, const std::filesystem::path& finalName,
                         PixelType type, const ImageGeometry& global,
                         const std::vector<Slab>& slabs);

} // namespace cumed::parallel
