#include "cumed/registration/ElastixFiles.h"

#include "cumed/core/Error.h"
#include "cumed/core/InputFile.h"

#include <cmath>
#include <cstdint>
#include <fstream>
#include <cstdio>
#include <sstream>
#include <string>

namespace cumed::registration {

PointList ReadPointsFile(const std::filesystem::path& file, unsigned dimension) {
  const std::string name = "'" + file.string() + "'";
  constexpr std::uint64_t kMaxPointFileBytes = 256ull << 20; // ~10 million points
  std::istringstream in(ReadRegularInputFile(file, name + ":", kMaxPointFileBytes));
  std::string kind;
  long long count = -1;
  in >> kind >> count;
  if (kind == "index")
    throw cumed::Error(name + " holds voxel indices (\"index\"); give physical points in mm "
                              "(\"point\")");
  if (kind != "point" || !in || count < 0)
    throw cumed::Error(name + ": expected \"point\" and the number of points on its first lines");
  std::string line;
  std::getline(in, line); // the rest of the count's line
  PointList points;
  for (int number = 3; std::getline(in, line); ++number) {
    std::istringstream words(line);
    std::array<double, 3> p{0.0, 0.0, 0.0};
    unsigned n = 0;
    double value;
    while (words >> value) {
      if (n < 3) p[n] = value;
      ++n;
      if (!std::isfinite(value)) n = 99;
    }
    const bool blank = line.find_first_not_of(" \t\r") == std::string::npos;
    if (blank) continue;
    if (n != dimension || !words.eof())
      throw cumed::Error(name + " line " + std::to_string(number) + ": expected " +
                         std::to_string(dimension) + " finite numbers, got '" + line + "'");
    points.push_back(p);
  }
  if (static_cast<long long>(points.size()) != count)
    throw cumed::Error(name + " announces " + std::to_string(count) + " points but holds " +
                       std::to_string(points.size()));
  return points;
}

void WritePointsFile(const std::filesystem::path& file, const PointList& points,
                     unsigned dimension) {
  std::ofstream out(file);
  out << "point\n" << points.size() << "\n";
  char text[128];
  for (const auto& p : points) {
    for (unsigned a = 0; a < dimension; ++a) {
      std::snprintf(text, sizeof text, "%s%.17g", a ? " " : "", p[a]);
      out << text;
    }
    out << "\n";
  }
  out.close();
  if (!out) throw cumed::Error("cannot write '" + file.string() + "'");
}

} // namespace cumed::registration
