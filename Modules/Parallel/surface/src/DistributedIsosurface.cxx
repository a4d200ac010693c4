#include "cumed/parallel/DistributedIsosurface.h"

#include "cumed/core/Error.h"
#include "cumed/parallel/Collective.h"
#include "cumed/surface/SlabIsosurface.h"

#include <climits>
#include <cstring>
#include <optional>
#include <string>
#include <utility>

namespace cumed::parallel {

HaloExtent IsosurfaceExtentOf(const std::vector<Slab>& slabs, int rank,
                              const surface::IsosurfaceOptions& options) {
  const surface::SlabHalo halo = surface::SlabHaloOf(options);
  return HaloOf(slabs, rank, halo.below, halo.above);
}

namespace {

std::string SizeText(const ImageGeometry& geometry) {
  return std::to_string(geometry.size[0]) + "x" + std::to_string(geometry.size[1]) + "x" +
         std::to_string(geometry.size[2]);
}

/// The pixel type of the ranks that hold planes (-1 when none does), and whether they agree.
struct AgreedPixelType {
  int type = -1;
  bool agree = true;
};

AgreedPixelType AgreePixelType(const Communicator& comm, bool holdsPlanes, PixelType type) {
  const int mine = holdsPlanes ? static_cast<int>(type) : -1;
  const int mineForMin = holdsPlanes ? mine : INT_MAX;
  int highest = -1, lowest = INT_MAX;
  CUMED_MPI_CHECK(MPI_Allreduce(&mine, &highest, 1, MPI_INT, MPI_MAX, comm.native()));
  CUMED_MPI_CHECK(MPI_Allreduce(&mineForMin, &lowest, 1, MPI_INT, MPI_MIN, comm.native()));
  return {highest, highest == -1 || highest == lowest};
}

/// Places the piece's values among the ranks' pieces: per value, the ranks before this one come
/// first, and every value's points (triangles) follow all of the previous value's.
void NumberAcrossRanks(const Communicator& comm, DistributedIsosurfaceResult& result) {
  const surface::SurfaceMesh& piece = result.piece;
  const std::size_t values = piece.pointOffsets.size() - 1;
  result.wholePointOffsets.assign(values + 1, 0);
  result.wholeTriangleOffsets.assign(values + 1, 0);
  result.firstPointIds.assign(values, 0);
  result.firstTriangles.assign(values, 0);
  for (std::size_t v = 0; v < values; ++v) {
    const ScanResult points =
        ExclusiveScan(comm, piece.pointOffsets[v + 1] - piece.pointOffsets[v]);
    const ScanResult triangles =
        ExclusiveScan(comm, piece.triangleOffsets[v + 1] - piece.triangleOffsets[v]);
    result.firstPointIds[v] = result.wholePointOffsets[v] + points.offset;
    result.firstTriangles[v] = result.wholeTriangleOffsets[v] + triangles.offset;
    result.wholePointOffsets[v + 1] = result.wholePointOffsets[v] + points.total;
    result.wholeTriangleOffsets[v + 1] = result.wholeTriangleOffsets[v] + triangles.total;
  }
  result.totalPoints = result.wholePointOffsets.back();
  result.totalTriangles = result.wholeTriangleOffsets.back();
}

/// Rank 0's volume geometry and request, for every rank to compare with its own: ranks that
/// disagree would put pieces of different surfaces together.
struct SharedRequest {
  std::vector<double> numbers;

