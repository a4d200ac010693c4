#include "TileSource.h"

#include "cumed/benchmark/MirroredTiling.h"
#include "cumed/data/CtPhantom.h"
#include "cumed/io/DicomSeriesReader.h"

#include <algorithm>
#include <cstring>
#include <limits>

namespace cumed::scaling {
namespace {

using benchmark::MirroredIndex;

CtTile TileOf(const itk::Image<std::int16_t, 3>& image, std::string source) {
  CtTile tile;
  const auto size = image.GetLargestPossibleRegion().GetSize();
  for (int axis = 0; axis < 3; ++axis) {
    tile.size[axis] = static_cast<std::int64_t>(size[axis]);
    tile.spacing[axis] = image.GetSpacing()[axis];
  }
  const std::size_t voxels = size[0] * size[1] * size[2];
  tile.hu.assign(image.GetBufferPointer(), image.GetBufferPointer() + voxels);
  tile.source = source + " " + std::to_string(size[0]) + "x" + std::to_string(size[1]) + "x" +
                std::to_string(size[2]);
  return tile;
}

} // namespace

CtTile LoadTile(const std::string& ctDirectory, const std::array<std::int64_t, 3>& volumeSize) {
  if (!ctDirectory.empty()) {
    const io::CtSeries series = io::ReadDicomCtSeries(ctDirectory);
    return TileOf(*series.image, "CT " + ctDirectory);
  }
  data::CtPhantomParameters parameters;
  for (int axis = 0; axis < 3; ++axis)
    parameters.size[axis] = static_cast<unsigned>(
        std::max<std::int64_t>(data::CtPhantomParameters::kMinimumSize,
                               std::min<std::int64_t>(parameters.size[axis], volumeSize[axis])));
  return TileOf(*data::MakeCtPhantom(parameters), "phantom");
}

void BroadcastTile(const parallel::Communicator& comm, CtTile& tile) {
  std::int64_t header[3];
  double spacing[3];
  std::copy(tile.size.begin(), tile.size.end(), header);
  std::copy(tile.spacing.begin(), tile.spacing.end(), spacing);
  CUMED_MPI_CHECK(MPI_Bcast(header, 3, MPI_INT64_T, 0, comm.native()));
  CUMED_MPI_CHECK(MPI_Bcast(spacing, 3, MPI_DOUBLE, 0, comm.native()));
  std::copy(header, header + 3, tile.size.begin());
  std::copy(spacing, spacing + 3, tile.spacing.begin());
  const std::int64_t plane = header[0] * header[1];
  tile.hu.resize(static_cast<std::size_t>(plane * header[2]));
  // Plane by plane: a count per call stays within int for any tile.
  for (std::int64_t z = 0; z < header[2]; ++z)
    CUMED_MPI_CHECK(MPI_Bcast(tile.hu.data() + z * plane, static_cast<int>(plane), MPI_INT16_T, 0,
                              comm.native()));
  std::int64_t length = static_cast<std::int64_t>(tile.source.size());
  CUMED_MPI_CHECK(MPI_Bcast(&length, 1, MPI_INT64_T, 0, comm.native()));
  tile.source.resize(static_cast<std::size_t>(length));
  CUMED_MPI_CHECK(
      MPI_Bcast(tile.source.data(), static_cast<int>(length), MPI_CHAR, 0, comm.native()));
}

void BuildTiledPlanes(const CtTile& tile, const std::array<std::int64_t, 3>& volumeSize,
                      const parallel::Slab& planes, std::int16_t* out) {
  const std::int64_t nx = volumeSize[0], ny = volumeSize[1];
  const std::int64_t tx = tile.size[0], ty = tile.size[1], tz = tile.size[2];
  // One tiled row per tile row is reused for every row that maps to it.
  std::vector<std::int64_t> sourceX(static_cast<std::size_t>(nx));
  for (std::int64_t x = 0; x < nx; ++x) sourceX[x] = MirroredIndex(x, tx);
#pragma omp parallel for schedule(static)
  for (std::int64_t z = planes.begin; z < planes.end; ++z) {
    const std::int16_t* tilePlane = tile.hu.data() + MirroredIndex(z, tz) * tx * ty;
    std::int16_t* plane = out + (z - planes.begin) * nx * ny;
    for (std::int64_t y = 0; y < ny; ++y) {
      const std::int16_t* row = tilePlane + MirroredIndex(y, ty) * tx;
      std::int16_t* to = plane + y * nx;
      if (nx <= tx) {
        std::memcpy(to, row, static_cast<std::size_t>(nx) * sizeof(std::int16_t));
      } else {
        for (std::int64_t x = 0; x < nx; ++x) to[x] = row[sourceX[x]];
      }
    }
  }
}

} // namespace cumed::scaling
