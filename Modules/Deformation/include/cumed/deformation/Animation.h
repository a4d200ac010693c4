#pragma once
// The control points of every frame of an animation of a lattice: a built-in animation (twist,
// bend, squash, breathe: one period over the frames, in the lattice's own coordinates) or
// keyframes (displacements of the control points at given frames, linearly interpolated between
// them, held before the first and after the last). A keyframe file in JSON is read by
// ReadKeyframeFile (cumed/deformation/KeyframeFile.h, CuMed::DeformationVtk).
#include "cumed/deformation/Lattice.h"

#include <string>
#include <vector>

namespace cumed::deformation {

/// The control points' displacements at one frame: dx,dy,dz of every control point, in the
/// lattice's order (i along S fastest, then j, k).
struct Keyframe {
  int frame = 0;
  std::vector<double> displacements;
};

/// |amplitude| of a built-in animation: at most 1000 (bend moves points by 0.3 x amplitude
/// lattice widths, breathe scales by 1 + 0.1 x amplitude; beyond 1000 nothing is recognisable).
inline constexpr double kMaxAmplitude = 1000;

/// Throws InvalidArgument "amplitude = 1e+300 is outside -1000..1000 (...)" (NumberRules.h) for
/// a non-finite amplitude or one beyond kMaxAmplitude. Programs respell "amplitude".
void CheckAmplitude(double amplitude);

/// Throws InvalidArgument naming `frames`, the lattice and the bytes when keeping the control
/// points of `frames` frames (frames x control points x 3 doubles) would exceed the machine's
/// memory: checked before a caller precomputes them.
void CheckFrameMemory(int frames, const Lattice& lattice);

class Animation {
public:
  /// The built-in animations' names: twist, bend, squash, breathe.
  static const std::vector<std::string>& BuiltInNames();

  /// One period of the built-in animation `name` over `frames` frames, scaled by `amplitude`.
  /// Throws InvalidArgument for another name, frames < 1, an amplitude CheckAmplitude refuses,
  /// or a lattice ValidateLattice refuses.
  static Animation BuiltIn(const std::string& name, const Lattice& lattice, double amplitude,
                           int frames);
  /// Throws InvalidArgument naming the keyframe: none given, a frame < 0 or not after the one
  /// before, not one finite displacement per control point, a displacement beyond +-1e30
  /// (numbers::kFloatSafe: deformed points are floats).
  static Animation FromKeyframes(std::vector<Keyframe> keyframes, const Lattice& lattice);

  /// x,y,z of every control point at `frame` (>= 0).
  std::vector<double> ControlPoints(int frame) const;

private:
  Lattice lattice_;
  std::vector<double> rest_;
  std::string name_;
  double amplitude_ = 0;
  int frames_ = 1;
  std::vector<int> keyFrames_;
  std::vector<std::vector<double>> keyDisplacements_;
};

} // namespace cumed::deformation
