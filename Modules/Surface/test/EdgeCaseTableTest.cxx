// CuMed's case table (src/EdgeCaseTable.cxx) is VTK's marching cubes table in flying-edges
// numbering. Rebuilt here from vtkMarchingCubesTriangleCases exactly as vtkFlyingEdges3D's
// constructor does (vertex map {0,1,3,2,4,5,7,6}, edge map {0,5,1,4,2,7,3,6,8,9,10,11}), it must
// be equal entry for entry: same triangles, same order, same orientation.
#include "src/EdgeCaseTable.h"

#include <vtkMarchingCubesTriangleCases.h>

#include <gtest/gtest.h>

#include <cstdint>

namespace {

TEST(EdgeCaseTable, EqualsTheTableVtkFlyingEdges3DBuildsFromMarchingCubes) {
  const int vertMap[8] = {0, 1, 3, 2, 4, 5, 7, 6};
  const std::uint8_t edgeMap[12] = {0, 5, 1, 4, 2, 7, 3, 6, 8, 9, 10, 11};
  int withTriangles = 0;
  for (int eCase = 0; eCase < 256; ++eCase) {
    int index = 0;
    for (int v = 0; v < 8; ++v)
      if (eCase & (1 << vertMap[v])) index |= 1 << v;
    const int* edges = vtkMarchingCubesTriangleCases::GetCases()[index].edges;
    std::uint8_t expected[16] = {0};
    int triangles = 0;
    for (; edges[3 * triangles] > -1; ++triangles)
      for (int e = 0; e < 3; ++e)
        expected[1 + 3 * triangles + e] = edgeMap[edges[3 * triangles + e]];
    expected[0] = static_cast<std::uint8_t>(triangles);
    withTriangles += triangles > 0;

    const std::uint8_t* actual = cumed::surface::detail::kEdgeCases[eCase];
    ASSERT_EQ(actual[0], expected[0]) << "triangle count of case " << eCase;
    ASSERT_LE(actual[0], cumed::surface::detail::kMaxTrianglesPerCell);
    for (int i = 1; i <= 3 * triangles; ++i)
      EXPECT_EQ(int(actual[i]), int(expected[i]))
          << "case " << eCase << ", triangle " << (i - 1) / 3 << ", corner " << (i - 1) % 3;
  }
  EXPECT_EQ(withTriangles, 254) << "every case but all-outside and all-inside has triangles";
}

} // namespace
