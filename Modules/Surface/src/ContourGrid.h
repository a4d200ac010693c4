#pragma once
// The marching-cubes passes on a bit grid, shared by the CPU and CUDA backends (every function is
// host and device code, so both backends number points and triangles by the same formulas).
//
// Classification packs "inside" flags into 32-bit words along x. A unit is one word of one row
// (j, k); the count pass gives every unit its number of intersected edges and triangles, an
// exclusive scan turns counts into output offsets, and the emit pass writes the edge of every
// point and the three point ids of every triangle.
//
// Point numbering is vtkFlyingEdges3D's (so CuMed's points come in VTK's order): row by row,
// rows (j, k) in memory order; in a row first its x-edge points, then its y-edge points, then its
// z-edge points, each in x order. A point belongs to the row of its edge's start point. The
// count array therefore holds, for every row, three "segments" (x, y, z) of one entry per unit.
// A slab owns planes [zBegin, zEnd): their points and the cells whose lowest corner lies in them.
// Its top cells use x/y-edge points of plane zEnd, which belong to the next slab but come first
// there; the slab counts that plane's rows (all three segments, since a row's z-edge points come
// before the next row's x points) as a "ghost" plane after its own, so the same scan gives their
// ids. The ghost plane's z-edges read plane zEnd + 1: slabs classify two planes above their own.
#include <cstdint>

#include "cumed/core/HostDevice.h"

