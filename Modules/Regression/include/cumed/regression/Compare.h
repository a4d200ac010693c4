#pragma once
// Regression comparisons of a pipeline's output file with its baseline, within stated tolerances:
// what a C++ test of a user's pipeline checks, and what cumed-compare (the CTest driver, see
// Documentation/regression-testing.md) prints. Each comparison returns the verdict, a report for
// a reader and the numbers behind the verdict.
//   images     anything ITK reads (.mha .mhd .nrrd .nii .nii.gz .tif .jpg .png), up to 3D, any
//              number of components: size, components, spacing/origin/direction, voxel values
//   meshes     .vtp .stl .ply .obj: point and triangle counts, symmetric Hausdorff distance
//              (ComputeMeshDistance, cumed/core/MeshDistance.h); files with the same bytes are
//              equal without measuring
//   pictures   2D renderings: per-pixel colour difference after a small shift search, against an
//              allowed fraction of differing pixels
#include "cumed/core/Error.h"
#include "cumed/core/Progress.h"

#include <string>
#include <utility>
#include <vector>

namespace cumed::regression {

struct Tolerances {
  double intensity = 0.0;      ///< |a - b| above this makes a voxel/pixel differ
  long long voxels = 0;        ///< differing voxels allowed (images)
  double geometry = 1e-4;      ///< spacing, origin, direction entries (images)
  double distance = 1e-6;      ///< symmetric Hausdorff distance, mm (meshes)
  double countFraction = 0.0;  ///< relative point/triangle count difference (meshes)
  double pixelsFraction = 0.0; ///< differing pixels allowed, fraction of all (pictures)
  int shiftRadius = 1;         ///< neighbourhood searched for a matching pixel (pictures)
};

/// What every comparison returns.
struct Comparison {
  bool withinTolerance = true;
  std::string report; ///< lines for a reader, each ending in '\n'
  /// The numbers behind the verdict, by name (e.g. "differing_voxels").
  std::vector<std::pair<std::string, double>> measures;
};

/// A file cannot be read (missing, unknown format, corrupt) or written; the message names it.
class FileError : public Error {
public:
  using Error::Error;
};

enum class Kind { Image, Mesh, Rendering };

/// "image", "mesh" or "rendering".
const char* ToString(Kind kind);

/// True for the extensions read as meshes (.vtp .stl .ply .obj, any case).
bool IsMeshFile(const std::string& path);

/// What to compare, from the files' extensions: a mesh when both are meshes, a rendering when the
/// baseline is a .png, else an image. Throws InvalidArgument when one is a mesh and the other not.
Kind KindOfFiles(const std::string& output, const std::string& baseline);

/// Images: size and components, then geometry (Tolerances::geometry), then voxel values (two NaNs
/// are equal). Throws FileError naming a file that cannot be read.
Comparison CompareImages(const std::string& output, const std::string& baseline,
                         const Tolerances& tolerances);

/// Meshes: counts within Tolerances::countFraction, Hausdorff distance within
/// Tolerances::distance. Throws FileError naming a file that cannot be read as a mesh.
/// `progress` (optional) gets the distance's fraction done, on the calling thread.
Comparison CompareMeshes(const std::string& output, const std::string& baseline,
                         const Tolerances& tolerances, const ProgressCallback& progress = {});

/// 2D pictures: a pixel differs when neither picture has a pixel within Tolerances::shiftRadius
/// that matches within Tolerances::intensity. Writes the 8-bit per-pixel difference to
/// `differencePicture` (staged, replacing an old one) unless it is empty. Throws FileError naming
/// a file that cannot be read or written, InvalidArgument when a file is not 2D.
Comparison ComparePictures(const std::string& output, const std::string& baseline,
                           const Tolerances& tolerances, const std::string& differencePicture = "");

/// One of the three by `kind`; `differencePicture` is used by pictures only, `progress` by meshes.
Comparison CompareFiles(Kind kind, const std::string& output, const std::string& baseline,
                        const Tolerances& tolerances, const std::string& differencePicture = "",
                        const ProgressCallback& progress = {});

/// Whether two files hold the same bytes (sizes first, then contents); throws FileError naming a
/// file that cannot be read.
bool SameBytes(const std::string& a, const std::string& b);

} // namespace cumed::regression
