// ExtractIsosurfaceSlab (one slab's piece from its own planes and the halo SlabHaloOf names) and
// NumberSlabPiece: the pieces of any split, each computed from a copy of just the planes it may
// read, renumbered and put together value by value, are the whole volume's mesh bit for bit
// (points, ids, triangles, normals, scalars, attributes); and the requests it refuses.
#include "MeshChecks.h"
#include "TestVolumes.h"
#include "cumed/core/Error.h"
#include "cumed/surface/SlabIsosurface.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace {

using namespace cumed;
using namespace cumed::surface;
using namespace cumed::surface::test;

/// Elements [begin, end) of `n` components each (nothing for an array the mesh does not carry).
template <class A> void Append(A& to, const A& from, std::int64_t begin, std::int64_t end, int n) {
  if (from.empty()) return;
  to.insert(to.end(), from.begin() + n * begin, from.begin() + n * end);
}

/// The whole mesh put together from the pieces of `bounds` (slab i: [bounds[i], bounds[i+1])).
SurfaceMesh Assemble(const Volume<std::int16_t>& volume, const Volume<float>& attribute,
                     const IsosurfaceOptions& options, const std::vector<std::int64_t>& bounds) {
  const auto nz = static_cast<std::int64_t>(volume.geometry.size[2]);
  const SlabHalo halo = SlabHaloOf(options);
  std::vector<SurfaceMesh> pieces;
  for (std::size_t s = 0; s + 1 < bounds.size(); ++s) {
    const std::int64_t first = std::max<std::int64_t>(0, bounds[s] - halo.below);
    const std::int64_t end = std::min<std::int64_t>(nz, bounds[s + 1] + halo.above);
    const auto planes = PlanesOf(volume, first, end);
    const auto attributePlanes = PlanesOf(attribute, first, end);
    const VolumeSlab slab{volume.geometry, first, bounds[s], bounds[s + 1]};
    pieces.push_back(
        ExtractIsosurfaceSlab(planes.view(), slab, options, {attributePlanes.view()}).mesh);
  }
  const std::size_t values = options.values.size();
  SurfaceMesh whole;
  whole.attributes.resize(1);
  whole.pointOffsets = {0};
  whole.triangleOffsets = {0};
  for (std::size_t v = 0; v < values; ++v) {
    for (auto& piece : pieces) {
      // The ids this piece's value-v points get in the whole mesh: they follow what is there.
      // (the other values keep the piece's numbering: no shift).
      std::vector<std::int64_t> first(piece.pointOffsets.begin(), piece.pointOffsets.end() - 1);
      first[v] = whole.numberOfPoints();
      NumberSlabPiece(piece, first);
      const std::int64_t p0 = piece.pointOffsets[v], p1 = piece.pointOffsets[v + 1];
      Append(whole.points, piece.points, p0, p1, 3);
      Append(whole.normals, piece.normals, p0, p1, 3);
      Append(whole.scalars, piece.scalars, p0, p1, 1);
      Append(whole.attributes[0], piece.attributes[0], p0, p1, 1);
      Append(whole.triangles, piece.triangles, piece.triangleOffsets[v],
             piece.triangleOffsets[v + 1], 3);
      // Undo, so that the next value starts from the piece's own numbering again.
      std::vector<std::int64_t> back(piece.pointOffsets.begin(), piece.pointOffsets.end() - 1);
      back[v] = 2 * piece.pointOffsets[v] - first[v];
      NumberSlabPiece(piece, back);
    }
    whole.pointOffsets.push_back(whole.numberOfPoints());
    whole.triangleOffsets.push_back(whole.numberOfTriangles());
  }
  return whole;
}

TEST(SlabPiece, PiecesOfAnySplitMakeTheWholeMesh) {
  const auto geometry = ObliqueGeometry({29, 23, 17});
  const auto volume = SmoothField<std::int16_t>(geometry, 61, -1000, 2000);
  const auto attribute = SmoothField<float>(geometry, 62, 0, 1);
  for (const bool normals : {false, true}) {
    IsosurfaceOptions options;
    options.values = {-200, 500.5};
    options.computeNormals = normals;
    options.computeScalars = true;
    options.backend = Backend::CPU;
    const SurfaceMesh reference =
        ExtractIsosurface(volume.view(), options, {attribute.view()}).mesh;
    ASSERT_GT(reference.numberOfTriangles(), 100);
    for (const auto& bounds : std::vector<std::vector<std::int64_t>>{
             {0, 17}, {0, 8, 17}, {0, 1, 2, 3, 17}, {0, 5, 5, 16, 17}, {0, 0, 17, 17}}) {
      EXPECT_TRUE(IdenticalMeshes(Assemble(volume, attribute, options, bounds), reference))
          << "normals " << normals << ", " << bounds.size() - 1 << " slabs";
    }
  }
}

TEST(SlabPiece, RefusesMissingPlanesAndOtherRequests) {
  const auto volume = SmoothField<std::int16_t>(ObliqueGeometry({12, 10, 9}), 3, -100, 100);
  IsosurfaceOptions options;
  options.values = {0.0};
  const auto planes = PlanesOf(volume, 2, 5); // planes [2, 5)
  auto expectRefusal = [&](const VolumeSlab& slab, const IsosurfaceOptions& o,
                           const std::string& fragment) {
    try {
      ExtractIsosurfaceSlab(planes.view(), slab, o);
      ADD_FAILURE() << "no error for " << fragment;
    } catch (const InvalidArgument& error) {
      EXPECT_NE(std::string(error.what()).find(fragment), std::string::npos) << error.what();
    }
  };
  // [2, 5) reads planes 5 and 6 above it (the top cells and the z-edges of plane 5, which come
  // before its next row's points in VTK's numbering), which the image does not hold.
  expectRefusal({volume.geometry, 2, 2, 5}, options,
                "the slab [2, 5) reads planes [2, 7) but the image holds planes [2, 5)");
  expectRefusal({volume.geometry, 2, 2, 4}, options,
                "the slab [2, 4) reads planes [2, 6) but the image holds planes [2, 5)");
  IsosurfaceOptions normals = options;
  normals.computeNormals = true;
  expectRefusal({volume.geometry, 2, 2, 3}, normals,
                "the slab [2, 3) reads planes [1, 5) but the image holds planes [2, 5)");
  expectRefusal({volume.geometry, 2, 4, 10}, options,
                "planes [4, 10) are not a slab of a volume "
                "of 9 planes");
  IsosurfaceOptions keep = options;
  keep.backend = Backend::CPU;
  keep.keepOnDevice = true;
  expectRefusal({volume.geometry, 2, 2, 4}, keep, "keepOnDevice needs the CUDA backend");
  if (!CudaUsable()) {
    IsosurfaceOptions cuda = options;
    cuda.backend = Backend::CUDA;
    EXPECT_THROW(ExtractIsosurfaceSlab(planes.view(), {volume.geometry, 2, 2, 3}, cuda), CudaError);
  }
  // An empty slab reads nothing: an empty piece, whatever the image.
  const SurfaceMesh empty =
      ExtractIsosurfaceSlab(planes.view(), {volume.geometry, 0, 7, 7}, options).mesh;
  EXPECT_EQ(empty.numberOfPoints(), 0);
  EXPECT_EQ(empty.pointOffsets, (std::vector<std::int64_t>{0, 0}));
  SurfaceMesh piece =
      ExtractIsosurfaceSlab(planes.view(), {volume.geometry, 2, 2, 3}, options).mesh;
  EXPECT_THROW(NumberSlabPiece(piece, {0, 0}), InvalidArgument);
}

} // namespace
