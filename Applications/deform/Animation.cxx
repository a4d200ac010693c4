#include "Animation.h"

#include "cumed/core/Error.h"

#include <json/json.h>

#include <algorithm>
#include <cmath>
#include <fstream>

namespace cumed::deformapp {

Animation Animation::BuiltIn(const std::string& name, const deformation::Lattice& lattice,
                             double amplitude, int frames) {
  Animation a;
  a.lattice_ = lattice;
  a.rest_ = lattice.restPoints();
  a.name_ = name;
  a.amplitude_ = amplitude;
  a.frames_ = frames;
  return a;
}

Animation Animation::FromKeyframes(const std::string& path, const deformation::Lattice& lattice) {
  auto fail = [&](const std::string& what) -> InvalidArgument {
    return InvalidArgument("keyframes " + path + ": " + what);
  };
  std::ifstream file(path);
  if (!file) throw fail("cannot be opened");
  Json::CharReaderBuilder builder;
  Json::Value root;
  std::string errors;
  if (!Json::parseFromStream(builder, file, &root, &errors))
    throw fail("not JSON: " + errors.substr(0, errors.find('\n')));
  if (!root.isObject() || !root["keyframes"].isArray() || root["keyframes"].empty())
    throw fail("expected an object with a non-empty array \"keyframes\"");
  Animation a;
  a.lattice_ = lattice;
  a.rest_ = lattice.restPoints();
  const auto controlPoints = static_cast<Json::ArrayIndex>(lattice.numberOfControlPoints());
  const std::string latticeName = std::to_string(lattice.dimensions[0]) + "x" +
                                  std::to_string(lattice.dimensions[1]) + "x" +
                                  std::to_string(lattice.dimensions[2]);
  const Json::Value& keyframes = root["keyframes"];
  for (Json::ArrayIndex k = 0; k < keyframes.size(); ++k) {
    const std::string which = "keyframe " + std::to_string(k);
    const Json::Value& key = keyframes[k];
    if (!key.isObject() || !key["frame"].isInt() || key["frame"].asInt() < 0)
      throw fail(which + ": \"frame\" must be a whole number >= 0");
    const int frame = key["frame"].asInt();
    if (!a.keyFrames_.empty() && frame <= a.keyFrames_.back())
      throw fail(which + ": frame " + std::to_string(frame) + " does not follow frame " +
                 std::to_string(a.keyFrames_.back()));
    const Json::Value& displacements = key["displacements"];
    if (!displacements.isArray() || displacements.size() != controlPoints)
      throw fail(which + " has " +
                 (displacements.isArray() ? std::to_string(displacements.size()) : "no") +
                 " displacements; the " + latticeName + " lattice has " +
                 std::to_string(controlPoints) + " control points");
    std::vector<double> values;
    for (Json::ArrayIndex p = 0; p < controlPoints; ++p) {
      const Json::Value& d = displacements[p];
      if (!d.isArray() || d.size() != 3 || !d[0].isNumeric() || !d[1].isNumeric() ||
          !d[2].isNumeric())
        throw fail(which + ", displacement " + std::to_string(p) + ": expected [dx, dy, dz]");
      for (Json::ArrayIndex c = 0; c < 3; ++c) {
        const double v = d[c].asDouble();
        if (!std::isfinite(v))
          throw fail(which + ", displacement " + std::to_string(p) + " is not finite");
        values.push_back(v);
      }
    }
    a.keyFrames_.push_back(frame);
    a.keyDisplacements_.push_back(std::move(values));
  }
  return a;
}

std::vector<double> Animation::ControlPoints(int frame) const {
  std::vector<double> points = rest_;
  if (!keyFrames_.empty()) {
    // Hold the first and last keyframes outside their range; linear in between.
    std::size_t next = 0;
    while (next < keyFrames_.size() && keyFrames_[next] < frame) ++next;
    const std::vector<double>* a = nullptr;
    const std::vector<double>* b = nullptr;
    double w = 0;
    if (next == 0) {
      a = b = &keyDisplacements_.front();
    } else if (next == keyFrames_.size()) {
      a = b = &keyDisplacements_.back();
    } else {
      a = &keyDisplacements_[next - 1];
      b = &keyDisplacements_[next];
      w = double(frame - keyFrames_[next - 1]) / (keyFrames_[next] - keyFrames_[next - 1]);
    }
    for (std::size_t i = 0; i < points.size(); ++i) points[i] += (1 - w) * (*a)[i] + w * (*b)[i];
    return points;
  }
  const double pi = std::acos(-1.0);
  const double phase = amplitude_ * std::sin(2 * pi * frame / frames_);
  const auto& l = lattice_;
  const int nx = l.dimensions[0], ny = l.dimensions[1], nz = l.dimensions[2];
  for (int k = 0, p = 0; k < nz; ++k)
    for (int j = 0; j < ny; ++j)
      for (int i = 0; i < nx; ++i, ++p) {
        // Lattice coordinates of the rest point, moved, then back to world coordinates.
        double s = double(i) / (nx - 1), t = double(j) / (ny - 1), u = double(k) / (nz - 1);
        if (name_ == "twist") {
          const double angle = 0.5 * pi * phase * (u - 0.5);
          const double x = s - 0.5, y = t - 0.5;
          s = 0.5 + std::cos(angle) * x - std::sin(angle) * y;
          t = 0.5 + std::sin(angle) * x + std::cos(angle) * y;
        } else if (name_ == "bend") {
          s += 0.3 * phase * u * u;
        } else if (name_ == "squash") {
          const double height = 1 - 0.3 * phase;
          const double width = 1 / std::sqrt(std::max(height, 0.1));
          u *= height;
          s = 0.5 + (s - 0.5) * width;
          t = 0.5 + (t - 0.5) * width;
        } else { // breathe
          const double scale = 1 + 0.1 * phase;
          s = 0.5 + (s - 0.5) * scale;
          t = 0.5 + (t - 0.5) * scale;
          u = 0.5 + (u - 0.5) * scale;
        }
        for (int c = 0; c < 3; ++c)
          points[3 * p + c] = l.origin[c] + s * l.s[c] + t * l.t[c] + u * l.u[c];
      }
  return points;
}

} // namespace cumed::deformapp
