#include "cumed/core/TriangleGrid.h"

#include "cumed/core/Error.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace cumed::geometry {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
// About eight cells per primitive (a surface fills few of them: a handful of triangles per
// filled cell; measured fastest on a 1M-triangle CT surface among 2, 8 and 16), but never more
// than 2^25 cells (256 MiB of cell starts).
constexpr double kCellsPerPrimitive = 8.0;
constexpr double kMaxCells = 33554432.0;

struct Box {
  Vector3 low{kInfinity, kInfinity, kInfinity};
  Vector3 high{-kInfinity, -kInfinity, -kInfinity};
  void add(const Vector3& p) {
    low = {std::min(low.x, p.x), std::min(low.y, p.y), std::min(low.z, p.z)};
    high = {std::max(high.x, p.x), std::max(high.y, p.y), std::max(high.z, p.z)};
  }
  void add(const Box& b) { // not add(b.low), add(b.high): an empty box's corners are infinite
    low = {std::min(low.x, b.low.x), std::min(low.y, b.low.y), std::min(low.z, b.low.z)};
    high = {std::max(high.x, b.high.x), std::max(high.y, b.high.y), std::max(high.z, b.high.z)};
  }
};

double Get(const Vector3& v, int axis) {
  return axis == 0 ? v.x : axis == 1 ? v.y : v.z;
}

} // namespace

Vector3 TriangleGrid::corner(std::int64_t primitive, int k) const {
  return points_[triangles_ ? triangles_[3 * primitive + k] : primitive];
}

std::array<int, 3> TriangleGrid::cellOf(const Vector3& p) const {
  std::array<int, 3> cell{};
  for (int axis = 0; axis < 3; ++axis) {
    // Clamped in double before the cast: a point far outside must not overflow the int.
    const double at = std::floor((Get(p, axis) - Get(origin_, axis)) / cellSize_);
    cell[axis] = static_cast<int>(std::clamp(at, 0.0, static_cast<double>(dims_[axis] - 1)));
  }
  return cell;
}