  SharedRequest(const ImageGeometry& whole, const surface::IsosurfaceOptions& options) {
    for (int a = 0; a < 3; ++a) numbers.push_back(static_cast<double>(whole.size[a]));
    numbers.insert(numbers.end(), whole.spacing.begin(), whole.spacing.end());
    numbers.insert(numbers.end(), whole.origin.begin(), whole.origin.end());
    numbers.insert(numbers.end(), whole.direction.begin(), whole.direction.end());
    numbers.push_back(static_cast<double>(options.mode));
    numbers.push_back(options.computeNormals);
    numbers.push_back(options.computeScalars);
    numbers.insert(numbers.end(), options.values.begin(), options.values.end());
  }
};

/// Rank 0's request as every rank receives it.
std::vector<double> RequestOfRankZero(const Communicator& comm, const SharedRequest& mine) {
  int count = static_cast<int>(mine.numbers.size());
  CUMED_MPI_CHECK(MPI_Bcast(&count, 1, MPI_INT, 0, comm.native()));
  std::vector<double> numbers = mine.numbers;
  numbers.resize(static_cast<std::size_t>(count));
  CUMED_MPI_CHECK(MPI_Bcast(numbers.data(), count, MPI_DOUBLE, 0, comm.native()));
  return numbers;
}

} // namespace

DistributedIsosurfaceResult DistributedIsosurface(const Communicator& comm,
                                                  const std::vector<Slab>& slabs, Image& planes,
                                                  const ImageGeometry& whole,
                                                  const surface::IsosurfaceOptions& options) {
  const int rank = comm.rank();
  const SharedRequest request(whole, options);
  const std::vector<double> rankZero = RequestOfRankZero(comm, request);
  HaloExtent extent;
  RunCollectively(comm, [&] {
    // Bit for bit, so that a NaN value reaches ValidateRequest's own message.
    if (rankZero.size() != request.numbers.size() ||
        std::memcmp(rankZero.data(), request.numbers.data(), rankZero.size() * sizeof(double))) {
      throw InvalidArgument("distributed isosurface: this rank's volume geometry (" +
                            SizeText(whole) + ") or isosurface options differ from rank 0's");
    }
    if (options.keepOnDevice) {
      throw InvalidArgument("distributed isosurface: keepOnDevice is not supported (the pieces "
                            "are numbered and gathered in host memory)");
    }
    if (slabs.size() != static_cast<std::size_t>(comm.size())) {
      throw InvalidArgument("distributed isosurface: " + std::to_string(slabs.size()) +
                            " slabs for " + std::to_string(comm.size()) + " ranks");
    }
    whole.validate();
    CheckPartition(slabs, static_cast<std::int64_t>(whole.size[2]));
    extent = IsosurfaceExtentOf(slabs, rank, options);
    if (extent.owned.empty()) {
      return; // reads nothing: its image may be empty
    }
    const ImageGeometry& held = planes.geometry();
    const std::int64_t expected = extent.all().planes();
    if (held.size[0] != whole.size[0] || held.size[1] != whole.size[1] ||
        static_cast<std::int64_t>(held.size[2]) != expected) {
      throw InvalidArgument("distributed isosurface: the image of planes [" +
                            std::to_string(extent.all().begin) + ", " +
                            std::to_string(extent.all().end) + ") should be " +
                            std::to_string(whole.size[0]) + "x" + std::to_string(whole.size[1]) +
                            "x" + std::to_string(expected) + " but is " + SizeText(held));
    }
    if (planes.location() != MemoryLocation::Host || planes.components() != 1) {
      throw InvalidArgument(
          std::string("distributed isosurface: the planes must be scalar pixels in host "
                      "memory (they are in ") +
          ToString(planes.location()) + " memory, " + std::to_string(planes.components()) +
          " components)");
    }
  });
  const bool holdsPlanes = !extent.owned.empty();
  const AgreedPixelType type = AgreePixelType(comm, holdsPlanes, planes.pixelType());
  std::optional<HaloExchange> exchange;
  RunCollectively(comm, [&] {
    if (!type.agree) {
      throw InvalidArgument(
          std::string("distributed isosurface: the ranks' planes have different pixel "
                      "types (this rank's: ") +
          ToString(planes.pixelType()) + ")");
    }
    if (holdsPlanes) {
      const std::size_t bytesPerPlane =
          whole.size[0] * whole.size[1] * SizeOf(static_cast<PixelType>(type.type));
      const surface::SlabHalo halo = surface::SlabHaloOf(options);
      exchange.emplace(comm, slabs, bytesPerPlane, halo.below, halo.above);
    }
  });
  // Ranks without planes take part in no message (nobody's halo lies in an empty slab).
  if (exchange) {
    exchange->start(planes.data());
    exchange->finish();
  }
  DistributedIsosurfaceResult result;
  RunCollectively(comm, [&] {
    const surface::VolumeSlab slab{whole, extent.all().begin, extent.owned.begin, extent.owned.end};
    surface::IsosurfaceResult extracted = surface::ExtractIsosurfaceSlab(planes, slab, options);
    result.piece = std::move(extracted.mesh);
    result.backendUsed = extracted.backendUsed;
  });
  NumberAcrossRanks(comm, result);
  surface::NumberSlabPiece(result.piece, result.firstPointIds);
  return result;
}

} // namespace cumed::parallel
