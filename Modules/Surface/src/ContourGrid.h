#pragma once
// The marching-cubes passes on a bit grid, shared by the CPU and CUDA backends (every function is
// host and device code, so both backends number points and triangles by the same formulas).
//
// Classification packs "inside" flags into 32-bit words along x. A unit is one word of one row
// (j, k); the count pass gives every unit its number of intersected edges and triangles, an
// exclusive scan turns counts into output offsets, and the emit pass writes the edge of every
// point and the three point ids of every triangle.
//
// Point numbering (which makes slabs independent): plane by plane; in a plane, first the "xy
// segment" (for every unit in row order: its x-edge points, then its y-edge points), then the
// "z segment" (every unit's z-edge points). A slab owns planes [zBegin, zEnd): their points and
// the cells whose lowest corner lies in them. Its cells at the top use x/y-edge points of plane
// zEnd, which belong to the next slab but come first there; the slab counts that plane's xy
// segment as a "ghost" after its own, so the same scan gives their ids. Slabs therefore need one
// plane of overlap and produce exactly the single-slab mesh.
#include <cstdint>

#if defined(__CUDACC__)
#define CUMED_CONTOUR_HD __host__ __device__ __forceinline__
#else
#define CUMED_CONTOUR_HD inline
#endif

namespace cumed::surface::detail {

constexpr int kWordBits = 32;

CUMED_CONTOUR_HD int PopCount(std::uint32_t word) {
#if defined(__CUDA_ARCH__)
  return __popc(word);
#else
  return __builtin_popcount(word);
#endif
}

CUMED_CONTOUR_HD int LowestBit(std::uint32_t word) {
#if defined(__CUDA_ARCH__)
  return __ffs(word) - 1;
#else
  return __builtin_ctz(word);
#endif
}

/// Bits [0, bit) set.
CUMED_CONTOUR_HD std::uint32_t LowMask(int bit) {
  return bit == 0 ? 0u : (0xffffffffu >> (kWordBits - bit));
}

struct ContourGrid {
  std::int64_t nx = 0, ny = 0, nz = 0; ///< points of the whole volume
  std::int64_t words = 0;              ///< 32-bit words per row
  std::int64_t zBegin = 0, zEnd = 0;   ///< planes this slab owns

  CUMED_CONTOUR_HD std::int64_t unitsPerPlane() const { return ny * words; }
  CUMED_CONTOUR_HD bool hasGhostPlane() const { return zEnd < nz; }
  /// Planes of classified bits the slab needs: its own plus the plane above.
  CUMED_CONTOUR_HD std::int64_t bitPlanes() const { return (hasGhostPlane() ? zEnd + 1 : zEnd) - zBegin; }
  CUMED_CONTOUR_HD std::int64_t bitWords() const { return bitPlanes() * unitsPerPlane(); }
  /// Entries of the point-count array: two segments per owned plane plus the ghost segment.
  CUMED_CONTOUR_HD std::int64_t pointCountLength() const {
    return ((zEnd - zBegin) * 2 + (hasGhostPlane() ? 1 : 0)) * unitsPerPlane();
  }
  /// Entries of the triangle-count array: one per unit of every owned plane.
  CUMED_CONTOUR_HD std::int64_t triangleCountLength() const { return (zEnd - zBegin) * unitsPerPlane(); }

  CUMED_CONTOUR_HD std::int64_t bitIndex(std::int64_t j, std::int64_t k, std::int64_t w) const {
    return ((k - zBegin) * ny + j) * words + w;
  }
  CUMED_CONTOUR_HD std::int64_t xySegment(std::int64_t j, std::int64_t k, std::int64_t w) const {
    return (k - zBegin) * 2 * unitsPerPlane() + j * words + w;
  }
  CUMED_CONTOUR_HD std::int64_t zSegment(std::int64_t j, std::int64_t k, std::int64_t w) const {
    return ((k - zBegin) * 2 + 1) * unitsPerPlane() + j * words + w;
  }
  CUMED_CONTOUR_HD std::int64_t triangleUnit(std::int64_t j, std::int64_t k, std::int64_t w) const {
    return bitIndex(j, k, w);
  }
  /// Bits of word w whose x index is below `limit`.
  CUMED_CONTOUR_HD std::uint32_t belowMask(std::int64_t w, std::int64_t limit) const {
    const std::int64_t n = limit - w * kWordBits;
    return n <= 0 ? 0u : (n >= kWordBits ? 0xffffffffu : LowMask(static_cast<int>(n)));
  }
};

/// Read access to the classified bits of one slab (bits beyond nx are zero).
struct BitRows {
  const std::uint32_t* bits;
  ContourGrid grid;

