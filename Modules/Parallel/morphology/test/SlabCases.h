#pragma once
// Test inputs for distributed morphology: the same random volume on every rank (so each takes
// its planes without communication), the partitions that stress the halo exchange, and the run
// of one distributed operation gathered on rank 0.
#include "RandomVolumes.h" // CuMed::Morphology's test inputs
#include "cumed/parallel/HaloExchange.h"
#include "cumed/parallel/SlabGeometry.h"
#include "cumed/parallel/SlabPartition.h"

#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

namespace cumed::parallel::test {

using morphology::test::RandomVolume; // over the type's whole range

/// Mostly background, some object (1) and some other value (2), so the binary value mapping
/// (pixels neither foreground nor background keep their value) is exercised.
template <class T> std::vector<T> RandomMaskVolume(std::size_t count, unsigned seed) {
  std::mt19937 random(seed);
  std::vector<T> values(count);
  for (T& v : values) {
    const unsigned draw = random() % 10;
    v = T(draw < 5 ? 0 : draw < 9 ? 1 : 2);
  }
  return values;
}

struct NamedPartition {
  std::string name;
  std::vector<Slab> slabs;
};

/// For `ranks` ranks and `planes` planes: even, uneven (first rank heavy), thin (1 or 2 planes
/// per rank, the rest on the last), and one with an empty rank (the second, or the only one).
inline std::vector<NamedPartition> Partitions(std::int64_t planes, int ranks) {
  std::vector<NamedPartition> result{{"even", PartitionPlanes(planes, ranks)}};
  const std::size_t count = std::size_t(ranks);
  std::vector<std::int64_t> uneven(count, 1), thin(count), empty(count, 1);
  uneven[0] = planes - (ranks - 1);
  std::int64_t used = 0;
  for (int r = 0; r + 1 < ranks; ++r) {
    thin[std::size_t(r)] = 1 + r % 2;
    used += thin[std::size_t(r)];
  }
  thin.back() = planes - used;
  empty[std::size_t(std::min(1, ranks - 1))] = 0;
  empty[0] = planes - (ranks - 1) + (ranks > 1 ? 1 : 0);
  if (ranks == 1) empty[0] = planes;
  result.push_back({"uneven", SlabsOfThicknesses(uneven)});
  result.push_back({"thin", SlabsOfThicknesses(thin)});
  result.push_back({"empty_rank", SlabsOfThicknesses(empty)});
  return result;
}

/// This rank's planes of a whole volume held on every rank.
template <class T>
std::vector<T> OwnPlanes(const std::vector<T>& whole, const ImageGeometry& global,
                         const Slab& own) {
  const std::size_t plane = global.size[0] * global.size[1];
  return {whole.begin() + std::ptrdiff_t(std::size_t(own.begin) * plane),
          whole.begin() + std::ptrdiff_t(std::size_t(own.end) * plane)};
}

/// The whole result on rank 0 (empty elsewhere) from every rank's planes.
template <class T>
std::vector<T> Gathered(const Communicator& comm, const std::vector<Slab>& slabs,
                        const ImageGeometry& global, const std::vector<T>& own) {
  std::vector<T> whole(comm.rank() == 0 ? global.numberOfPixels() : 0);
  GatherSlabs(comm, slabs, global.size[0] * global.size[1] * sizeof(T), own.data(), whole.data());
  return whole;
}

} // namespace cumed::parallel::test
