#pragma once
// Where the surface and the picture go, and the rules that keep the user's files safe, checked
// before anything is read: a known extension, an existing file only with --force, never the
// input (nor an .mhd/.mha input's data files), never inside an input DICOM directory, never a
// symbolic link or a file with several hard links.
#include "Arguments.h"
#include "cumed/io/VolumeLocation.h"
#include "cumed/meshio/SurfaceWriter.h"

#include <filesystem>

namespace cumed::isosurfaceapp {

struct OutputFiles {
  std::filesystem::path surface; ///< empty: not written
  meshio::SurfaceFormat format = meshio::SurfaceFormat::Vtp;
  std::filesystem::path png; ///< empty: no picture
};

/// The outputs of `arguments`. Throws UsageError naming the path when an extension is not
/// .vtp/.stl/.ply (--output) or .png (--png), a directory of that name exists, a file of that
/// name exists without --force, it is a symbolic link (also a dangling one) or has more than one
/// hard link, or it is the input (or a data file of an .mhd/.mha input) or lies inside an input
/// directory.
OutputFiles PlanOutputFiles(const Arguments& arguments, const io::VolumeLocation& input);

} // namespace cumed::isosurfaceapp
