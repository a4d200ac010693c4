// Randomized differential test of the distributed isosurface over random MPI splits (issue 23),
// under mpiexec with 1 to 4 ranks: every rank draws the same seeded cases (MpiRandomCases.h),
// runs DistributedIsosurface, GatherIsosurface and StandalonePieceOf on its own slab, and the
// result must be ExtractIsosurface's welded mesh of the whole volume in one process, bit for bit.
// The parameter space drawn per case:
//  - sizes x, y 2..33 and z 2..40 (ends drawn often: odd and even, z below the rank count, so
//    ranks hold no planes); 1 case in 12 has one point along an axis (z in half of them), which
//    every rank refuses with the same RankFailed "rank 0: ... at least 2 points along every axis";
//  - splits the caller chooses (SlabsOfThicknesses): random cuts (uneven, empty ranks, one-plane
//    slabs), one plane per rank with the rest on a random rank, every plane on one random rank,
//    PartitionPlanes' even split;
//  - uint8, int16, uint16 and float pixels: smooth fields, noise, noise of 2..5 levels, NaN and
//    inf pixels on float; spacing 0.05..4, origin within +-500, identity, rotated and rotated
//    with a reflection (RandomContourCases.h, the draws of the single-process test against VTK);
//  - 1..3 isovalues (grid values exactly, integers and reals in the range, values outside it),
//    1 case in 5 Label mode with present and absent labels; normals and scalars on or off;
//  - each rank's own numberOfSlabs 0..3 (not part of the shared request), the reference's 0..4;
//  - halo planes filled with a random value (NaN on float half the time) before the exchange.
// Checked: the mesh gathered on rank 0 equals the whole mesh (offsets, point coordinates in id
// order, triangles, normals, scalars); on every rank the piece is its range of the whole mesh
// and the standalone piece has the whole mesh's triangles. 200 cases per rank count in CI; the
// Cuda suite runs the same cases with each rank's piece on its GPU (skipped without a device).
#include "MpiRandomCases.h"
#include "PieceChecks.h"
#include "RandomContourCases.h"
#include "cumed/core/Error.h"
#include "cumed/parallel/Collective.h"
#include "cumed/parallel/GatherIsosurface.h"
#include "cumed/parallel/RankDevice.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

