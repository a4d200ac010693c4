// The distributed isosurface against ExtractIsosurface on the whole volume, under mpirun with 1
// to 4 ranks: random volumes of several sizes and pixel types, even and uneven splits, ranks
// with no planes, slabs of one plane (halos from several ranks with normals), several contour
// values, and a small crop of the real CT when ../shared/data is present. The pieces gathered
// on rank 0 must be the single-process mesh exactly: counts, point coordinates in id order,
// triangles with the same ids, normals and scalars. The Cuda suite extracts the pieces on each
// rank's GPU (local rank % devices) and compares with the single-process CPU mesh. And a
// fault: a rank with bad input stops every rank with the same RankFailed.
#include "cumed/parallel/DistributedIsosurface.h"
#include "PieceChecks.h"
#include "TestVolumes.h"
#include "cumed/io/DicomSeriesReader.h"
#include "cumed/parallel/Collective.h"
#include "cumed/parallel/GatherIsosurface.h"
#include "cumed/parallel/RankDevice.h"
#include "cumed/parallel/StandalonePiece.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>

namespace {

using namespace cumed;
using namespace cumed::parallel;
using namespace cumed::parallel::test;
using cumed::surface::test::Size3;
using cumed::surface::test::Volume;

/// Named splits of `planes` over `ranks`, each covering every plane.
std::vector<std::pair<std::string, std::vector<Slab>>> SplitsOf(std::int64_t planes, int ranks) {
  std::vector<std::pair<std::string, std::vector<Slab>>> splits;
  splits.emplace_back("even", PartitionPlanes(planes, ranks));
  std::vector<std::int64_t> allOnLast(ranks, 0);
  allOnLast.back() = planes;
  splits.emplace_back("all planes on the last rank", SlabsOfThicknesses(allOnLast));
  std::vector<std::int64_t> ones(ranks, 1);
  ones.back() = 0;
  std::int64_t used = ranks - 1;
  if (used < planes) {
    ones.back() = planes - used; // slabs of one plane, the rest on the last rank
    splits.emplace_back("slabs of one plane", SlabsOfThicknesses(ones));
  }
  if (ranks >= 2) {
    std::vector<std::int64_t> uneven(ranks, 0);
    uneven[0] = planes / 3; // rank 1 gets nothing, the others unequal shares
    for (int r = 2; r < ranks; ++r) uneven[r] = (planes - uneven[0]) / (ranks - 1);
    std::int64_t sum = 0;
    for (auto t : uneven) sum += t;
    uneven.back() += planes - sum;
    splits.emplace_back("uneven, rank 1 empty", SlabsOfThicknesses(uneven));
  }
  return splits;
}

/// Every split of `volume` over the ranks gives the single-process CPU mesh on rank 0, the
/// pieces extracted on opts.backend.
template <class T>
void ExpectDistributedEqualsWhole(const Volume<T>& volume, const surface::IsosurfaceOptions& opts,
                                  const std::string& name) {
  const Communicator world;
  surface::IsosurfaceOptions onCpu = opts;
  onCpu.backend = Backend::CPU;
  const surface::SurfaceMesh whole = surface::ExtractIsosurface(volume.view(), onCpu).mesh;
  ASSERT_GT(whole.numberOfTriangles(), 0) << name << ": a test volume without a surface";
  for (const auto& [splitName, slabs] :
       SplitsOf(static_cast<std::int64_t>(volume.geometry.size[2]), world.size())) {
    const std::string what = name + ", " + splitName + ", " + std::to_string(world.size()) +
                             " ranks, rank " + std::to_string(world.rank());
    Image planes = LocalPlanes(volume, IsosurfaceExtentOf(slabs, world.rank(), opts));
    const DistributedIsosurfaceResult result =
        DistributedIsosurface(world, slabs, planes, volume.geometry, opts);
    if (opts.backend != Backend::Auto) EXPECT_EQ(result.backendUsed, opts.backend) << what;
    const surface::SurfaceMesh gathered = GatherIsosurface(world, result);
    if (world.rank() == 0) {
      EXPECT_EQ(result.totalPoints, whole.numberOfPoints()) << what;
      EXPECT_EQ(result.totalTriangles, whole.numberOfTriangles()) << what;
      ExpectSameMesh(whole, gathered, what);
    }
    ExpectStandalonePieceMatches(whole, StandalonePieceOf(world, slabs, result), result, what);
    // Each piece's triangles name points of the whole mesh's range of their value.
    for (std::size_t v = 0; v < opts.values.size(); ++v) {
      for (std::int64_t n = 3 * result.piece.triangleOffsets[v];
           n < 3 * result.piece.triangleOffsets[v + 1]; ++n) {
        const std::int64_t id = result.piece.triangles[n];
        ASSERT_TRUE(id >= result.wholePointOffsets[v] && id < result.wholePointOffsets[v + 1])
            << what << ": id " << id;
      }
    }
  }
}

surface::IsosurfaceOptions Options(std::vector<double> values, bool normals, bool scalars) {
  surface::IsosurfaceOptions options;
  options.values = std::move(values);
  options.computeNormals = normals;
  options.computeScalars = scalars;
  options.backend = Backend::CPU;
  return options;
}

TEST(DistributedIsosurface, RandomInt16VolumesEqualTheWholeMesh) {
  for (const Size3 size : {Size3{37, 29, 23}, Size3{9, 11, 2}, Size3{64, 5, 7}, Size3{33, 3, 4}}) {
    const auto volume = surface::test::SmoothField<std::int16_t>(
        surface::test::ObliqueGeometry(size), 7u + static_cast<unsigned>(size[2]), -500, 700);
    const std::string name = std::to_string(size[0]) + "x" + std::to_string(size[1]) + "x" +
                             std::to_string(size[2]) + " int16";
    ExpectDistributedEqualsWhole(volume, Options({100.0, -120.0}, false, false), name);
    ExpectDistributedEqualsWhole(volume, Options({100.0}, true, true), name + " with normals");
  }
}

TEST(DistributedIsosurface, NoiseAndFloatVolumesEqualTheWholeMesh) {
  const auto noise = surface::test::NoiseField<std::uint8_t>(
      surface::test::ObliqueGeometry({21, 17, 13}, true), 5);
  ExpectDistributedEqualsWhole(noise, Options({128.0}, true, false), "21x17x13 uint8 noise");
  const auto smooth =
      surface::test::SmoothField<float>(surface::test::ObliqueGeometry({40, 31, 11}), 3, 0.0, 1.0);
  ExpectDistributedEqualsWhole(smooth, Options({0.25, 0.5, 0.75}, true, true), "40x31x11 float");
  auto labels = Options({1.0, 2.0}, false, false);
  labels.mode = surface::ContourMode::Label;
  const auto blobs = surface::test::LabelBlobs<std::uint16_t>(
      surface::test::ObliqueGeometry({25, 23, 19}), {1, 2, 3}, 11);
  ExpectDistributedEqualsWhole(blobs, labels, "25x23x19 uint16 labels");
}

TEST(DistributedIsosurfaceCuda, PiecesOnTheRanksGpusEqualTheCpuWholeMesh) {
  CUMED_SKIP_WITHOUT_CUDA();
  const Communicator world;
  ASSERT_GE(UseDeviceOfLocalRank(LocalRank(world)), 0);
  auto onGpu = [](surface::IsosurfaceOptions options) {
    options.backend = Backend::CUDA;
    return options;
  };
  const auto volume = surface::test::SmoothField<std::int16_t>(
      surface::test::ObliqueGeometry({37, 29, 23}), 30, -500, 700);
  ExpectDistributedEqualsWhole(volume, onGpu(Options({100.0, -120.0}, false, true)),
                               "37x29x23 int16 on the GPUs");
  ExpectDistributedEqualsWhole(volume, onGpu(Options({100.0}, true, true)),
                               "37x29x23 int16 with normals on the GPUs");
  const auto noise = surface::test::NoiseField<std::uint8_t>(
      surface::test::ObliqueGeometry({70, 17, 13}, true), 9);
  ExpectDistributedEqualsWhole(noise, onGpu(Options({128.0}, true, false)),
                               "70x17x13 uint8 noise on the GPUs");
  auto labels = onGpu(Options({1.0, 2.0}, true, false));
  labels.mode = surface::ContourMode::Label;
  const auto blobs = surface::test::LabelBlobs<std::uint16_t>(
      surface::test::ObliqueGeometry({25, 23, 19}), {1, 2, 3}, 12);
  ExpectDistributedEqualsWhole(blobs, labels, "25x23x19 uint16 labels on the GPUs");
}

TEST(DistributedIsosurface, RealCtCropEqualsTheWholeMesh) {
  const char* source = std::getenv("CUMED_SOURCE_DIR");
  const auto directory = std::filesystem::path(source ? source : ".") / ".." / "shared" / "data" /
                         "ct" / "popi-phase00";
  if (!source || !std::filesystem::is_directory(directory))
    GTEST_SKIP() << "real CT not found: ../shared/data/ct/popi-phase00 beside the checkout";
  static const Volume<std::int16_t> crop = [&] {
    const auto series = io::ReadDicomCtSeries(directory.string());
    const auto& image = *series.image;
    const auto size = image.GetLargestPossibleRegion().GetSize();
    // A 160x128x24 box through the chest: bone, lung and skin, small enough for CI.
    const std::size_t x0 = 176, y0 = 192, z0 = 60, nx = 160, ny = 128, nz = 24;
    Volume<std::int16_t> v;
    for (int r = 0; r < 3; ++r) {
      v.geometry.spacing[r] = image.GetSpacing()[r];
      for (int c = 0; c < 3; ++c) v.geometry.direction[3 * r + c] = image.GetDirection()[r][c];
    }
    v.geometry.size = {nx, ny, nz};
    for (int r = 0; r < 3; ++r) v.geometry.origin[r] = image.GetOrigin()[r];
    v.data.resize(nx * ny * nz);
    for (std::size_t z = 0; z < nz; ++z)
      for (std::size_t y = 0; y < ny; ++y)
        std::memcpy(&v.data[(z * ny + y) * nx],
                    image.GetBufferPointer() + ((z0 + z) * size[1] + y0 + y) * size[0] + x0,
                    nx * sizeof(std::int16_t));
    return v;
  }();
  ExpectDistributedEqualsWhole(crop, Options({300.0, -400.0}, true, false), "real CT crop");
}

TEST(DistributedIsosurface, ABadRankStopsEveryRankWithItsMessage) {
  const Communicator world;
  const auto volume = surface::test::SmoothField<std::int16_t>(
      surface::test::ObliqueGeometry({12, 10, 9}), 1, -100, 100);
  const auto options = Options({0.0}, false, false);
  const auto slabs = PartitionPlanes(9, world.size());
  Image planes = LocalPlanes(volume, IsosurfaceExtentOf(slabs, world.rank(), options));
  const int bad = world.size() - 1;
  if (world.rank() == bad) {
    ImageGeometry wrong = volume.geometry;
    wrong.size = {12, 11, 3}; // planes of another size
    planes = Image::Allocate(PixelType::Int16, wrong, MemoryLocation::Host);
  }
  try {
    DistributedIsosurface(world, slabs, planes, volume.geometry, options);
    ADD_FAILURE() << "rank " << world.rank() << ": no error";
  } catch (const RankFailed& error) {
    EXPECT_EQ(error.failedRank(), bad);
    EXPECT_NE(
        std::string(error.what())
            .find("rank " + std::to_string(bad) + ": distributed isosurface: the image of planes"),
        std::string::npos)
        << error.what();
    EXPECT_NE(std::string(error.what()).find("but is 12x11x3"), std::string::npos) << error.what();
  }
  // A rank that believes in another volume (spacing) or another isovalue.
  if (world.size() > 1) {
    ImageGeometry other = volume.geometry;
    if (world.rank() == 1) other.spacing[2] *= 2;
    Image mine = LocalPlanes(volume, IsosurfaceExtentOf(slabs, world.rank(), options));
    try {
      DistributedIsosurface(world, slabs, mine, other, options);
      ADD_FAILURE() << "rank " << world.rank() << ": no error for another geometry";
    } catch (const RankFailed& error) {
      EXPECT_EQ(error.failedRank(), 1);
      EXPECT_NE(std::string(error.what()).find("or isosurface options differ from rank 0's"),
                std::string::npos)
          << error.what();
    }
    auto otherValue = options;
    if (world.rank() == world.size() - 1) otherValue.values = {1.0};
    EXPECT_THROW(DistributedIsosurface(world, slabs, mine, volume.geometry, otherValue),
                 RankFailed);
  }
  // Pieces kept on a device could not be numbered and gathered: refused on every rank alike.
  auto kept = options;
  kept.keepOnDevice = true;
  try {
    DistributedIsosurface(world, slabs, planes, volume.geometry, kept);
    ADD_FAILURE() << "rank " << world.rank() << ": no error for keepOnDevice";
  } catch (const RankFailed& error) {
    EXPECT_EQ(error.failedRank(), 0);
    EXPECT_NE(std::string(error.what()).find("keepOnDevice is not supported"), std::string::npos)
        << error.what();
  }
  // A partition that does not cover the volume fails on every rank alike.
  auto short_ = slabs;
  short_.back().end -= 1;
  EXPECT_THROW(DistributedIsosurface(world, short_, planes, volume.geometry, options), RankFailed);
}

} // namespace