namespace cumed::surface::detail {

constexpr int kWordBits = 32;

CUMED_HOST_DEVICE_FORCEINLINE int PopCount(std::uint32_t word) {
#if defined(__CUDA_ARCH__)
  return __popc(word);
#elif defined(__POPCNT__)
  return __builtin_popcount(word);
#else
  // x86-64's baseline has no popcnt instruction and __builtin_popcount becomes a libgcc call;
  // the bit-parallel count is a few inline instructions.
  word = word - ((word >> 1) & 0x55555555u);
  word = (word & 0x33333333u) + ((word >> 2) & 0x33333333u);
  return static_cast<int>((((word + (word >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24);
#endif
}

CUMED_HOST_DEVICE_FORCEINLINE int LowestBit(std::uint32_t word) {
#if defined(__CUDA_ARCH__)
  return __ffs(word) - 1;
#else
  return __builtin_ctz(word);
#endif
}

/// Bits [0, bit) set.
CUMED_HOST_DEVICE_FORCEINLINE std::uint32_t LowMask(int bit) {
  return bit == 0 ? 0u : (0xffffffffu >> (kWordBits - bit));
}

struct ContourGrid {
  std::int64_t nx = 0, ny = 0, nz = 0; ///< points of the whole volume
  std::int64_t words = 0;              ///< 32-bit words per row
  std::int64_t zBegin = 0, zEnd = 0;   ///< planes this slab owns

  CUMED_HOST_DEVICE_FORCEINLINE std::int64_t unitsPerPlane() const { return ny * words; }
  CUMED_HOST_DEVICE_FORCEINLINE bool hasGhostPlane() const { return zEnd < nz; }
  /// Planes whose units are counted: the owned ones plus the ghost plane.
  CUMED_HOST_DEVICE_FORCEINLINE std::int64_t countPlanes() const {
    return zEnd - zBegin + (hasGhostPlane() ? 1 : 0);
  }
  CUMED_HOST_DEVICE_FORCEINLINE std::int64_t countUnits() const {
    return countPlanes() * unitsPerPlane();
  }
  /// Planes of classified bits the slab needs: its own, the ghost plane and the one above that
  /// (the ghost plane's z-edges), those that exist.
  CUMED_HOST_DEVICE_FORCEINLINE std::int64_t bitPlanes() const {
    return (zEnd + 2 < nz ? zEnd + 2 : nz) - zBegin;
  }
  CUMED_HOST_DEVICE_FORCEINLINE std::int64_t bitWords() const {
    return bitPlanes() * unitsPerPlane();
  }
  /// Entries of the point-count array: three segments (x, y, z) per row of the counted planes.
  CUMED_HOST_DEVICE_FORCEINLINE std::int64_t pointCountLength() const { return 3 * countUnits(); }
  /// The entries of the owned planes (they come first; the ghost plane's follow).
  CUMED_HOST_DEVICE_FORCEINLINE std::int64_t ownPointEntries() const {
    return 3 * (zEnd - zBegin) * unitsPerPlane();
  }
  /// Entries of the triangle-count array: one per unit of every owned plane.
  CUMED_HOST_DEVICE_FORCEINLINE std::int64_t triangleCountLength() const {
    return (zEnd - zBegin) * unitsPerPlane();
  }

  CUMED_HOST_DEVICE_FORCEINLINE std::int64_t bitIndex(std::int64_t j, std::int64_t k,
                                                      std::int64_t w) const {
    return ((k - zBegin) * ny + j) * words + w;
  }
  /// Count entry of unit w of row (j, k) for the points on its `axis` edges (0 x, 1 y, 2 z).
  CUMED_HOST_DEVICE_FORCEINLINE std::int64_t pointSegment(std::int64_t j, std::int64_t k, int axis,
                                                          std::int64_t w) const {
    return (((k - zBegin) * ny + j) * 3 + axis) * words + w;
  }
  CUMED_HOST_DEVICE_FORCEINLINE std::int64_t triangleUnit(std::int64_t j, std::int64_t k,
                                                          std::int64_t w) const {
    return bitIndex(j, k, w);
  }
  /// Bits of word w whose x index is below `limit`.
  CUMED_HOST_DEVICE_FORCEINLINE std::uint32_t belowMask(std::int64_t w, std::int64_t limit) const {
    const std::int64_t n = limit - w * kWordBits;
    return n <= 0 ? 0u : (n >= kWordBits ? 0xffffffffu : LowMask(static_cast<int>(n)));
  }
};

/// The classified bits of one slab (bits beyond nx are zero).
struct BitRows {
  const std::uint32_t* bits;
  ContourGrid grid;
};

/// The bit words around unit (w, j, k), loaded once: rows (j+dy, k+dz) at words w, w+1, w+2
/// (zero where the row, word or bit plane does not exist). Everything the passes derive (edge
/// intersections, cell corners) comes from these twelve registers.
struct UnitWords {
  std::uint32_t word[4][3]; ///< [dy + 2*dz][dw]
  ContourGrid grid;
  std::int64_t j, k, w;

  CUMED_HOST_DEVICE_FORCEINLINE UnitWords(const BitRows& rows, std::int64_t j_, std::int64_t k_,
                                          std::int64_t w_)
      : grid(rows.grid), j(j_), k(k_), w(w_) {
    const std::int64_t planeEnd = grid.zBegin + grid.bitPlanes();
    for (int r = 0; r < 4; ++r) {
      const bool row = j + (r & 1) < grid.ny && k + (r >> 1) < planeEnd;
      for (int dw = 0; dw < 3; ++dw) {
        word[r][dw] = row && w + dw < grid.words
                          ? rows.bits[grid.bitIndex(j + (r & 1), k + (r >> 1), w + dw)]
                          : 0u;
      }
    }
  }
  /// Bit n: the flag of point (x of bit n) + 1 in row r, for word w + dw (dw = 0, 1).
  CUMED_HOST_DEVICE_FORCEINLINE std::uint32_t shifted(int r, int dw) const {
    return (word[r][dw] >> 1) | ((word[r][dw + 1] & 1u) << (kWordBits - 1));
  }
  /// Intersected x-edges of row r's points in word w + dw.
  CUMED_HOST_DEVICE_FORCEINLINE std::uint32_t xEdges(int r, int dw) const {
    return (word[r][dw] ^ shifted(r, dw)) & grid.belowMask(w + dw, grid.nx - 1);
  }
  /// Intersected y-edges of the points of row (j, k + dz), word w + dw.
  CUMED_HOST_DEVICE_FORCEINLINE std::uint32_t yEdges(int dz, int dw) const {
    return j + 1 < grid.ny ? word[2 * dz][dw] ^ word[2 * dz + 1][dw] : 0u;
  }
  /// Intersected z-edges of the points of row (j + dy, k), word w + dw.
  CUMED_HOST_DEVICE_FORCEINLINE std::uint32_t zEdges(int dy, int dw) const {
    return k + 1 < grid.nz ? word[dy][dw] ^ word[dy + 2][dw] : 0u;
  }
};

/// The eight corner flags of the 32 cells starting in word w of row (j, k), as words (corner
/// numbering of EdgeCaseTable.h), and the cells whose corners are not all equal.
struct CellWords {
  std::uint32_t corner[8];
  std::uint32_t active;

  /// No cells (a unit without cells, e.g. on the last row).
  CUMED_HOST_DEVICE_FORCEINLINE CellWords() : corner{}, active(0) {}
  CUMED_HOST_DEVICE_FORCEINLINE explicit CellWords(const UnitWords& u) {
    std::uint32_t all = 0xffffffffu, any = 0u;
    for (int r = 0; r < 4; ++r) {
      corner[2 * r] = u.word[r][0];
      corner[2 * r + 1] = u.shifted(r, 0);
      all &= corner[2 * r] & corner[2 * r + 1];
      any |= corner[2 * r] | corner[2 * r + 1];
    }
    active = (any & ~all) & u.grid.belowMask(u.w, u.grid.nx - 1);
  }
  CUMED_HOST_DEVICE_FORCEINLINE int caseOf(int bit) const {
    int index = 0;
    for (int c = 0; c < 8; ++c) {
      index |= static_cast<int>((corner[c] >> bit) & 1u) << c;
    }
    return index;
  }
};

struct UnitCounts {
  std::uint32_t points[3] = {0, 0, 0}; ///< points on the unit's x-, y- and z-edges
  std::uint32_t triangles = 0;
  std::uint32_t cells = 0; ///< cells that make triangles
};

/// Counts of unit (w, j, k); k may be the ghost plane (then only points count).
CUMED_HOST_DEVICE_FORCEINLINE UnitCounts CountUnit(const UnitWords& u,
                                                   const std::uint8_t (*edgeCases)[16]) {
  UnitCounts counts;
  counts.points[0] = PopCount(u.xEdges(0, 0));
  counts.points[1] = PopCount(u.yEdges(0, 0));
  counts.points[2] = PopCount(u.zEdges(0, 0));
  if (u.k >= u.grid.zEnd) {
    return counts;
  }
  if (u.j + 1 < u.grid.ny && u.k + 1 < u.grid.nz) {
    const CellWords cells(u);
    for (std::uint32_t active = cells.active; active != 0; active &= active - 1) {
      const std::uint32_t made = edgeCases[cells.caseOf(LowestBit(active))][0];
      counts.triangles += made;
      counts.cells += made != 0;
    }
  }
  return counts;
}

/// The key that names a point's grid edge: its start point and axis as bit fields (i and j
/// below 2^20, see kMaxPointsPerAxis), so decoding costs shifts, not 64-bit divisions.
constexpr std::int64_t kMaxPointsPerAxis = std::int64_t(1) << 20;

CUMED_HOST_DEVICE_FORCEINLINE std::int64_t EdgeKey(const ContourGrid&, std::int64_t i,
                                                   std::int64_t j, std::int64_t k, int axis) {
  return (k << 42) | (j << 22) | (i << 2) | axis;
}

struct EdgeOfKey {
  std::int64_t i, j, k;
  int axis;
  CUMED_HOST_DEVICE_FORCEINLINE explicit EdgeOfKey(std::int64_t key)
      : i((key >> 2) & (kMaxPointsPerAxis - 1)), j((key >> 22) & (kMaxPointsPerAxis - 1)),
        k(key >> 42), axis(static_cast<int>(key & 3)) {}
};

/// What the cells of a unit need to name the points on their twelve edges: for each edge
/// family, the intersection bits and the slab-local id of the first point of the words involved
/// (`offsets` is the exclusive scan of the point counts).
struct UnitEdges {
  std::uint32_t xBits[4]; ///< x-edges of rows (j+dy, k+dz), index dy + 2*dz, word w
  std::uint64_t xFirst[4];
  std::uint32_t yBits[2][2]; ///< y-edges of rows (j, k+dz), words w and w+1: [dz][dw]
  std::uint64_t yFirst[2][2];
  std::uint32_t zBits[2][2]; ///< z-edges of rows (j+dy, k), words w and w+1: [dy][dw]
  std::uint64_t zFirst[2][2];

  CUMED_HOST_DEVICE_FORCEINLINE UnitEdges(const UnitWords& u, const std::uint64_t* offsets) {
    const ContourGrid& g = u.grid;
    for (int r = 0; r < 4; ++r) {
      xBits[r] = u.xEdges(r, 0);
      xFirst[r] = offsets[g.pointSegment(u.j + (r & 1), u.k + (r >> 1), 0, u.w)];
    }
    for (int d = 0; d < 2; ++d) {
      for (int dw = 0; dw < 2; ++dw) {
        // Word w+1 exists whenever a cell of this unit reaches into it (i + 1 < nx).
        const bool exists = u.w + dw < g.words;
        yBits[d][dw] = u.yEdges(d, dw);
        yFirst[d][dw] = exists ? offsets[g.pointSegment(u.j, u.k + d, 1, u.w + dw)] : 0u;
        zBits[d][dw] = u.zEdges(d, dw);
        zFirst[d][dw] = exists ? offsets[g.pointSegment(u.j + d, u.k, 2, u.w + dw)] : 0u;
      }
    }
  }

  /// Point id of cell edge `edge` (EdgeCaseTable.h numbering) of the cell at bit `bit`.
  CUMED_HOST_DEVICE_FORCEINLINE std::uint64_t cellEdge(int edge, int bit) const {
    if (edge < 4) {
      return xFirst[edge] + PopCount(xBits[edge] & LowMask(bit));
    }
    const int shifted = bit + (edge & 1); // y- and z-edges at i+1 may start the next word
    const bool next = shifted >= kWordBits;
    const std::uint32_t below = LowMask(shifted & (kWordBits - 1));
    const int d = (edge >> 1) & 1;
    // Selects, not a run-time array index, so the arrays stay in registers on the GPU.
    if (edge < 8) {
      return next ? yFirst[d][1] + PopCount(yBits[d][1] & below)
                  : yFirst[d][0] + PopCount(yBits[d][0] & below);
    }
    return next ? zFirst[d][1] + PopCount(zBits[d][1] & below)
                : zFirst[d][0] + PopCount(zBits[d][0] & below);
  }
};

/// Where the emit pass writes one slab's output (arrays indexed by slab-local ids).
struct EmitTarget {
  std::int64_t* edgeKeys;     ///< per slab point: the edge it lies on
  std::int64_t* triangles;    ///< per slab triangle: three global point ids
  std::int64_t pointIdOffset; ///< global id of the slab's first point
  bool reverseWinding;        ///< write each triangle's last two points swapped
};

/// Where vertex `v` (0..2) of a triangle is written: swapping the last two reverses the winding.
CUMED_HOST_DEVICE_FORCEINLINE int WoundVertex(int v, bool reverse) {
  return reverse && v != 0 ? 3 - v : v;
}

/// Writes the points (edge keys) and triangles of unit (w, j, k) of an owned plane (the CPU's
/// serial form; the CUDA kernel spreads the same work over a warp, in the same order).
CUMED_HOST_DEVICE_FORCEINLINE void EmitUnit(const BitRows& rows, const std::uint64_t* pointOffsets,
                                            const std::uint64_t* triangleOffsets,
                                            const std::uint8_t (*edgeCases)[16],
                                            const EmitTarget& target, std::int64_t j,
                                            std::int64_t k, std::int64_t w) {
  const ContourGrid& g = rows.grid;
  const UnitWords u(rows, j, k, w);
  const std::int64_t iBase = w * kWordBits;
  for (int axis = 0; axis < 3; ++axis) {
    std::uint64_t id = pointOffsets[g.pointSegment(j, k, axis, w)];
    const std::uint32_t cut =
        axis == 0 ? u.xEdges(0, 0) : (axis == 1 ? u.yEdges(0, 0) : u.zEdges(0, 0));
    for (std::uint32_t m = cut; m != 0; m &= m - 1) {
      target.edgeKeys[id++] = EdgeKey(g, iBase + LowestBit(m), j, k, axis);
    }
  }
  if (j + 1 >= g.ny || k + 1 >= g.nz) {
    return;
  }
  const CellWords cells(u);
  if (cells.active == 0) {
    return;
  }
  const UnitEdges edges(u, pointOffsets);
  std::uint64_t triangle = triangleOffsets[g.triangleUnit(j, k, w)];
  for (std::uint32_t active = cells.active; active != 0; active &= active - 1) {
    const int bit = LowestBit(active);
    const std::uint8_t* cellCase = edgeCases[cells.caseOf(bit)];
    for (int t = 0; t < cellCase[0]; ++t, ++triangle) {
      for (int v = 0; v < 3; ++v) {
        target.triangles[3 * triangle + WoundVertex(v, target.reverseWinding)] =
            target.pointIdOffset +
            static_cast<std::int64_t>(edges.cellEdge(cellCase[1 + 3 * t + v], bit));
      }
    }
  }
}

} // namespace cumed::surface::detail