TriangleGrid::TriangleGrid(PointArray points, const std::int64_t* triangles,
                           std::int64_t numberOfPrimitives)
    : points_(points), triangles_(triangles), count_(numberOfPrimitives) {
  if (count_ < 0 || count_ > std::int64_t(std::numeric_limits<std::uint32_t>::max()))
    throw InvalidArgument("TriangleGrid: " + std::to_string(count_) +
                          " primitives; from 0 to 2^32 - 1 can be indexed");
  const int corners = triangles_ ? 3 : 1;
  auto boxOf = [&](std::int64_t t) {
    Box box;
    for (int k = 0; k < corners; ++k) box.add(corner(t, k));
    return box;
  };
  Box bounds;
#pragma omp parallel
  {
    Box local;
#pragma omp for nowait
    for (std::int64_t t = 0; t < count_; ++t) local.add(boxOf(t));
#pragma omp critical(cumed_triangle_grid_bounds)
    bounds.add(local);
  }
  if (count_ == 0) {
    cellStart_.assign(2, 0);
    return;
  }
  origin_ = bounds.low;
  const Vector3 extent = bounds.high - bounds.low;
  const double largest = std::max({extent.x, extent.y, extent.z});

  // Cell size: the target number of cells spread over the axes that are not flat.
  const double targetCells = std::clamp(kCellsPerPrimitive * double(count_), 1.0, kMaxCells);
  double volume = 1.0;
  int axes = 0;
  for (int axis = 0; axis < 3; ++axis) {
    if (Get(extent, axis) > 1e-6 * largest) {
      volume *= Get(extent, axis);
      ++axes;
    }
  }
  cellSize_ = axes == 0 ? 1.0 : std::pow(volume / targetCells, 1.0 / axes);
  if (!(cellSize_ > 0.0) || !std::isfinite(cellSize_)) cellSize_ = largest > 0.0 ? largest : 1.0;

  // Registered over its box widened by a hair, so rounding in cellOf never loses a cell the box
  // really touches (the search's bound relies on that).
  auto rangeOf = [&](std::int64_t t, std::array<int, 3>& low, std::array<int, 3>& high) {
    const Box box = boxOf(t);
    const Vector3 margin{1e-6 * cellSize_, 1e-6 * cellSize_, 1e-6 * cellSize_};
    low = cellOf(box.low - margin);
    high = cellOf(box.high + margin);
  };
  for (;;) {
    double cells = 1.0;
    for (int axis = 0; axis < 3; ++axis) {
      const double n = std::ceil(Get(extent, axis) / cellSize_);
      dims_[axis] = static_cast<int>(std::clamp(n, 1.0, kMaxCells));
      cells *= dims_[axis];
    }
    if (cells > 2.0 * kMaxCells) { // ceil() on every axis overshot
      cellSize_ *= 1.25;
      continue;
    }
    // Triangles much larger than the cells (few big ones) would be stored in very many cells:
    // coarsen until the references stay proportional to the mesh.
    double references = 0.0;
#pragma omp parallel for reduction(+ : references)
    for (std::int64_t t = 0; t < count_; ++t) {
      std::array<int, 3> low, high;
      rangeOf(t, low, high);
      references += double(high[0] - low[0] + 1) * (high[1] - low[1] + 1) * (high[2] - low[2] + 1);
    }
    if (references <= 16.0 * double(count_) + 4.0 * cells ||
        (dims_[0] == 1 && dims_[1] == 1 && dims_[2] == 1))
      break;
    cellSize_ *= 2.0;
  }

  // Count, prefix sum, fill (CSR), then sort each cell so ties resolve the same in every run.
  const std::int64_t cells = std::int64_t(dims_[0]) * dims_[1] * dims_[2];
  cellStart_.assign(static_cast<std::size_t>(cells + 1), 0);
  auto forEachCell = [&](std::int64_t t, auto&& visit) {
    std::array<int, 3> low, high;
    rangeOf(t, low, high);
    for (int z = low[2]; z <= high[2]; ++z)
      for (int y = low[1]; y <= high[1]; ++y)
        for (int x = low[0]; x <= high[0]; ++x) visit(cellIndex(x, y, z));
  };
  std::int64_t* start = cellStart_.data();
#pragma omp parallel for
  for (std::int64_t t = 0; t < count_; ++t) {
    forEachCell(t, [&](std::int64_t c) {
#pragma omp atomic
      ++start[c + 1];
    });
  }
  for (std::int64_t c = 0; c < cells; ++c) start[c + 1] += start[c];
  cellItems_.resize(static_cast<std::size_t>(start[cells]));
  // The starts serve as cursors (no second array as large): each ends at the next cell's start,
  // then all move back by one cell.
  std::uint32_t* items = cellItems_.data();
#pragma omp parallel for
  for (std::int64_t t = 0; t < count_; ++t) {
    forEachCell(t, [&](std::int64_t c) {
      std::int64_t slot;
#pragma omp atomic capture
      slot = start[c]++;
      items[slot] = static_cast<std::uint32_t>(t);
    });
  }
  for (std::int64_t c = cells; c > 0; --c) start[c] = start[c - 1];
  start[0] = 0;
#pragma omp parallel for schedule(dynamic, 4096)
  for (std::int64_t c = 0; c < cells; ++c) std::sort(items + start[c], items + start[c + 1]);
}

