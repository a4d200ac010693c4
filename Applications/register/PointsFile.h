#pragma once
// Point files in elastix's input format (what transformix -def reads): the word "point", the
// number of points, then one point a line, its D coordinates in mm (physical space) separated by
// blanks. elastix's "index" files (voxel indices) are refused by name: they need an image's
// geometry to mean anything.
#include <array>
#include <filesystem>
#include <vector>

namespace cumed::registerapp {

using PointList = std::vector<std::array<double, 3>>; ///< z = 0 for 2D points

/// Throws cumed::Error naming the file, the line and the problem: unreadable, not "point", a
/// count that is not a whole number or differs from the lines given, a line without exactly
/// `dimension` finite numbers.
PointList ReadPointsFile(const std::filesystem::path& file, unsigned dimension);

/// The same format, full precision (17 significant digits). Throws cumed::Error when not written.
void WritePointsFile(const std::filesystem::path& file, const PointList& points,
                     unsigned dimension);

} // namespace cumed::registerapp
