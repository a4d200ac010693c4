#include "ScalingRun.h"

#include "cumed/benchmark/Table.h"
#include "cumed/core/Image.h"
#include "cumed/core/Timer.h"
#include "cumed/parallel/Collective.h"
#include "cumed/parallel/DistributedIsosurface.h"
#include "cumed/parallel/DistributedMorphology.h"
#include "cumed/parallel/HaloExchange.h"

#include <algorithm>
#include <functional>
#include <vector>

namespace cumed::scaling {
namespace {

using parallel::Communicator;
using parallel::Slab;

constexpr std::size_t kVoxelBytes = sizeof(std::int16_t);

// The stage's seconds on this rank, every rank starting together.
double Timed(const Communicator& comm, const std::function<void()>& stage) {
  comm.barrier();
  const Stopwatch watch;
  stage();
  return watch.elapsedSeconds();
}

std::int64_t HaloPlanesOf(const parallel::HaloExtent& extent) {
  return extent.below.planes() + extent.above.planes();
}

} // namespace

ScalingResult RunScaling(const Communicator& comm, const ScalingArguments& arguments,
                         const CtTile& tile) {
  const int rank = comm.rank();
  const auto& size = arguments.size;
  ImageGeometry whole;
  whole.size = {static_cast<std::size_t>(size[0]), static_cast<std::size_t>(size[1]),
                static_cast<std::size_t>(size[2])};
  whole.spacing = tile.spacing;
  const std::vector<Slab> slabs = parallel::PartitionPlanes(size[2], comm.size());
  const Slab own = slabs[rank];
  const std::int64_t planeVoxels = size[0] * size[1];
  const auto element =
      morphology::StructuringElement::Ball({arguments.radius, arguments.radius, arguments.radius});
  const std::int64_t closingHalo =
      parallel::HaloPlanes(element, morphology::GrayscaleOperation::Close);

  surface::IsosurfaceOptions isoOptions;
  isoOptions.values = {arguments.iso};
  isoOptions.backend = Backend::CPU;
  morphology::GrayscaleOptions closeOptions;
  closeOptions.backend = arguments.backend;

  ScalingResult result;
  result.planeBytes = planeVoxels * static_cast<std::int64_t>(kVoxelBytes);
  result.closingHaloPlanes = closingHalo;
  const parallel::HaloExtent closeExtent = parallel::HaloOf(slabs, rank, closingHalo, closingHalo);
  const parallel::HaloExtent isoExtent = parallel::IsosurfaceExtentOf(slabs, rank, isoOptions);
  // The isosurface's halo widths as an interior slab has them (this rank's may be clipped).
  const parallel::HaloExtent interior =
      parallel::IsosurfaceExtentOf(parallel::PartitionPlanes(size[2], 3), 1, isoOptions);
  result.isoHaloPlanesBelow = interior.below.planes();
  result.isoHaloPlanesAbove = interior.above.planes();
  const std::int64_t rankHaloBytes =
      (HaloPlanesOf(closeExtent) + HaloPlanesOf(isoExtent)) * result.planeBytes;

  // The rank's planes with the closing's halo around them; the slab itself is built in place.
  std::vector<std::int16_t> block;
  ImageGeometry isoGeometry = whole;
  isoGeometry.size[2] = static_cast<std::size_t>(isoExtent.all().planes());
  Image isoPlanes;
  ImageGeometry ownGeometry = whole;
  ownGeometry.size[2] = static_cast<std::size_t>(own.planes());
  const std::int64_t ownOffset = (own.begin - closeExtent.all().begin) * planeVoxels;
  const std::int64_t isoOwnOffset = (own.begin - isoExtent.all().begin) * planeVoxels;
  parallel::RunCollectively(comm, [&] {
    block.assign(static_cast<std::size_t>(closeExtent.all().planes() * planeVoxels), 0);
    if (!own.empty())
      isoPlanes = Image::Allocate(PixelType::Int16, isoGeometry, MemoryLocation::Host);
  });

  std::array<std::vector<double>, kStageCount> stageMaxima;
  std::vector<double> totals;
  for (int repeat = 0; repeat < arguments.repeats; ++repeat) {
    std::array<double, kStageCount> local{};
    parallel::DistributedIsosurfaceResult surface;
    local[kBuild] = Timed(comm, [&] {
      parallel::RunCollectively(
          comm, [&] { BuildTiledPlanes(tile, size, own, block.data() + ownOffset); });
    });
    local[kHalo] = Timed(comm, [&] {
      parallel::HaloExchange exchange(comm, slabs, static_cast<std::size_t>(result.planeBytes),
                                      closingHalo, closingHalo);
      exchange.start(block.data());
      exchange.finish();
    });
    local[kClose] = Timed(comm, [&] {
      std::int16_t* closed =
          own.empty() ? nullptr : static_cast<std::int16_t*>(isoPlanes.data()) + isoOwnOffset;
      parallel::DistributedGrayscale<std::int16_t>(
          comm, slabs, {block.data() + ownOffset, ownGeometry, MemoryLocation::Host},
          {closed, ownGeometry, MemoryLocation::Host}, whole, element,
          morphology::GrayscaleOperation::Close, closeOptions);
    });
    local[kIso] = Timed(comm, [&] {
      surface = parallel::DistributedIsosurface(comm, slabs, isoPlanes, whole, isoOptions);
    });
    const std::int64_t pieceTriangles = surface.piece.numberOfTriangles();
    parallel::ScanResult scan;
    local[kScan] = Timed(comm, [&] { scan = parallel::ExclusiveScan(comm, pieceTriangles); });
    // The scan must number this rank's triangles where the distributed isosurface did.
    parallel::RunCollectively(comm, [&] {
      if (scan.total != surface.totalTriangles || scan.offset != surface.firstTriangles.at(0))
        throw Error("ExclusiveScan of the triangle counts gave offset " +
                    std::to_string(scan.offset) + " of " + std::to_string(scan.total) +
                    ", DistributedIsosurface numbered from " +
                    std::to_string(surface.firstTriangles.at(0)) + " of " +
                    std::to_string(surface.totalTriangles));
    });
    std::array<double, kStageCount> maxima{};
    CUMED_MPI_CHECK(MPI_Allreduce(local.data(), maxima.data(), kStageCount, MPI_DOUBLE, MPI_MAX,
                                  comm.native()));
    double total = 0;
    for (int s = 0; s < kStageCount; ++s) {
      stageMaxima[s].push_back(maxima[s]);
      total += maxima[s];
    }
    totals.push_back(total);
    result.triangles = surface.totalTriangles;
    result.points = surface.totalPoints;
  }
  for (int s = 0; s < kStageCount; ++s) result.seconds[s] = benchmark::Median(stageMaxima[s]);
  result.totalSeconds = benchmark::Median(totals);
  CUMED_MPI_CHECK(MPI_Allreduce(&rankHaloBytes, &result.maxRankHaloBytes, 1, MPI_INT64_T, MPI_MAX,
                                comm.native()));
  CUMED_MPI_CHECK(MPI_Allreduce(&rankHaloBytes, &result.totalHaloBytes, 1, MPI_INT64_T, MPI_SUM,
                                comm.native()));
  return result;
}

} // namespace cumed::scaling
