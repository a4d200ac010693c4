#include "NonFiniteCounts.h"

#include "cumed/core/NumberRules.h"
#include "cumed/parallel/Collective.h"

namespace cumed::mpiisosurfaceapp {

NonFiniteCounts CountNonFiniteValues(const parallel::Communicator& world,
                                     const parallel::RankVolume& input,
                                     const surface::IsosurfaceOptions& options,
                                     const parallel::DistributedIsosurfaceResult& result) {
  std::int64_t voxels = 0;
  // Only float volumes can hold NaN/inf (the integer types are read as they are).
  if (input.planes.pixelType() == PixelType::Float32) {
    const parallel::HaloExtent extent =
        parallel::IsosurfaceExtentOf(input.slabs, world.rank(), options);
    const ImageGeometry& g = input.planes.geometry();
    const std::int64_t planeSize = std::int64_t(g.size[0]) * std::int64_t(g.size[1]);
    const float* first =
        input.planes.view<float>().data + (extent.owned.begin - extent.all().begin) * planeSize;
    voxels = std::int64_t(
        numbers::CountNonFinite(first, std::size_t(extent.owned.planes() * planeSize)));
  }
  const auto& points = result.piece.points;
  const std::int64_t coordinates =
      std::int64_t(numbers::CountNonFinite(points.data(), points.size()));
  return {parallel::ExclusiveScan(world, voxels).total,
          parallel::ExclusiveScan(world, coordinates).total};
}

} // namespace cumed::mpiisosurfaceapp