  CUMED_CONTOUR_HD std::uint32_t word(std::int64_t j, std::int64_t k, std::int64_t w) const {
    return w < grid.words ? bits[grid.bitIndex(j, k, w)] : 0u;
  }
  /// Bit n of the result: the flag of point (w*32 + n + 1, j, k).
  CUMED_CONTOUR_HD std::uint32_t shiftedWord(std::int64_t j, std::int64_t k, std::int64_t w) const {
    return (word(j, k, w) >> 1) | ((word(j, k, w + 1) & 1u) << (kWordBits - 1));
  }
  CUMED_CONTOUR_HD std::uint32_t xEdges(std::int64_t j, std::int64_t k, std::int64_t w) const {
    return (word(j, k, w) ^ shiftedWord(j, k, w)) & grid.belowMask(w, grid.nx - 1);
  }
  CUMED_CONTOUR_HD std::uint32_t yEdges(std::int64_t j, std::int64_t k, std::int64_t w) const {
    return j + 1 < grid.ny ? word(j, k, w) ^ word(j + 1, k, w) : 0u;
  }
  CUMED_CONTOUR_HD std::uint32_t zEdges(std::int64_t j, std::int64_t k, std::int64_t w) const {
    return k + 1 < grid.nz ? word(j, k, w) ^ word(j, k + 1, w) : 0u;
  }
};

/// The eight corner flags of the 32 cells starting in word w of row (j, k), as words (corner
/// numbering of EdgeCaseTable.h), and the cells whose corners are not all equal.
struct CellWords {
  std::uint32_t corner[8];
  std::uint32_t active;

  CUMED_CONTOUR_HD CellWords(const BitRows& rows, std::int64_t j, std::int64_t k, std::int64_t w) {
    for (int dz = 0; dz < 2; ++dz) {
      for (int dy = 0; dy < 2; ++dy) {
        corner[dz * 4 + dy * 2] = rows.word(j + dy, k + dz, w);
        corner[dz * 4 + dy * 2 + 1] = rows.shiftedWord(j + dy, k + dz, w);
      }
    }
    std::uint32_t all = 0xffffffffu, any = 0u;
    for (int c = 0; c < 8; ++c) {
      all &= corner[c];
      any |= corner[c];
    }
    active = (any & ~all) & rows.grid.belowMask(w, rows.grid.nx - 1);
  }
  CUMED_CONTOUR_HD int caseOf(int bit) const {
    int index = 0;
    for (int c = 0; c < 8; ++c) {
      index |= static_cast<int>((corner[c] >> bit) & 1u) << c;
    }
    return index;
  }
};

struct UnitCounts {
  std::uint32_t xyPoints = 0; ///< x- and y-edge points of the unit
  std::uint32_t zPoints = 0;
  std::uint32_t triangles = 0;
};

/// Counts of unit (w, j, k); k may be the ghost plane (then only xy points count).
CUMED_CONTOUR_HD UnitCounts CountUnit(const BitRows& rows, const std::uint8_t (*edgeCases)[16],
                                      std::int64_t j, std::int64_t k, std::int64_t w) {
  UnitCounts counts;
  counts.xyPoints = PopCount(rows.xEdges(j, k, w)) + PopCount(rows.yEdges(j, k, w));
  if (k >= rows.grid.zEnd) {
    return counts;
  }
  counts.zPoints = PopCount(rows.zEdges(j, k, w));
  if (j + 1 < rows.grid.ny && k + 1 < rows.grid.nz) {
    const CellWords cells(rows, j, k, w);
    for (std::uint32_t active = cells.active; active != 0; active &= active - 1) {
      counts.triangles += edgeCases[cells.caseOf(LowestBit(active))][0];
    }
  }
  return counts;
}

/// Axis of a point's grid edge, and the key that names the edge: (point index) * 3 + axis.
CUMED_CONTOUR_HD std::int64_t EdgeKey(const ContourGrid& g, std::int64_t i, std::int64_t j,
                                      std::int64_t k, int axis) {
  return ((k * g.ny + j) * g.nx + i) * 3 + axis;
}

/// Slab-local point ids of intersected edges, from the scanned point counts.
struct PointIds {
  BitRows rows;
  const std::uint64_t* offsets; ///< exclusive scan of the point counts

