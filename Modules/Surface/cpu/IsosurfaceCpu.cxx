#include "cpu/IsosurfaceCpu.h"

#include "cpu/ScratchPool.h"
#include "cumed/surface/ExclusiveScan.h"
#include "src/Classifier.h"
#include "src/ContourPlan.h"
#include "src/EdgeCaseTable.h"

#include <cstdint>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace cumed::surface::detail {
namespace {

/// A job's state between the count and emit passes.
struct CountedSlab {
  ScratchBlock bits;            ///< uint32 words
  ScratchBlock pointOffsets;    ///< uint64
  ScratchBlock triangleOffsets; ///< uint64
};

/// The inside flags of up to 32 values packed into a word. Full words go through a byte mask
/// the compiler vectorises and SSE2's movemask packs; the classification pass then runs near
/// memory speed instead of one shift per value.
template <class T>
std::uint32_t PackWord(const T* values, std::int64_t count, const Classifier<T>& classifier) {
  if (count < kWordBits) {
    std::uint32_t word = 0;
    for (std::int64_t b = 0; b < count; ++b) {
      word |= static_cast<std::uint32_t>(classifier.inside(values[b])) << b;
    }
    return word;
  }
#if defined(__SSE2__)
  alignas(16) std::uint8_t flags[kWordBits];
  for (int b = 0; b < kWordBits; ++b) {
    flags[b] = classifier.inside(values[b]) ? 0xff : 0;
  }
  const auto low = static_cast<std::uint32_t>(
      _mm_movemask_epi8(_mm_load_si128(reinterpret_cast<const __m128i*>(flags))));
  const auto high = static_cast<std::uint32_t>(
      _mm_movemask_epi8(_mm_load_si128(reinterpret_cast<const __m128i*>(flags + 16))));
  return low | (high << 16);
#else
  std::uint32_t word = 0;
  for (int b = 0; b < kWordBits; ++b) {
    word |= static_cast<std::uint32_t>(classifier.inside(values[b])) << b;
  }
  return word;
#endif
}

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
      bits[g.bitIndex(j, k, w)] = PackWord(line + w * kWordBits, g.nx - w * kWordBits, classifier);
    }
  }
}

/// True when the rows a unit row (j, k) reads - (j, k), (j+1, k), (j, k+1), (j+1, k+1), those
/// that exist - are all outside or all inside: then none of its units has points or triangles.
/// Most rows of a CT are like this; skipping them is the CPU's version of VTK's trimming.
bool RowIsUniform(const BitRows& rows, std::int64_t j, std::int64_t k) {
  const ContourGrid& g = rows.grid;
  const std::int64_t planeEnd = g.zBegin + g.bitPlanes();
  const std::uint32_t first = rows.bits[g.bitIndex(j, k, 0)];
  if (first != 0 && first != g.belowMask(0, g.nx)) {
    return false;
  }
  const bool inside = first != 0;
  for (int r = 0; r < 4; ++r) {
    const std::int64_t jj = j + (r & 1), kk = k + (r >> 1);
    if (jj >= g.ny || kk >= planeEnd) {
      continue;
    }
    const std::uint32_t* word = rows.bits + g.bitIndex(jj, kk, 0);
    for (std::int64_t w = 0; w < g.words; ++w) {
      if (word[w] != (inside ? g.belowMask(w, g.nx) : 0u)) {
        return false;
      }
    }
  }
  return true;
}

