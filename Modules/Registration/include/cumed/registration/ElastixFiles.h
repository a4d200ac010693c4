#pragma once
// elastix's text files next to ITK's: point files in elastix's input format (what transformix -def
// reads and writes): the word "point", the number of points, then one point a line, its D
// coordinates in mm (physical space) separated by blanks; elastix's "index" files (voxel
// indices) are refused by name: they need an image's geometry to mean anything. And the
// recognition of an elastix TransformParameters file (elastix's own "(Transform ...)" text
// format, which ITK's transform readers cannot read), so that a program can say what the file is
// instead of passing on ITK's parser error ("Tags must be delimited by :").
#include <array>
#include <filesystem>
#include <string>
#include <vector>

namespace cumed::registration {

using PointList = std::vector<std::array<double, 3>>; ///< z = 0 for 2D points

/// Throws cumed::Error naming the file ('FILE' first), the line and the problem: unreadable, not
/// "point", a count that is not a whole number or differs from the lines given, a line without
/// exactly `dimension` finite numbers.
PointList ReadPointsFile(const std::filesystem::path& file, unsigned dimension);

/// The same format, full precision (17 significant digits). Throws cumed::Error when not written.
void WritePointsFile(const std::filesystem::path& file, const PointList& points,
                     unsigned dimension);

/// Throws cumed::Error "LABEL 'FILE' is an elastix TransformParameters file (...)" when it is one:
/// a text file whose first non-comment line starts "(" and which has a "(Transform ...)" or
/// "(TransformParameters ...)" entry. Does nothing for any other file (ITK reports on those).
void RefuseElastixTransformParameters(const std::filesystem::path& file,
                                      const std::string& label = "transform file");

} // namespace cumed::registration
