#pragma once
// Landmark pairs in elastix's point-file format and the target registration error (TRE) of a
// displacement field on them.
#include "VolumeSampling.h"

#include "cumed/core/Image.h"

#include <string>
#include <vector>

namespace cumed::regdata {

/// Reads an elastix point file: an optional first word `point` (physical mm) or `index` (voxel
/// indices; elastix's default when the word is missing), the number of points, then 3 numbers per
/// point. Index points are mapped to mm through `indexGrid`, which they need (InvalidArgument
/// without it). Throws Error naming the file and the line for a missing file, a count that is not
/// a positive integer, a non-numeric or non-finite value, too few or too many values.
std::vector<Point3> ReadElastixPoints(const std::string& path,
                                      const ImageGeometry* indexGrid = nullptr);

struct TreStatistics {
  double meanMm = 0.0;
  double stdMm = 0.0; ///< population standard deviation (divided by the number of pairs)
  double maxMm = 0.0;
  std::size_t pairs = 0;
};

/// TRE_i = |T(p_fixed,i) - p_moving,i| with T(x) = x + u(x), u sampled trilinearly from `field`
/// (host Float32 x3, ITK's fixed -> moving convention) at the fixed point; a null field is the
/// identity (the TRE before registration). Throws InvalidArgument for lists of different lengths
/// or empty, and for a fixed point outside the field's grid (naming the pair and its position).
TreStatistics ComputeTre(const std::vector<Point3>& fixedPoints,
                         const std::vector<Point3>& movingPoints, const Image* field = nullptr);

} // namespace cumed::regdata