template <class T>
CountedSlab CountSlab(const VolumeRows<T>& volume, ContourJob& job, bool labelMode) {
  const ContourGrid& g = job.grid;
  CountedSlab slab;
  slab.bits = TakeScratch<std::uint32_t>(g.bitWords());
  Classify(volume, g, job.value, labelMode, slab.bits.as<std::uint32_t>());
  const BitRows rows{slab.bits.as<std::uint32_t>(), g};
  // Two-level scan: unit counts (and later unit offsets) are written only for the rows that
  // are not uniform; per-row totals, scanned in the same segment order as the units, give every
  // row its start. A uniform row's offsets are never read for a point that exists (an edge
  // that is cut makes the row that owns it non-uniform), so its units are left untouched and
  // the memory traffic follows the surface, not the volume.
  ScratchBlock pointBlock = TakeScratch<std::uint32_t>(g.pointCountLength());
  ScratchBlock triangleBlock = TakeScratch<std::uint32_t>(g.triangleCountLength());
  const std::int64_t rowSegments = g.pointCountLength() / g.words;
  const std::int64_t triangleRows = g.triangleCountLength() / g.words;
  ScratchBlock rowPointBlock = TakeScratch<std::uint32_t>(rowSegments);
  ScratchBlock rowTriangleBlock = TakeScratch<std::uint32_t>(triangleRows);
  std::uint32_t* pointCounts = pointBlock.as<std::uint32_t>();
  std::uint32_t* triangleCounts = triangleBlock.as<std::uint32_t>();
  std::uint32_t* rowPoints = rowPointBlock.as<std::uint32_t>();
  std::uint32_t* rowTriangles = rowTriangleBlock.as<std::uint32_t>();
  // Row r of a segment is unit r * words of that segment.
  const auto rowOf = [&](std::int64_t unitIndex) { return unitIndex / g.words; };
  const std::int64_t rowsToCount = g.countPlanes() * g.ny; // owned planes + ghost plane
#pragma omp parallel for schedule(dynamic, 64)
  for (std::int64_t row = 0; row < rowsToCount; ++row) {
    const std::int64_t k = g.zBegin + row / g.ny, j = row % g.ny;
    std::uint32_t points[3] = {0, 0, 0}, triangles = 0;
    if (!RowIsUniform(rows, j, k)) {
      for (std::int64_t w = 0; w < g.words; ++w) {
        const UnitCounts c = CountUnit(UnitWords(rows, j, k, w), kEdgeCases);
        for (int axis = 0; axis < 3; ++axis) {
          pointCounts[g.pointSegment(j, k, axis, w)] = c.points[axis];
          points[axis] += c.points[axis];
        }
        if (k < g.zEnd) {
          triangleCounts[g.triangleUnit(j, k, w)] = c.triangles;
          triangles += c.triangles;
        }
      }
    }
    for (int axis = 0; axis < 3; ++axis) {
      rowPoints[rowOf(g.pointSegment(j, k, axis, 0))] = points[axis];
    }
    if (k < g.zEnd) {
      rowTriangles[rowOf(g.triangleUnit(j, k, 0))] = triangles;
    }
  }
  ScratchBlock rowPointStart = TakeScratch<std::uint64_t>(rowSegments);
  ScratchBlock rowTriangleStart = TakeScratch<std::uint64_t>(triangleRows);
  ExclusiveScanHost(rowPoints, rowPointStart.as<std::uint64_t>(), rowSegments);
  job.triangles = static_cast<std::int64_t>(
      ExclusiveScanHost(rowTriangles, rowTriangleStart.as<std::uint64_t>(), triangleRows));
  // The slab's own points end where the ghost segment (the next slab's first points) begins.
  const std::int64_t ownRows = g.ownPointEntries() / g.words;
  job.points = ownRows == 0
                   ? 0
                   : static_cast<std::int64_t>(rowPointStart.as<std::uint64_t>()[ownRows - 1] +
                                               rowPoints[ownRows - 1]);

  slab.pointOffsets = TakeScratch<std::uint64_t>(g.pointCountLength());
  slab.triangleOffsets = TakeScratch<std::uint64_t>(g.triangleCountLength());
  std::uint64_t* pointOffsets = slab.pointOffsets.as<std::uint64_t>();
  std::uint64_t* triangleOffsets = slab.triangleOffsets.as<std::uint64_t>();
  // Unit offsets of the rows with output: the row's start plus the counts before the unit.
  const auto fillRow = [&](std::uint64_t start, std::int64_t firstUnit, const std::uint32_t* counts,
                           std::uint64_t* offsets) {
    for (std::int64_t w = 0; w < g.words; ++w) {
      offsets[firstUnit + w] = start;
      start += counts[firstUnit + w];
    }
  };
#pragma omp parallel for schedule(static)
  for (std::int64_t segmentRow = 0; segmentRow < rowSegments; ++segmentRow) {
    if (rowPoints[segmentRow] != 0) {
      fillRow(rowPointStart.as<std::uint64_t>()[segmentRow], segmentRow * g.words, pointCounts,
              pointOffsets);
    }
  }
#pragma omp parallel for schedule(static)
  for (std::int64_t row = 0; row < triangleRows; ++row) {
    if (rowTriangles[row] != 0) {
      fillRow(rowTriangleStart.as<std::uint64_t>()[row], row * g.words, triangleCounts,
              triangleOffsets);
    }
  }
  return slab;
}

