#pragma once
// Small things the distributed programs share: rank 0's text and image layout on every rank, and
// a call with a typed zero for a runtime pixel type (the type-erased entry points and the
// application).
#include "cumed/core/Image.h"
#include "cumed/core/PixelType.h"
#include "cumed/parallel/Communicator.h"

#include <cstdint>
#include <string>

namespace cumed::parallel {

/// `text` as rank `root` holds it, on every rank (every rank must call).
std::string BroadcastText(const Communicator& comm, std::string text, int root = 0);

/// `type` and `geometry` (size, spacing, origin, direction) as rank `root` holds them, on every
/// rank (every rank must call), e.g. after rank 0 alone read an image file.
void BroadcastImageLayout(const Communicator& comm, PixelType& type, ImageGeometry& geometry,
                          int root = 0);

/// f(T{}) for the C++ type of `type` (uint8_t, int16_t, uint16_t or float).
template <class F> decltype(auto) WithPixelType(PixelType type, F&& f) {
  switch (type) {
  case PixelType::UInt8:
    return f(std::uint8_t{});
  case PixelType::Int16:
    return f(std::int16_t{});
  case PixelType::UInt16:
    return f(std::uint16_t{});
  case PixelType::Float32:
    break;
  }
  return f(float{});
}

} // namespace cumed::parallel
