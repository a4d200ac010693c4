#pragma once
// Volumes and comparisons for the tests of CuMed's VTK filters: images on an awkward grid
// (extent not starting at 0, anisotropic spacing, an origin, a rotated or reflected direction),
// smooth random fields and label blobs, and a comparison of two vtkPolyData surfaces that finds
// each point's match by position within each contour value's block (so a difference in order
// is reported as such, not as a different surface).
#include <vtkPolyData.h>
#include <vtkSmartPointer.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

class vtkAlgorithm;
class vtkDataArray;
class vtkImageData;

namespace cumed::surfacevtktest {

struct Grid {
  std::array<int, 6> extent{-3, 33, 5, 33, 2, 24}; ///< 37 x 29 x 23 points
  std::array<double, 3> spacing{0.7, 1.3, 2.1};
  std::array<double, 3> origin{-10.0, 5.0, 30.0};
  std::array<double, 9> direction{1, 0, 0, 0, 1, 0, 0, 0, 1}; ///< row-major
};

/// Rotations about z (30 deg) and x (20 deg); with `reflect` the z axis is flipped (det -1).
std::array<double, 9> TiltedDirection(bool reflect);

/// An image on `grid` with no arrays.
vtkSmartPointer<vtkImageData> MakeImage(const Grid& grid);

/// A smooth random field f in about [-1000, 1000] (Gaussian blobs and a slow wave), stored as
/// offset + scale * f (rounded for integer types), one value per point of `image`, as a named
/// array of VTK type `vtkType`; set as the active scalars when `active`.
vtkDataArray* AddSmoothField(vtkImageData* image, int vtkType, const std::string& name,
                             unsigned seed, bool active = true, double scale = 1.0,
                             double offset = 0.0);

/// Labels 0 (background) .. `labels` in overlapping ellipsoids; active scalars of `vtkType`.
vtkDataArray* AddLabelField(vtkImageData* image, int vtkType, int labels, unsigned seed);

/// Runs `filter` (input set) and returns a copy of its output.
vtkSmartPointer<vtkPolyData> RunFilter(vtkAlgorithm* filter);

/// How two surfaces compare.
struct SurfaceComparison {
  std::string problem; ///< empty when `actual` matches `expected`
  /// actual point id -> expected point id (when the problem is not about the counts).
  std::vector<vtkIdType> toExpected;
};

/// Matches every point of `actual` to the point of `expected` at the same position (within
/// `tolerance`) in the block of the same contour value (the point scalars named `scalarName`;
/// "" compares all points as one block), one to one; then checks that both have the same
/// triangles with the same orientation. Reports the first problem.
SurfaceComparison CompareSurfaces(vtkPolyData* actual, vtkPolyData* expected, double tolerance,
                                  const std::string& scalarName);

/// Whether the matching is the identity: every point has VTK's id (CuMed numbers its points
/// as vtkFlyingEdges3D does).
bool InVtkOrder(const SurfaceComparison& comparison);

/// Whether the pieces' triangles, together, are the whole surface's, as sets (nothing missing,
/// nothing extra; pieces may overlap, e.g. by ghost layers): every vertex is matched to a point of
/// `whole` by position within `tolerance`, a triangle is its three point ids in order (orientation
/// kept). "" when they are; else the first problem.
std::string PiecesCoverWhole(const std::vector<vtkSmartPointer<vtkPolyData>>& pieces,
                             vtkPolyData* whole, double tolerance);

/// Largest |actual[i] - expected[toExpected[i]]| over all tuples and components of the arrays;
/// +inf when the shapes differ.
double MaxDifference(vtkDataArray* actual, vtkDataArray* expected,
                     const std::vector<vtkIdType>& toExpected);

/// The arrays' values equal element for element (same order), any type.
bool SameValues(vtkDataArray* a, vtkDataArray* b);

} // namespace cumed::surfacevtktest