template <class T>
void EmitSlab(const VolumeRows<T>& volume, const CountedSlab& slab, const ContourJob& job,
              const WorldTransform& world, bool labelMode, const PointOutputs& outputs,
              SurfaceMesh& mesh, bool reverseWinding) {
  const ContourGrid& g = job.grid;
  ScratchBlock keyBlock = TakeScratch<std::int64_t>(job.points);
  std::int64_t* edgeKeys = keyBlock.as<std::int64_t>();
  const BitRows bits{slab.bits.as<std::uint32_t>(), g};
  const EmitTarget target{edgeKeys, mesh.triangles.data() + 3 * job.triangleOffset,
                          job.pointOffset, reverseWinding};
  const std::int64_t rows = (g.zEnd - g.zBegin) * g.ny;
#pragma omp parallel for schedule(dynamic, 64)
  for (std::int64_t row = 0; row < rows; ++row) {
    const std::int64_t k = g.zBegin + row / g.ny, j = row % g.ny;
    if (RowIsUniform(bits, j, k)) {
      continue;
    }
    for (std::int64_t w = 0; w < g.words; ++w) {
      EmitUnit(bits, slab.pointOffsets.as<std::uint64_t>(),
               slab.triangleOffsets.as<std::uint64_t>(), kEdgeCases, target, j, k, w);
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
  return ContourRangesOnCpu(volume, 0, volume.geometry, options, attributes,
                            PlanSlabs(static_cast<std::int64_t>(volume.geometry.size[2]), slabs));
}

template <class T>
SurfaceMesh ContourRangesOnCpu(const ImageView<const T>& planes, std::int64_t firstPlane,
                               const ImageGeometry& whole, const IsosurfaceOptions& options,
                               const std::vector<ImageView<const float>>& attributes,
                               const std::vector<std::pair<std::int64_t, std::int64_t>>& ranges) {
  const auto& size = whole.size;
  const VolumeRows<T> rows{planes.data, static_cast<std::int64_t>(size[0]),
                           static_cast<std::int64_t>(size[1]), static_cast<std::int64_t>(size[2]),
                           firstPlane};
  const bool labelMode = options.mode == ContourMode::Label;
  std::vector<ContourJob> jobs = PlanJobs(whole, options, ranges);
  std::vector<CountedSlab> counted;
  counted.reserve(jobs.size());
  for (auto& job : jobs) {
    counted.push_back(CountSlab(rows, job, labelMode));
  }
  AssignJobOffsets(jobs);

  SurfaceMesh mesh;
  AllocateMesh(mesh, jobs, options.values.size(), options, attributes.size());
  const WorldTransform world = MakeWorldTransform(whole);
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
                               static_cast<int>(attributes.size()),
                               ReversesWinding(options, world)};
    EmitSlab(rows, counted[n], jobs[n], world, labelMode, outputs, mesh,
             ReversesWinding(options, world));
    counted[n] = CountedSlab{}; // free the slab's bits and offsets as soon as they are used
  }
  return mesh;
}

#define CUMED_INSTANTIATE_CPU(T)                                                                   \
  template SurfaceMesh ContourOnCpu<T>(const ImageView<const T>&, const IsosurfaceOptions&,        \
                                       const std::vector<ImageView<const float>>&, int);           \
  template SurfaceMesh ContourRangesOnCpu<T>(                                                      \
      const ImageView<const T>&, std::int64_t, const ImageGeometry&, const IsosurfaceOptions&,     \
      const std::vector<ImageView<const float>>&,                                                  \
      const std::vector<std::pair<std::int64_t, std::int64_t>>&);
CUMED_INSTANTIATE_CPU(std::uint8_t)
CUMED_INSTANTIATE_CPU(std::int16_t)
CUMED_INSTANTIATE_CPU(std::uint16_t)
CUMED_INSTANTIATE_CPU(float)

} // namespace cumed::surface::detail
