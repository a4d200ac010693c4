#pragma once
// Marching cubes triangle cases in flying-edges numbering, shared by both backends.
//
// Cell corners are numbered by bit: 0 (0,0,0), 1 (1,0,0), 2 (0,1,0), 3 (1,1,0), 4 (0,0,1),
// 5 (1,0,1), 6 (0,1,1), 7 (1,1,1); the case index has bit n set when corner n is inside.
// Cell edges: 0..3 the x-edges starting at (0,0,0) (0,1,0) (0,0,1) (0,1,1); 4..7 the y-edges
// starting at (0,0,0) (1,0,0) (0,0,1) (1,0,1); 8..11 the z-edges starting at (0,0,0) (1,0,0)
// (0,1,0) (1,1,0). Row c: triangle count, then three edges per triangle, in output order.
//
// The table is VTK's marching cubes table (vtkMarchingCubesTriangleCases, BSD licence) mapped to
// this numbering exactly as vtkFlyingEdges3D maps it, so triangles and their orientation match
// VTK's; the test EdgeCaseTableTest rebuilds it from VTK and compares.
#include <cstdint>

namespace cumed::surface::detail {

constexpr int kMaxTrianglesPerCell = 5;
extern const std::uint8_t kEdgeCases[256][16];

} // namespace cumed::surface::detail
