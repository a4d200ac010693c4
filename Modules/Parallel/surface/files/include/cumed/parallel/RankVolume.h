#pragma once
// What a rank reads of a volume file for the distributed isosurface: its slab's planes, in the
// layout DistributedIsosurface takes (room for the ghost planes, which the halo exchange fills).
// Collective: every rank calls it; a failure on any rank stops all of them with the same
// RankFailed. CuMed::ParallelSurfaceFiles.
#include "cumed/core/Image.h"
#include "cumed/parallel/Communicator.h"
#include "cumed/parallel/SlabPartition.h"
#include "cumed/surface/Isosurface.h"

#include <filesystem>
#include <string>
#include <vector>

namespace cumed::parallel {

struct RankVolume {
  ImageGeometry whole;
  std::vector<Slab> slabs; ///< the planes split evenly over the ranks
  Image planes;            ///< IsosurfaceExtentOf(slabs, rank) planes, own ones filled
  std::string source;      ///< "streamed", "read whole and cropped" or "scattered"
};

/// An image file (.mha/.mhd/.nrrd...; its header checked by CuMed::ImageInput, the memory check
/// for this rank's planes only): every rank reads its own planes through ITK's ImageFileReader
/// with a requested region; uint8, int16 and uint16 keep their type, others are read as float.
/// A directory: rank 0 reads the DICOM CT series with CuMed::IO (int16 HU) and scatters the slabs
/// (ScatterSlabs). The planes are split evenly (PartitionPlanes); `options` give the ghost planes
/// (IsosurfaceExtentOf). Errors name the path as INPUT. `series` chooses the series of a DICOM
/// directory (io::DicomReadOptions::series; empty: the default rule): rank 0 alone chooses, so
/// every rank holds planes of the same series.
RankVolume ReadRankVolume(const Communicator& comm, const std::filesystem::path& input,
                          const surface::IsosurfaceOptions& options,
                          const std::string& series = {});

} // namespace cumed::parallel
