#pragma once
// The control points of every frame: a built-in animation (twist, bend, squash, breathe: one
// period over the frames, in the lattice's own coordinates) or keyframes from a JSON file
// (displacements of the control points at given frames, linearly interpolated between them).
#include "cumed/deformation/Lattice.h"

#include <string>
#include <vector>

namespace cumed::deformapp {

class Animation {
public:
  /// `name`: twist, bend, squash or breathe.
  static Animation BuiltIn(const std::string& name, const deformation::Lattice& lattice,
                           double amplitude, int frames);
  /// Throws cumed::InvalidArgument naming the file and the keyframe when the JSON is not
  /// {"keyframes": [{"frame": F, "displacements": [[dx,dy,dz], ...]}, ...]} with frames
  /// increasing and one finite displacement per control point.
  static Animation FromKeyframes(const std::string& path, const deformation::Lattice& lattice);

  /// x,y,z of every control point at `frame` (>= 0).
  std::vector<double> ControlPoints(int frame) const;

private:
  deformation::Lattice lattice_;
  std::vector<double> rest_;
  std::string name_;
  double amplitude_ = 0;
  int frames_ = 1;
  std::vector<int> keyFrames_;
  std::vector<std::vector<double>> keyDisplacements_;
};

} // namespace cumed::deformapp
