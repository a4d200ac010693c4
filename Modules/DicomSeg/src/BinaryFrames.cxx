#include "BinaryFrames.h"

namespace cumed::seg::detail {

void BinaryFramePacker::Append(const std::uint8_t* pixels, std::size_t count) {
  bytes_.resize((bits_ + count + 7) / 8, 0);
  for (std::size_t i = 0; i < count; ++i, ++bits_)
    if (pixels[i] != 0) bytes_[bits_ / 8] |= static_cast<std::uint8_t>(1u << (bits_ % 8));
}

} // namespace cumed::seg::detail
