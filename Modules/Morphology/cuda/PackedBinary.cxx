#include "PackedBinary.h"

#include "ChordTable.h"
#include "PackedBinaryKernels.h"

#include <cstdint>
#include <limits>

namespace cumed::morphology::cuda {

template <class T>
bool RunPackedBinaryStep(const T* in, T* out, const detail::Size3& size,
                         const StructuringElement& mirrored, bool dilate, T foreground,
                         T background, bool boundaryToForeground,
                         std::vector<DeviceBuffer>& buffers, const Stream& stream) {
  constexpr std::size_t kIntMax = std::numeric_limits<int>::max();
  if (size[0] > kIntMax - 31 || size[1] > kIntMax || size[2] > kIntMax) return false;
  PackedGeometry geometry;
  geometry.width = static_cast<int>(size[0]);
  geometry.height = static_cast<int>(size[1]);
  geometry.depth = static_cast<int>(size[2]);
  geometry.words = (geometry.width + 31) / 32;
  const ChordTable table = MakeChordTable(mirrored);
  if (!PackedChordFilterFits(geometry, table)) return false;
  const std::size_t bytes = geometry.wordCount() * sizeof(std::uint32_t);
  if (bytes == 0) return true; // an empty image: nothing to do
  buffers.emplace_back(bytes, stream);
  auto* object = buffers.back().as<std::uint32_t>();
  buffers.emplace_back(bytes, stream);
  auto* filtered = buffers.back().as<std::uint32_t>();
  // Outside the image and past each row's end the object reads the boundary value, as the
  // uint8 mask path's filter boundary does.
  LaunchPackObject(in, foreground, boundaryToForeground, object, geometry, stream.native());
  LaunchPackedChordFilter(object, filtered, geometry, table, dilate, boundaryToForeground,
                          stream.native());
  if (dilate)
    LaunchUnpackDilated(filtered, in, foreground, background, out, geometry, stream.native());
  else
    LaunchUnpackEroded(filtered, in, foreground, background, out, geometry, stream.native());
  return true;
}

#define CUMED_INSTANTIATE(T)                                                                       \
  template bool RunPackedBinaryStep<T>(const T*, T*, const detail::Size3&,                         \
                                       const StructuringElement&, bool, T, T, bool,                \
                                       std::vector<DeviceBuffer>&, const Stream&);
CUMED_INSTANTIATE(std::uint8_t)
CUMED_INSTANTIATE(std::int16_t)
CUMED_INSTANTIATE(std::uint16_t)
CUMED_INSTANTIATE(float)
#undef CUMED_INSTANTIATE

} // namespace cumed::morphology::cuda
