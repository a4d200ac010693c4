#pragma once
// What a rank reads: its slab's planes of the input volume, in the layout DistributedIsosurface
// takes (room for the ghost planes, which the halo exchange fills). Collective: every rank calls
// it; a failure on any rank stops all of them with the same RankFailed.
#include "cumed/core/Image.h"
#include "cumed/parallel/Communicator.h"
#include "cumed/parallel/SlabPartition.h"
#include "cumed/surface/Isosurface.h"

#include <filesystem>
#include <string>
#include <vector>

namespace cumed::mpiisosurfaceapp {

struct RankInput {
  ImageGeometry whole;
  std::vector<parallel::Slab> slabs; ///< the planes split evenly over the ranks
  Image planes;                      ///< IsosurfaceExtentOf(slabs, rank) planes, own ones filled
  std::string source;                ///< "streamed", "read whole and cropped" or "scattered"
};

/// An image file (.mha/.mhd/.nrrd...): every rank reads its own planes through ITK's
/// ImageFileReader with a requested region. A directory: rank 0 reads the DICOM CT series with
/// CuMed::IO and scatters the slabs (ScatterSlabs).
RankInput ReadRankInput(const parallel::Communicator& comm, const std::filesystem::path& input,
                        const surface::IsosurfaceOptions& options);

} // namespace cumed::mpiisosurfaceapp
