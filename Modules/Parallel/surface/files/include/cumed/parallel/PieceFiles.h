#pragma once
// A distributed surface as VTK's parallel files: one .vtp piece per rank (the borrowed points
// flagged as VTK flags duplicated points) and the .pvtp that names them, as
// vtkXMLPPolyDataWriter would name them but without a subdirectory. CuMed::ParallelSurfaceFiles.
#include "cumed/parallel/StandalonePiece.h"

#include <filesystem>

namespace cumed::parallel {

/// OUT_<rank>.vtp beside OUT.pvtp.
std::filesystem::path PieceName(const std::filesystem::path& pvtp, int rank);

/// Writes this rank's piece to `file` (.vtp through CuMed::MeshIO: points, triangles, the point
/// arrays, and vtkGhostType marking the points past piece.ownPoints DUPLICATEPOINT). Throws
/// cumed::Error naming the file when it cannot be written.
void WritePiece(const StandalonePiece& piece, const std::filesystem::path& file);

/// Writes the .pvtp to `file` (e.g. a staged name): `pieces` pieces named PieceName(finalName, r),
/// with the point arrays WritePiece writes (Normals when `normals`). Throws cumed::Error
/// "'FINALNAME': writing failed" when the file cannot be written.
void WritePvtp(const std::filesystem::path& file, int pieces, bool normals,
               const std::filesystem::path& finalName);

} // namespace cumed::parallel
