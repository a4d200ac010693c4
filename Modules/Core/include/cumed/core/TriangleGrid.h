#pragma once
// A uniform grid over the bounding boxes of a mesh's triangles, for exact nearest-triangle
// queries: the search visits shells of cells around the query point until the distance to the
// unvisited cells cannot beat the best triangle found, so the answer equals a brute-force scan.
#include "cumed/core/PointTriangleDistance.h"

#include <array>
#include <cstdint>
#include <vector>

namespace cumed::geometry {

/// x,y,z per point, as floats (CuMed's meshes) or doubles (a file's double-precision points,
/// measured without rounding them to float); not owned.
class PointArray {
public:
  PointArray(const float* points) : floats_(points) {}   // implicit on purpose: either kind
  PointArray(const double* points) : doubles_(points) {} // of array is a PointArray
  Vector3 operator[](std::int64_t i) const {
    if (doubles_) return {doubles_[3 * i], doubles_[3 * i + 1], doubles_[3 * i + 2]};
    return {floats_[3 * i], floats_[3 * i + 1], floats_[3 * i + 2]};
  }

private:
  const float* floats_ = nullptr;
  const double* doubles_ = nullptr;
};

class TriangleGrid {
public:
  /// Indexes the triangles (three ids into `points`), or, when `triangles` is null, every one of
  /// `numberOfPrimitives` points as a primitive (nearest point queries). The arrays are not
  /// copied: they must outlive the grid. Ids are not checked here.
  TriangleGrid(PointArray points, const std::int64_t* triangles, std::int64_t numberOfPrimitives);

  struct Nearest {
    double squaredDistance = 0.0;
    std::int64_t primitive = -1; ///< the triangle (or point); -1 when there is none
    Vector3 closest;             ///< its point closest to the query
  };

  /// The primitive nearest to p (ties: whichever the search meets first).
  Nearest nearest(const Vector3& p) const;

  const std::array<int, 3>& dimensions() const { return dims_; }
  /// Cell references stored (a triangle counts once per cell its bounding box touches).
  std::int64_t references() const { return static_cast<std::int64_t>(cellItems_.size()); }

private:
  Vector3 corner(std::int64_t primitive, int k) const;
  std::array<int, 3> cellOf(const Vector3& p) const;
  std::int64_t cellIndex(int x, int y, int z) const {
    return (static_cast<std::int64_t>(z) * dims_[1] + y) * dims_[0] + x;
  }
  void scanCell(std::int64_t cell, const Vector3& p, Nearest& best) const;

  PointArray points_;
  const std::int64_t* triangles_;
  std::int64_t count_;
  Vector3 origin_;
  double cellSize_ = 1.0;
  std::array<int, 3> dims_{1, 1, 1};
  std::vector<std::int64_t> cellStart_;  ///< CSR: the items of cell c are [start[c], start[c+1])
  std::vector<std::uint32_t> cellItems_; ///< primitive ids
};

} // namespace cumed::geometry
