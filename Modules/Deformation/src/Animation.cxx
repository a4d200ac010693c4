#include "cumed/deformation/Animation.h"

#include "cumed/core/Error.h"
#include "cumed/core/NumberRules.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

namespace cumed::deformation {

const std::vector<std::string>& Animation::BuiltInNames() {
  static const std::vector<std::string> names = {"twist", "bend", "squash", "breathe"};
  return names;
}

void CheckAmplitude(double amplitude) {
  numbers::RequireInRange("amplitude", amplitude, -kMaxAmplitude, kMaxAmplitude,
                          "the built-in animations move points by up to amplitude x the lattice");
}

void CheckFrameMemory(int frames, const Lattice& lattice) {
  const std::size_t bytes =
      numbers::CheckedBytes({std::size_t(std::max(frames, 0)),
                             std::size_t(lattice.numberOfControlPoints()), 3, sizeof(double)});
  numbers::RequireMemory("frames = " + std::to_string(frames) + " x a " +
                             std::to_string(lattice.dimensions[0]) + "x" +
                             std::to_string(lattice.dimensions[1]) + "x" +
                             std::to_string(lattice.dimensions[2]) + " lattice's control points",
                         bytes);
}

Animation Animation::BuiltIn(const std::string& name, const Lattice& lattice, double amplitude,
                             int frames) {
  const std::vector<std::string>& names = BuiltInNames();
  if (std::find(names.begin(), names.end(), name) == names.end())
    throw InvalidArgument("animation '" + name + "' is not one of twist, bend, squash, breathe");
  if (frames < 1)
    throw InvalidArgument("an animation needs at least one frame, got " + std::to_string(frames));
  CheckAmplitude(amplitude);
  ValidateLattice(lattice);
  Animation a;
  a.lattice_ = lattice;
  a.rest_ = lattice.restPoints();
  a.name_ = name;
  a.amplitude_ = amplitude;
  a.frames_ = frames;
  return a;
}

Animation Animation::FromKeyframes(std::vector<Keyframe> keyframes, const Lattice& lattice) {
  ValidateLattice(lattice);
  if (keyframes.empty()) throw InvalidArgument("an animation needs at least one keyframe");
  const std::size_t values = 3 * std::size_t(lattice.numberOfControlPoints());
  Animation a;
  a.lattice_ = lattice;
  a.rest_ = lattice.restPoints();
  for (std::size_t k = 0; k < keyframes.size(); ++k) {
    const std::string which = "keyframe " + std::to_string(k);
    Keyframe& key = keyframes[k];
    if (key.frame < 0)
      throw InvalidArgument(which + ": frame " + std::to_string(key.frame) + " is negative");
    if (!a.keyFrames_.empty() && key.frame <= a.keyFrames_.back())
      throw InvalidArgument(which + ": frame " + std::to_string(key.frame) +
                            " does not follow frame " + std::to_string(a.keyFrames_.back()));
    if (key.displacements.size() != values)
      throw InvalidArgument(which + " has " + std::to_string(key.displacements.size()) +
                            " displacement values; the lattice's " +
                            std::to_string(lattice.numberOfControlPoints()) +
                            " control points need " + std::to_string(values) + " (x, y, z each)");
    for (std::size_t i = 0; i < values; ++i) {
      if (!std::isfinite(key.displacements[i]))
        throw InvalidArgument(which + ", displacement " + std::to_string(i / 3) + " is not finite");
      numbers::RequireInRange(which + ", displacement " + std::to_string(i / 3) + " " +
                                  "xyz"[i % 3],
                              key.displacements[i], -numbers::kFloatSafe, numbers::kFloatSafe,
                              "deformed points are floats");
    }
    a.keyFrames_.push_back(key.frame);
    a.keyDisplacements_.push_back(std::move(key.displacements));
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

} // namespace cumed::deformation