void TriangleGrid::scanCell(std::int64_t cell, const Vector3& p, Nearest& best) const {
  for (std::int64_t i = cellStart_[cell]; i < cellStart_[cell + 1]; ++i) {
    const std::int64_t t = cellItems_[i];
    const Vector3 a = corner(t, 0);
    const Vector3 b = triangles_ ? corner(t, 1) : a;
    const Vector3 c = triangles_ ? corner(t, 2) : a;
    // The distance to the triangle's box bounds the exact one: skip what cannot win (this also
    // makes repeats of a triangle stored in several cells cheap).
    auto gap = [](double v, double l, double h) { return std::max({0.0, l - v, v - h}); };
    const double gx = gap(p.x, std::min({a.x, b.x, c.x}), std::max({a.x, b.x, c.x}));
    const double gy = gap(p.y, std::min({a.y, b.y, c.y}), std::max({a.y, b.y, c.y}));
    const double gz = gap(p.z, std::min({a.z, b.z, c.z}), std::max({a.z, b.z, c.z}));
    if (gx * gx + gy * gy + gz * gz >= best.squaredDistance) continue;
    Vector3 closest;
    const double d2 = SquaredDistanceToTriangle(p, a, b, c, &closest);
    if (d2 < best.squaredDistance) best = {d2, t, closest};
  }
}

TriangleGrid::Nearest TriangleGrid::nearest(const Vector3& p) const {
  Nearest best{kInfinity, -1, {}};
  if (count_ == 0) return best;
  const std::array<int, 3> c = cellOf(p);
  // Distance along an axis from p to the slab of cells i (0 inside; the first and last slabs
  // reach to infinity, as cellOf clamps). Rounding cannot lose a primitive: cells are registered
  // over boxes widened by a hair.
  auto gapTo = [&](int axis, int i) {
    const double v = Get(p, axis), low = Get(origin_, axis) + i * cellSize_;
    const double below = i > 0 ? low - v : 0.0;
    const double above = i < dims_[axis] - 1 ? v - (low + cellSize_) : 0.0;
    return std::max({0.0, below, above});
  };
  int lastShell = 0;
  for (int axis = 0; axis < 3; ++axis)
    lastShell = std::max({lastShell, c[axis], dims_[axis] - 1 - c[axis]});
  for (int r = 0; r <= lastShell; ++r) {
    // The cells at Chebyshev distance r from c, clipped to the grid.
    const int x0 = std::max(c[0] - r, 0), x1 = std::min(c[0] + r, dims_[0] - 1);
    const int y0 = std::max(c[1] - r, 0), y1 = std::min(c[1] + r, dims_[1] - 1);
    const int z0 = std::max(c[2] - r, 0), z1 = std::min(c[2] + r, dims_[2] - 1);
    for (int z = z0; z <= z1; ++z) {
      const double gz = gapTo(2, z);
      for (int y = y0; y <= y1; ++y) {
        const double gy = gapTo(1, y);
        if (gz * gz + gy * gy >= best.squaredDistance) continue; // the whole row is too far
        auto visit = [&](int x) {
          const double gx = gapTo(0, x);
          // A cell at least as far as the best so far holds nothing better: a primitive's
          // nearest point lies in one of its cells, and that cell would be nearer.
          if (gx * gx + gy * gy + gz * gz < best.squaredDistance)
            scanCell(cellIndex(x, y, z), p, best);
        };
        if (std::abs(z - c[2]) == r || std::abs(y - c[1]) == r) {
          for (int x = x0; x <= x1; ++x) visit(x);
        } else {
          if (c[0] - r >= 0) visit(c[0] - r);
          if (r > 0 && c[0] + r < dims_[0]) visit(c[0] + r);
        }
      }
    }
    // Everything not yet visited lies beyond a face of the visited block that has cells behind
    // it, so at least this far away.
    double bound = kInfinity;
    for (int axis = 0; axis < 3; ++axis) {
      const double low = Get(origin_, axis) + (c[axis] - r) * cellSize_;
      const double high = Get(origin_, axis) + (c[axis] + r + 1) * cellSize_;
      if (c[axis] - r > 0) bound = std::min(bound, Get(p, axis) - low);
      if (c[axis] + r < dims_[axis] - 1) bound = std::min(bound, high - Get(p, axis));
    }
    bound = std::max(bound, 0.0);
    if (best.squaredDistance <= bound * bound) break;
  }
  return best;
}

} // namespace cumed::geometry
