#pragma once
// What the distributed isosurface tests feed in and check: a rank's planes cut from the whole
// volume (halo planes spoiled, so only the exchange can make them right), and the promised
// equality with ExtractIsosurface's mesh of the whole volume, bit for bit (NaN normals of flat or
// non-finite regions must be NaN too, of either sign): the gathered mesh, each rank's piece as its
// range of the whole mesh, and each standalone (.pvtp) piece.
#include "TestVolumes.h"
#include "cumed/parallel/DistributedIsosurface.h"
#include "cumed/parallel/StandalonePiece.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

namespace cumed::parallel::test {

/// This rank's input: the extent's planes copied from the whole volume, the halo planes filled
/// with `spoil` (overwritten by the halo exchange).
template <class T>
Image LocalPlanes(const surface::test::Volume<T>& volume, const HaloExtent& extent,
                  T spoil = T(77)) {
  if (extent.owned.empty()) return Image();
  ImageGeometry local = volume.geometry;
  local.size[2] = static_cast<std::size_t>(extent.all().planes());
  Image planes = Image::Allocate(PixelTypeOf<T>(), local, MemoryLocation::Host);
  const std::size_t plane = local.size[0] * local.size[1];
  T* out = planes.view<T>().data;
  for (std::int64_t z = extent.all().begin; z < extent.all().end; ++z) {
    T* dst = out + (z - extent.all().begin) * plane;
    if (z >= extent.owned.begin && z < extent.owned.end)
      std::memcpy(dst, volume.data.data() + z * plane, plane * sizeof(T));
    else
      std::fill(dst, dst + plane, spoil);
  }
  return planes;
}

/// `count` values of `a` from index `aFirst` and of `b` from `bFirst` are the same bits.
/// Bit for bit, except that a NaN equals any NaN: the sign of the NaN a zero gradient makes (0/0)
/// is the hardware's, x86's default NaN is negative and CUDA's positive (found on an H200).
template <class V> bool SameValueBits(const V& a, const V& b) {
  if constexpr (std::is_floating_point_v<V>)
    if (std::isnan(a) && std::isnan(b)) return true;
  return std::memcmp(&a, &b, sizeof(V)) == 0;
}

template <class A, class B>
bool SameBits(const A& a, std::int64_t aFirst, const B& b, std::int64_t bFirst,
              std::int64_t count) {
  if (count == 0) return true;
  if (aFirst < 0 || bFirst < 0 || aFirst + count > static_cast<std::int64_t>(a.size()) ||
      bFirst + count > static_cast<std::int64_t>(b.size()))
    return false;
  for (std::int64_t i = 0; i < count; ++i)
    if (!SameValueBits(a[aFirst + i], b[bFirst + i])) return false;
  return true;
}

template <class A, class B> bool SameBits(const A& a, const B& b) {
  return a.size() == b.size() && SameBits(a, 0, b, 0, static_cast<std::int64_t>(a.size()));
}

/// Where two float arrays first differ, for the failure message ("" when they do not).
template <class A, class B> std::string FirstDifference(const A& a, const B& b) {
  if (a.size() != b.size())
    return " (sizes " + std::to_string(a.size()) + " and " + std::to_string(b.size()) + ")";
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!SameValueBits(a[i], b[i])) {
      std::ostringstream text;
      text.precision(9);
      text << " (first at element " << i << ": " << a[i] << " vs " << b[i] << ")";
      return text.str();
    }
  return "";
}

inline void ExpectSameMesh(const surface::SurfaceMesh& whole, const surface::SurfaceMesh& gathered,
                           const std::string& what) {
  ASSERT_EQ(gathered.numberOfPoints(), whole.numberOfPoints()) << what;
  ASSERT_EQ(gathered.numberOfTriangles(), whole.numberOfTriangles()) << what;
  EXPECT_EQ(gathered.pointOffsets, whole.pointOffsets) << what;
  EXPECT_EQ(gathered.triangleOffsets, whole.triangleOffsets) << what;
  EXPECT_TRUE(SameBits(gathered.points, whole.points)) << what << ": point coordinates differ";
  EXPECT_TRUE(gathered.triangles == whole.triangles) << what << ": triangles differ";
  EXPECT_TRUE(SameBits(gathered.normals, whole.normals))
      << what << ": normals differ" << FirstDifference(gathered.normals, whole.normals);
  EXPECT_TRUE(SameBits(gathered.scalars, whole.scalars)) << what << ": scalars differ";
}

