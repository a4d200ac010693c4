#include "cpu/IsosurfaceCpu.h"

#include "src/Classifier.h"
#include "src/ContourPlan.h"
#include "src/EdgeCaseTable.h"
#include "cumed/surface/ExclusiveScan.h"

#include <cstdint>
#include <vector>

namespace cumed::surface::detail {
namespace {

/// A job's state between the count and emit passes.
struct CountedSlab {
  std::vector<std::uint32_t> bits;
  std::vector<std::uint64_t> pointOffsets;
  std::vector<std::uint64_t> triangleOffsets;
};

template <class T>
void Classify(const VolumeRows<T>& volume, const ContourGrid& g, double value, bool labelMode,
              std::uint32_t* bits) {
  const auto classifier = Classifier<T>::make(value, labelMode);
  const std::int64_t rows = g.bitPlanes() * g.ny;
#pragma omp parallel for schedule(static)
  for (std::int64_t row = 0; row < rows; ++row) {
    const std::int64_t k = g.zBegin + row / g.ny, j = row % g.ny;
    const T* line = volume.data + ((k - volume.zFirst) * volume.ny + j) * volume.nx;
    for (std::int64_t w = 0; w < g.words; ++w) {
      const std::int64_t end = std::min<std::int64_t>(g.nx - w * kWordBits, kWordBits);
      std::uint32_t word = 0;
      for (std::int64_t b = 0; b < end; ++b) {
        word |= static_cast<std::uint32_t>(classifier.inside(line[w * kWordBits + b])) << b;
      }
      bits[g.bitIndex(j, k, w)] = word;
    }
  }
}

template <class T>
CountedSlab CountSlab(const VolumeRows<T>& volume, ContourJob& job, bool labelMode) {
  const ContourGrid& g = job.grid;
  CountedSlab slab;
  slab.bits.resize(g.bitWords());
  Classify(volume, g, job.value, labelMode, slab.bits.data());
  const BitRows rows{slab.bits.data(), g};
  std::vector<std::uint32_t> pointCounts(g.pointCountLength());
  std::vector<std::uint32_t> triangleCounts(g.triangleCountLength());
  const std::int64_t rowsToCount = (g.bitPlanes()) * g.ny; // owned planes + ghost plane
#pragma omp parallel for schedule(dynamic, 64)
  for (std::int64_t row = 0; row < rowsToCount; ++row) {
    const std::int64_t k = g.zBegin + row / g.ny, j = row % g.ny;
    for (std::int64_t w = 0; w < g.words; ++w) {
      const UnitCounts c = CountUnit(UnitWords(rows, j, k, w), kEdgeCases);
      pointCounts[g.xySegment(j, k, w)] = c.xyPoints;
      if (k < g.zEnd) {
        pointCounts[g.zSegment(j, k, w)] = c.zPoints;
        triangleCounts[g.triangleUnit(j, k, w)] = c.triangles;
      }
    }
  }
  slab.pointOffsets.resize(pointCounts.size());
  slab.triangleOffsets.resize(triangleCounts.size());
  ExclusiveScanHost(pointCounts.data(), slab.pointOffsets.data(), pointCounts.size());
  job.triangles = static_cast<std::int64_t>(ExclusiveScanHost(
      triangleCounts.data(), slab.triangleOffsets.data(), triangleCounts.size()));
  // The slab's own points end where the ghost segment (the next slab's first points) begins.
  const std::int64_t ownEnd = (g.zEnd - g.zBegin) * 2 * g.unitsPerPlane();
  job.points = ownEnd == 0 ? 0
                           : static_cast<std::int64_t>(slab.pointOffsets[ownEnd - 1] +
                                                       pointCounts[ownEnd - 1]);
  return slab;
}

template <class T>
void EmitSlab(const VolumeRows<T>& volume, const CountedSlab& slab, const ContourJob& job,
              const WorldTransform& world, bool labelMode, const PointOutputs& outputs,
              SurfaceMesh& mesh) {
  const ContourGrid& g = job.grid;
  std::vector<std::int64_t> edgeKeys(job.points);
  const BitRows bits{slab.bits.data(), g};
  const EmitTarget target{edgeKeys.data(), mesh.triangles.data() + 3 * job.triangleOffset,
                          job.pointOffset};
  const std::int64_t rows = (g.zEnd - g.zBegin) * g.ny;
#pragma omp parallel for schedule(dynamic, 64)
  for (std::int64_t row = 0; row < rows; ++row) {
    const std::int64_t k = g.zBegin + row / g.ny, j = row % g.ny;
    for (std::int64_t w = 0; w < g.words; ++w) {
      EmitUnit(bits, slab.pointOffsets.data(), slab.triangleOffsets.data(), kEdgeCases, target, j,
               k, w);
    }
  }
#pragma omp parallel for schedule(static)
  for (std::int64_t p = 0; p < job.points; ++p) {
    ComputePoint(volume, world, job.value, labelMode, edgeKeys[p], outputs, job.pointOffset + p);
  }
}

} // namespace

template <class T>
SurfaceMesh ContourOnCpu(const ImageView<const T>& volume, const IsosurfaceOptions& options,
                         const std::vector<ImageView<const float>>& attributes, int slabs) {
  const auto& size = volume.geometry.size;
  const VolumeRows<T> rows{volume.data, static_cast<std::int64_t>(size[0]),
                           static_cast<std::int64_t>(size[1]), static_cast<std::int64_t>(size[2]),
                           0};
  const bool labelMode = options.mode == ContourMode::Label;
  std::vector<ContourJob> jobs = PlanJobs(volume.geometry, options, slabs);
  std::vector<CountedSlab> counted;
  counted.reserve(jobs.size());
  for (auto& job : jobs) {
    counted.push_back(CountSlab(rows, job, labelMode));
  }
  AssignJobOffsets(jobs);

  SurfaceMesh mesh;
  AllocateMesh(mesh, jobs, options.values.size(), options, attributes.size());
  const WorldTransform world = MakeWorldTransform(volume.geometry);
  std::vector<const float*> attributeVolumes;
  std::vector<float*> attributeOutputs;
  for (std::size_t a = 0; a < attributes.size(); ++a) {
    attributeVolumes.push_back(attributes[a].data);
    attributeOutputs.push_back(mesh.attributes[a].data());
  }
  for (std::size_t n = 0; n < jobs.size(); ++n) {
    const PointOutputs outputs{mesh.points.data(),
                               options.computeNormals ? mesh.normals.data() : nullptr,
                               options.computeScalars ? mesh.scalars.data() : nullptr,
                               ScalarOfValue<T>(jobs[n].value),
                               attributeVolumes.data(),
                               attributeOutputs.data(),
                               static_cast<int>(attributes.size())};
    EmitSlab(rows, counted[n], jobs[n], world, labelMode, outputs, mesh);
    counted[n] = CountedSlab{}; // free the slab's bits and offsets as soon as they are used
  }
  return mesh;
}

#define CUMED_INSTANTIATE_CPU(T)                                                                   \
  template SurfaceMesh ContourOnCpu<T>(const ImageView<const T>&, const IsosurfaceOptions&,        \
                                       const std::vector<ImageView<const float>>&, int);
CUMED_INSTANTIATE_CPU(std::uint8_t)
CUMED_INSTANTIATE_CPU(std::int16_t)
CUMED_INSTANTIATE_CPU(std::uint16_t)
CUMED_INSTANTIATE_CPU(float)

} // namespace cumed::surface::detail
