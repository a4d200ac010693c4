#pragma once
// One random FFD case drawn over the module's whole parameter space (see RandomizedFfdTest.cxx
// for the list): a lattice, a mesh placed in the lattice's local coordinates, the control points'
// displacements, and the normals' options.
#include "FfdReference.h"

#include "cumed/core/Mesh.h"
#include "cumed/test/RandomCases.h"

#include <string>
#include <vector>

namespace cumed::deformationtest {

enum class DisplacementKind { Zero, Small, Large, Sparse };

struct RandomFfdCase {
  ReferenceLattice lattice;
  SurfaceMesh mesh;
  DisplacementKind kind = DisplacementKind::Zero;
  /// x,y,z per control point, added to the rest points (all zero for DisplacementKind::Zero).
  std::vector<double> displacements;
  bool normals = true;
  bool unitFaces = false;
  std::string description; ///< one line: what was drawn
};

/// Draws every choice from `draw` in a fixed order, so a case seed reproduces the case.
RandomFfdCase DrawRandomFfdCase(test::RandomDraw& draw);

/// Control points along each axis, 2..16 and at most 2,048 in all, biased to the edges.
std::array<int, 3> DrawDimensions(test::RandomDraw& draw);

} // namespace cumed::deformationtest
