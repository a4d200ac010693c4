#pragma once
// A mesh compared with VTK's point for point, in VTK's numbering: CuMed numbers its points as
// vtkFlyingEdges3D does, so ids, positions and triangles can be compared directly.
#include "cumed/surface/SurfaceMesh.h"

#include <gtest/gtest.h>

namespace cumed::surface::test {

struct InOrderTolerances {
  float normal = 0.0f; ///< per component (positions and scalars are compared bit for bit)
};

/// Same point and triangle counts; point p of `actual` at exactly the position of VTK's point p
/// (NaN where VTK has NaN); every triangle naming the same three ids in the same order; normals
/// within the tolerance (NaN where VTK has NaN) and scalars equal, where `vtk` has them.
testing::AssertionResult SameAsVtkInOrder(const SurfaceMesh& actual, const SurfaceMesh& vtk,
                                          const InOrderTolerances& tolerances);

} // namespace cumed::surface::test