namespace {

using namespace cumed;
using namespace cumed::parallel;
using namespace cumed::parallel::test;
using namespace cumed::surface::test;
using cumed::test::RandomDraw;

constexpr int kCiCases = 200;

/// Thicknesses of the ranks' slabs of `planes`, in one of four kinds of split.
std::vector<std::int64_t> DrawThicknesses(RandomDraw& draw, std::int64_t planes, int ranks,
                                          std::string& kind) {
  std::vector<std::int64_t> thickness(static_cast<std::size_t>(ranks), 0);
  switch (draw.integer(0, 3)) {
  case 0: {
    kind = "random cuts"; // edgy cuts: coinciding ones (empty ranks) and one-plane slabs
    std::vector<std::int64_t> cuts;
    for (int r = 1; r < ranks; ++r) cuts.push_back(draw.edgy(0, static_cast<int>(planes)));
    cuts.push_back(planes);
    std::sort(cuts.begin(), cuts.end());
    std::int64_t previous = 0;
    for (int r = 0; r < ranks; ++r) {
      thickness[r] = cuts[r] - previous;
      previous = cuts[r];
    }
    break;
  }
  case 1: {
    kind = "one-plane slabs";
    std::int64_t left = planes;
    for (auto& t : thickness) {
      t = left > 0 ? 1 : 0;
      left -= t;
    }
    thickness[static_cast<std::size_t>(draw.integer(0, ranks - 1))] += left;
    break;
  }
  case 2:
    kind = "all on one rank";
    thickness[static_cast<std::size_t>(draw.integer(0, ranks - 1))] = planes;
    break;
  default:
    kind = "even";
    for (int r = 0; r < ranks; ++r) thickness[r] = PartitionPlanes(planes, ranks)[r].planes();
  }
  return thickness;
}

/// What the halo planes hold before the exchange: any value of the type, NaN half the time on
/// float.
template <class T> T DrawSpoil(RandomDraw& draw) {
  if constexpr (std::is_floating_point_v<T>) {
    return draw.chance(0.5) ? std::numeric_limits<T>::quiet_NaN()
                            : static_cast<T>(draw.real(-1e4, 1e4));
  } else {
    return static_cast<T>(
        draw.integer(std::numeric_limits<T>::lowest(), std::numeric_limits<T>::max()));
  }
}

struct Case {
  surface::IsosurfaceOptions options; // shared by every rank; numberOfSlabs is the reference's
  std::vector<int> rankSlabs;         // numberOfSlabs of each rank's extraction
  std::vector<Slab> slabs;
  std::string description;
};

template <class T>
std::string Describe(const Volume<T>& volume, const std::string& kind, const Case& c,
                     const std::string& split) {
  const ImageGeometry& g = volume.geometry;
  const auto& d = g.direction;
  const double det = d[0] * (d[4] * d[8] - d[5] * d[7]) - d[1] * (d[3] * d[8] - d[5] * d[6]) +
                     d[2] * (d[3] * d[7] - d[4] * d[6]);
  std::ostringstream text;
  text.precision(17);
  text << TypeName(PixelTypeOf<T>()) << " " << kind << " " << g.size[0] << "x" << g.size[1] << "x"
       << g.size[2] << " det " << det
       << (c.options.mode == surface::ContourMode::Label ? " labels" : " values");
  for (double v : c.options.values) text << " " << v;
  text << (c.options.computeNormals ? " normals" : "")
       << (c.options.computeScalars ? " scalars" : "") << ", " << split << " [";
  for (const Slab& s : c.slabs) text << " " << s.planes();
  text << " ], rank slabs [";
  for (int n : c.rankSlabs) text << " " << n;
  text << " ], reference slabs " << c.options.numberOfSlabs;
  return text.str();
}

/// Every rank refused the flat volume with rank 0's message (all ranks validate the whole
/// volume), as the single-process extraction does.
template <class T>
void ExpectRefusedEverywhere(const Volume<T>& volume, const Case& c, bool threw, int failedRank,
                             const std::string& message) {
  ASSERT_TRUE(threw) << "no RankFailed for a volume of one point along an axis";
  EXPECT_EQ(failedRank, 0) << message;
  EXPECT_EQ(message.rfind("rank 0: isosurface: the volume is ", 0), 0u) << message;
  EXPECT_NE(message.find("marching cubes needs at least 2 points along every axis"),
            std::string::npos)
      << message;
  EXPECT_THROW(surface::ExtractIsosurface(volume.view(), c.options), InvalidArgument);
}

template <class T> void RunCase(RandomDraw& draw, const Communicator& world, Backend backend) {
  const bool flat = draw.chance(1.0 / 12.0);
  Size3 size{static_cast<std::size_t>(draw.edgy(2, 33)), static_cast<std::size_t>(draw.edgy(2, 33)),
             static_cast<std::size_t>(draw.edgy(2, 40))};
  if (flat) size[draw.chance(0.5) ? 2 : draw.integer(0, 1)] = 1;
  const ImageGeometry geometry = DrawGeometry(draw, size);
  const bool label = draw.chance(0.2);
  std::string kind = "labels";
  const Volume<T> volume =
      label ? DrawLabelVolume<T>(draw, geometry) : DrawVolume<T>(draw, geometry, kind);
  Case c;
  c.options.backend = Backend::CPU;
  c.options.mode = label ? surface::ContourMode::Label : surface::ContourMode::Isovalue;
  c.options.values = label ? DrawLabels(draw, volume.data) : DrawValues(draw, volume.data);
  c.options.computeNormals = draw.chance(0.5);
  c.options.computeScalars = draw.chance(0.5);
  c.options.numberOfSlabs = draw.integer(0, 4);
  for (int r = 0; r < world.size(); ++r) c.rankSlabs.push_back(draw.integer(0, 3));
  std::string split;
  c.slabs = SlabsOfThicknesses(
      DrawThicknesses(draw, static_cast<std::int64_t>(size[2]), world.size(), split));
  const T spoil = DrawSpoil<T>(draw);
  const std::string what = Describe(volume, kind, c, split) + ", rank " +
                           std::to_string(world.rank()) + " of " + std::to_string(world.size());
  SCOPED_TRACE(what);

  // The collective part: every rank runs it whole, whatever happens.
  surface::IsosurfaceOptions mine = c.options;
  mine.backend = backend;
  mine.numberOfSlabs = c.rankSlabs[static_cast<std::size_t>(world.rank())];
  Image planes = LocalPlanes(volume, IsosurfaceExtentOf(c.slabs, world.rank(), mine), spoil);
  DistributedIsosurfaceResult result;
  surface::SurfaceMesh gathered;
  StandalonePiece standalone;
  bool threw = false;
  int failedRank = -1;
  std::string message;
  try {
    result = DistributedIsosurface(world, c.slabs, planes, geometry, mine);
    gathered = GatherIsosurface(world, result);
    standalone = StandalonePieceOf(world, c.slabs, result);
  } catch (const RankFailed& error) {
    threw = true;
    failedRank = error.failedRank();
    message = error.what();
  }

  if (flat) {
    ExpectRefusedEverywhere(volume, c, threw, failedRank, message);
    return;
  }
  ASSERT_FALSE(threw) << message;
  EXPECT_EQ(result.backendUsed, backend);
  const surface::SurfaceMesh whole = surface::ExtractIsosurface(volume.view(), c.options).mesh;
  if (world.rank() == 0) ExpectSameMesh(whole, gathered, "gathered");
  ExpectPieceIsItsRange(whole, result, "piece");
  ExpectStandalonePieceMatches(whole, standalone, result, "standalone piece");
}

void RunRandomCase(RandomDraw& draw, const Communicator& world, Backend backend) {
  switch (draw.integer(0, 3)) {
  case 0:
    RunCase<std::uint8_t>(draw, world, backend);
    break;
  case 1:
    RunCase<std::int16_t>(draw, world, backend);
    break;
  case 2:
    RunCase<std::uint16_t>(draw, world, backend);
    break;
  default:
    RunCase<float>(draw, world, backend);
    break;
  }
}

TEST(DistributedIsosurfaceRandomSplits, GatheredMeshEqualsTheSingleProcessMesh) {
  const Communicator world;
  ForEachRandomCaseOnEveryRank(world, kCiCases,
                               [&](RandomDraw& draw) { RunRandomCase(draw, world, Backend::CPU); });
}

TEST(DistributedIsosurfaceRandomSplitsCuda, PiecesOnTheRanksGpusEqualTheCpuMesh) {
  CUMED_SKIP_WITHOUT_CUDA();
  const Communicator world;
  ASSERT_GE(UseDeviceOfLocalRank(LocalRank(world)), 0);
  ForEachRandomCaseOnEveryRank(
      world, kCiCases, [&](RandomDraw& draw) { RunRandomCase(draw, world, Backend::CUDA); });
}

} // namespace