/// The rank's piece is its range of the whole mesh, value by value: points (and normals,
/// scalars) [firstPointIds[v], ...), triangles [firstTriangles[v], ...) with the same global ids.
inline void ExpectPieceIsItsRange(const surface::SurfaceMesh& whole,
                                  const DistributedIsosurfaceResult& result,
                                  const std::string& what) {
  ASSERT_EQ(result.wholePointOffsets, whole.pointOffsets) << what;
  ASSERT_EQ(result.wholeTriangleOffsets, whole.triangleOffsets) << what;
  EXPECT_EQ(result.totalPoints, whole.numberOfPoints()) << what;
  EXPECT_EQ(result.totalTriangles, whole.numberOfTriangles()) << what;
  const surface::SurfaceMesh& piece = result.piece;
  ASSERT_EQ(piece.pointOffsets.size(), whole.pointOffsets.size()) << what;
  // A piece without points (an empty slab) has empty arrays either way.
  ASSERT_EQ(piece.normals.size(), whole.normals.empty() ? 0 : piece.points.size()) << what;
  ASSERT_EQ(piece.scalars.size(), whole.scalars.empty() ? 0 : piece.points.size() / 3) << what;
  for (std::size_t v = 0; v + 1 < piece.pointOffsets.size(); ++v) {
    const std::int64_t own = piece.pointOffsets[v], points = piece.pointOffsets[v + 1] - own;
    const std::int64_t first = result.firstPointIds[v];
    ASSERT_TRUE(first >= whole.pointOffsets[v] && first + points <= whole.pointOffsets[v + 1])
        << what << ": value " << v << " points [" << first << ", " << first + points << ")";
    EXPECT_TRUE(SameBits(piece.points, 3 * own, whole.points, 3 * first, 3 * points))
        << what << ": value " << v << " point coordinates differ";
    if (!whole.normals.empty())
      EXPECT_TRUE(SameBits(piece.normals, 3 * own, whole.normals, 3 * first, 3 * points))
          << what << ": value " << v << " normals differ";
    if (!whole.scalars.empty())
      EXPECT_TRUE(SameBits(piece.scalars, own, whole.scalars, first, points))
          << what << ": value " << v << " scalars differ";
    const std::int64_t tOwn = piece.triangleOffsets[v];
    const std::int64_t triangles = piece.triangleOffsets[v + 1] - tOwn;
    EXPECT_TRUE(SameBits(piece.triangles, 3 * tOwn, whole.triangles, 3 * result.firstTriangles[v],
                         3 * triangles))
        << what << ": value " << v << " triangles differ";
  }
}

/// The piece as a file of its own: the same triangles, by position, as the whole mesh's
/// triangles it holds (corner coordinates and normals bit for bit); its own points first, then
/// only the borrowed ones its triangles use.
inline void ExpectStandalonePieceMatches(const surface::SurfaceMesh& whole,
                                         const StandalonePiece& standalone,
                                         const DistributedIsosurfaceResult& result,
                                         const std::string& what) {
  const surface::SurfaceMesh& mesh = standalone.mesh;
  ASSERT_EQ(mesh.numberOfTriangles(), result.piece.numberOfTriangles()) << what;
  ASSERT_EQ(standalone.ownPoints, result.piece.numberOfPoints()) << what;
  ASSERT_EQ(mesh.normals.size(), whole.normals.empty() ? 0 : mesh.points.size()) << what;
  std::vector<bool> used(static_cast<std::size_t>(mesh.numberOfPoints()), false);
  for (std::size_t v = 0; v < result.firstTriangles.size(); ++v) {
    const std::int64_t begin = result.piece.triangleOffsets[v];
    for (std::int64_t t = begin; t < result.piece.triangleOffsets[v + 1]; ++t) {
      const std::int64_t global = result.firstTriangles[v] + (t - begin);
      for (int c = 0; c < 3; ++c) {
        const std::int64_t local = mesh.triangles[3 * t + c];
        ASSERT_TRUE(local >= 0 && local < mesh.numberOfPoints()) << what << ": id " << local;
        used[static_cast<std::size_t>(local)] = true;
        const std::int64_t id = whole.triangles[3 * global + c];
        ASSERT_TRUE(SameBits(mesh.points, 3 * local, whole.points, 3 * id, 3))
            << what << ": triangle " << t << " corner " << c << " (point " << id << ")";
        if (!whole.normals.empty())
          ASSERT_TRUE(SameBits(mesh.normals, 3 * local, whole.normals, 3 * id, 3))
              << what << ": triangle " << t << " corner " << c << " normal (point " << id << ")";
      }
    }
  }
  for (std::int64_t p = standalone.ownPoints; p < mesh.numberOfPoints(); ++p)
    EXPECT_TRUE(used[static_cast<std::size_t>(p)]) << what << ": borrowed point " << p << " unused";
}

} // namespace cumed::parallel::test
