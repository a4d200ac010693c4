#include "GrayscaleCuda.h"

#include "../src/CompositeOperations.h"
#include "CudaEngine.h"
#include "DeviceRunner.h"

#include <cstdint>
#include <limits>

namespace cumed::morphology::cuda {
namespace {

/// Scratch volumes (besides input and output) an operation allocates, at padded size.
double ScratchVolumes(GrayscaleOperation operation) {
  switch (operation) {
  case GrayscaleOperation::Dilate:
  case GrayscaleOperation::Erode:
    return 0;
  case GrayscaleOperation::Open:
  case GrayscaleOperation::Close:
    return 2;
  default:
    return 3;
  }
}

/// Opening or closing that computes only the slices it keeps: the first pass the kept slices
/// and reach_z on each side, the second only the kept slices. Same steps as detail::OpenOrClose
/// (pad by the reach with the value that cannot win the first pass, two passes, crop), so the
/// kept slices equal it bit for bit; a slab's halo slices of `out` are left unspecified.
template <class T>
void OpenOrCloseKept(CudaEngine<T>& engine, const T* in, T* out, const detail::Size3& size,
                     const StructuringElement& element, bool closing, bool safeBorder,
                     KeptSlices kept) {
  using detail::Extremum;
  const T lowest = std::numeric_limits<T>::lowest(), highest = std::numeric_limits<T>::max();
  const Extremum first = closing ? Extremum::Max : Extremum::Min;
  const Extremum second = closing ? Extremum::Min : Extremum::Max;
  const T firstBoundary = closing ? lowest : highest;
  const T secondBoundary = closing ? highest : lowest;
  const int rz = element.reach()[2];
  const int keptBegin = static_cast<int>(kept.begin), keptEnd = static_cast<int>(kept.end);
  if (!safeBorder) {
    T* temporary = engine.scratch(detail::Count(size));
    engine.filterSlices(in, temporary, size, element, first, firstBoundary, keptBegin - rz,
                        keptEnd + rz);
    engine.filterSlices(temporary, out, size, element, second, secondBoundary, keptBegin, keptEnd);
    return;
  }
  // Slice z of the volume is slice z + rz of the padded one.
  const std::array<int, 3> pad = element.reach();
  const detail::Size3 padded = detail::Padded(size, pad);
  T* a = engine.scratch(detail::Count(padded));
  T* b = engine.scratch(detail::Count(padded));
  engine.pad(in, size, a, pad, firstBoundary);
  engine.filterSlices(a, b, padded, element, first, firstBoundary, keptBegin, keptEnd + 2 * rz);
  engine.filterSlices(b, a, padded, element, second, secondBoundary, keptBegin + rz, keptEnd + rz);
  engine.crop(a, size, out, pad);
}

} // namespace

template <class T>
int RunGrayscale(const ImageView<const T>& input, const ImageView<T>& output,
                 const StructuringElement& element, GrayscaleOperation operation,
                 const GrayscaleOptions& options) {
  const int halo = detail::FilterPasses(operation) * element.reach()[2];
  const std::size_t perSlice =
      BytesPerSlice(input.geometry.size, sizeof(T), element.reach(), ScratchVolumes(operation));
  return RunOnDevice(
      input, output, halo, perSlice, options,
      [&](const T* in, T* out, const detail::Size3& size, const Stream& stream, KeptSlices kept) {
        CudaEngine<T> engine(stream);
        if (operation == GrayscaleOperation::Open || operation == GrayscaleOperation::Close)
          OpenOrCloseKept(engine, in, out, size, element, operation == GrayscaleOperation::Close,
                          options.safeBorder, kept);
        else
          detail::RunOperation(engine, in, out, size, element, operation, options);
      });
}

#define CUMED_INSTANTIATE(T)                                                                       \
  template int RunGrayscale<T>(const ImageView<const T>&, const ImageView<T>&,                     \
                               const StructuringElement&, GrayscaleOperation,                      \
                               const GrayscaleOptions&);
CUMED_INSTANTIATE(std::uint8_t)
CUMED_INSTANTIATE(std::int16_t)
CUMED_INSTANTIATE(std::uint16_t)
CUMED_INSTANTIATE(float)
#undef CUMED_INSTANTIATE

} // namespace cumed::morphology::cuda
