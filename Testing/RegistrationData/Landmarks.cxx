#include "Landmarks.h"

#include "cumed/core/Error.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>

namespace cumed::regdata {
namespace {

[[noreturn]] void Fail(const std::string& path, int line, const std::string& what) {
  throw Error("elastix point file '" + path + "', line " + std::to_string(line) + ": " + what);
}

std::string PointText(const Point3& p) {
  std::ostringstream s;
  s << "(" << p[0] << ", " << p[1] << ", " << p[2] << ") mm";
  return s.str();
}

} // namespace

std::vector<Point3> ReadElastixPoints(const std::string& path, const ImageGeometry* indexGrid) {
  std::ifstream in(path);
  if (!in) throw Error("cannot open elastix point file '" + path + "'");
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(line);
  }
  std::size_t next = 0;
  auto nextNonEmpty = [&]() {
    while (next < lines.size() && lines[next].find_first_not_of(" \t") == std::string::npos) ++next;
  };
  nextNonEmpty();
  bool indexFormat = true; // elastix reads a file without the word as indices
  if (next < lines.size()) {
    std::istringstream first(lines[next]);
    std::string word;
    first >> word;
    if (word == "point" || word == "index") {
      indexFormat = word == "index";
      ++next;
      nextNonEmpty();
    }
  }
  if (next >= lines.size()) Fail(path, int(next) + 1, "the number of points is missing");
  const int countLine = int(next) + 1;
  std::istringstream countText(lines[next++]);
  long long count = 0;
  std::string rest;
  if (!(countText >> count) || (countText >> rest) || count <= 0)
    Fail(path, countLine,
         "expected a positive number of points, found '" + lines[countLine - 1] + "'");
  if (indexFormat && !indexGrid)
    throw InvalidArgument(
        "elastix point file '" + path +
        "' holds voxel indices ('index'): the image grid they refer to is needed");
  std::optional<IndexMapper> mapper;
  if (indexFormat) mapper.emplace(*indexGrid);
  std::vector<Point3> points;
  for (; next < lines.size(); ++next) {
    if (lines[next].find_first_not_of(" \t") == std::string::npos) continue;
    const int lineNumber = int(next) + 1;
    if (points.size() == std::size_t(count))
      Fail(path, lineNumber, "more points than the " + std::to_string(count) + " announced");
    std::istringstream values(lines[next]);
    Point3 p{};
    for (double& v : p) {
      std::string token;
      if (!(values >> token)) Fail(path, lineNumber, "expected 3 coordinates");
      try {
        std::size_t used = 0;
        v = std::stod(token, &used);
        if (used != token.size() || !std::isfinite(v)) throw std::invalid_argument(token);
      } catch (const std::exception&) {
        Fail(path, lineNumber, "'" + token + "' is not a finite number");
      }
    }
    if (values >> rest) Fail(path, lineNumber, "more than 3 coordinates ('" + rest + "')");
    points.push_back(indexFormat ? mapper->toPoint(p) : p);
  }
  if (points.size() != std::size_t(count))
    Fail(path, int(lines.size()),
         "found " + std::to_string(points.size()) + " points, the file announces " +
             std::to_string(count));
  return points;
}

TreStatistics ComputeTre(const std::vector<Point3>& fixedPoints,
                         const std::vector<Point3>& movingPoints, const Image* field) {
  if (fixedPoints.empty() || fixedPoints.size() != movingPoints.size())
    throw InvalidArgument("TRE needs as many fixed as moving points (at least one): got " +
                          std::to_string(fixedPoints.size()) + " fixed and " +
                          std::to_string(movingPoints.size()) + " moving");
  std::optional<IndexMapper> mapper;
  if (field) {
    RequireHostFloat(*field, 3, "TRE: the displacement field");
    mapper.emplace(field->geometry());
  }
  std::vector<double> errors;
  for (std::size_t i = 0; i < fixedPoints.size(); ++i) {
    Point3 mapped = fixedPoints[i];
    if (field) {
      const auto u = SampleLinear(field->view<float>(), mapper->toIndex(mapped));
      if (!u)
        throw InvalidArgument("TRE: fixed point " + std::to_string(i + 1) + " at " +
                              PointText(mapped) + " lies outside the displacement field's grid");
      for (int a = 0; a < 3; ++a) mapped[a] += (*u)[a];
    }
    double d2 = 0.0;
    for (int a = 0; a < 3; ++a)
      d2 += (mapped[a] - movingPoints[i][a]) * (mapped[a] - movingPoints[i][a]);
    errors.push_back(std::sqrt(d2));
  }
  TreStatistics s;
  s.pairs = errors.size();
  for (double e : errors) {
    s.meanMm += e;
    s.maxMm = std::max(s.maxMm, e);
  }
  s.meanMm /= double(s.pairs);
  for (double e : errors) s.stdMm += (e - s.meanMm) * (e - s.meanMm);
  s.stdMm = std::sqrt(s.stdMm / double(s.pairs));
  return s;
}

} // namespace cumed::regdata