  CUMED_CONTOUR_HD std::uint64_t xEdge(std::int64_t i, std::int64_t j, std::int64_t k) const {
    const std::int64_t w = i / kWordBits;
    const int bit = static_cast<int>(i % kWordBits);
    return offsets[rows.grid.xySegment(j, k, w)] + PopCount(rows.xEdges(j, k, w) & LowMask(bit));
  }
  CUMED_CONTOUR_HD std::uint64_t yEdge(std::int64_t i, std::int64_t j, std::int64_t k) const {
    const std::int64_t w = i / kWordBits;
    const int bit = static_cast<int>(i % kWordBits);
    return offsets[rows.grid.xySegment(j, k, w)] + PopCount(rows.xEdges(j, k, w)) +
           PopCount(rows.yEdges(j, k, w) & LowMask(bit));
  }
  CUMED_CONTOUR_HD std::uint64_t zEdge(std::int64_t i, std::int64_t j, std::int64_t k) const {
    const std::int64_t w = i / kWordBits;
    const int bit = static_cast<int>(i % kWordBits);
    return offsets[rows.grid.zSegment(j, k, w)] + PopCount(rows.zEdges(j, k, w) & LowMask(bit));
  }
  /// Cell edge `edge` (EdgeCaseTable.h numbering) of the cell at (i, j, k).
  CUMED_CONTOUR_HD std::uint64_t cellEdge(int edge, std::int64_t i, std::int64_t j,
                                          std::int64_t k) const {
    if (edge < 4) {
      return xEdge(i, j + (edge & 1), k + (edge >> 1));
    }
    if (edge < 8) {
      return yEdge(i + (edge & 1), j, k + ((edge >> 1) & 1));
    }
    return zEdge(i + (edge & 1), j + ((edge >> 1) & 1), k);
  }
};

/// Where the emit pass writes one slab's output (arrays indexed by slab-local ids).
struct EmitTarget {
  std::int64_t* edgeKeys;      ///< per slab point: the edge it lies on
  std::int64_t* triangles;     ///< per slab triangle: three global point ids
  std::int64_t pointIdOffset;  ///< global id of the slab's first point
};

/// Writes the points (edge keys) and triangles of unit (w, j, k) of an owned plane.
CUMED_CONTOUR_HD void EmitUnit(const PointIds& ids, const std::uint64_t* triangleOffsets,
                               const std::uint8_t (*edgeCases)[16], const EmitTarget& target,
                               std::int64_t j, std::int64_t k, std::int64_t w) {
  const BitRows& rows = ids.rows;
  const ContourGrid& g = rows.grid;
  const std::int64_t iBase = w * kWordBits;
  const std::uint64_t xyFirst = ids.offsets[g.xySegment(j, k, w)];
  const std::uint32_t xe = rows.xEdges(j, k, w);
  std::uint64_t id = xyFirst;
  for (std::uint32_t m = xe; m != 0; m &= m - 1) {
    target.edgeKeys[id++] = EdgeKey(g, iBase + LowestBit(m), j, k, 0);
  }
  for (std::uint32_t m = rows.yEdges(j, k, w); m != 0; m &= m - 1) {
    target.edgeKeys[id++] = EdgeKey(g, iBase + LowestBit(m), j, k, 1);
  }
  id = ids.offsets[g.zSegment(j, k, w)];
  for (std::uint32_t m = rows.zEdges(j, k, w); m != 0; m &= m - 1) {
    target.edgeKeys[id++] = EdgeKey(g, iBase + LowestBit(m), j, k, 2);
  }
  if (j + 1 >= g.ny || k + 1 >= g.nz) {
    return;
  }
  const CellWords cells(rows, j, k, w);
  std::uint64_t triangle = triangleOffsets[g.triangleUnit(j, k, w)];
  for (std::uint32_t active = cells.active; active != 0; active &= active - 1) {
    const int bit = LowestBit(active);
    const std::uint8_t* cellCase = edgeCases[cells.caseOf(bit)];
    const std::int64_t i = iBase + bit;
    for (int t = 0; t < cellCase[0]; ++t, ++triangle) {
      for (int v = 0; v < 3; ++v) {
        target.triangles[3 * triangle + v] =
            target.pointIdOffset +
            static_cast<std::int64_t>(ids.cellEdge(cellCase[1 + 3 * t + v], i, j, k));
      }
    }
  }
}

} // namespace cumed::surface::detail
