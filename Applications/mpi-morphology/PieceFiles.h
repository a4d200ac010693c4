#pragma once
// The parallel VTK XML output: one .vti file per rank that holds planes (its extent inside the
// whole extent, the global origin, spacing and direction) and the .pvti that lists them, as
// vtkXMLPImageDataWriter lays them out (pieces in the directory OUT/ beside OUT.pvti). VTK's
// image pieces share their boundary points: each piece also holds the first plane of the next
// rank's slab, so the cells between two slabs belong to a piece (vtkXMLPImageDataReader
// refuses extents with gaps between the pieces).
#include "cumed/core/Image.h"
#include "cumed/parallel/SlabPartition.h"

#include <filesystem>
#include <string>
#include <vector>

namespace cumed::mpimorphology {

/// "OUT/OUT_<rank>.vti" for "OUT.pvti" (relative to the .pvti's directory).
std::filesystem::path PieceName(const std::filesystem::path& pvti, int rank);

/// The planes rank `rank`'s piece holds: its slab and the plane above it (if any).
parallel::Slab PiecePlanes(const std::vector<parallel::Slab>& slabs, int rank);

/// Writes `pixels` (the planes `planes` of `global`, of `type`) as a .vti file.
void WritePiece(const std::filesystem::path& file, const void* pixels, PixelType type,
                const ImageGeometry& global, const parallel::Slab& planes);

/// Writes the .pvti naming the pieces of the ranks whose slabs are not empty.
void WritePieceIndex(const std::filesystem::path& file, const std::filesystem::path& finalName,
                     PixelType type, const ImageGeometry& global,
                     const std::vector<parallel::Slab>& slabs);

} // namespace cumed::mpimorphology
