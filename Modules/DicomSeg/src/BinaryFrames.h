#pragma once
// The PixelData of a binary SEG: all frames' pixels as one bit stream, least significant bit
// first, frames following each other without padding (PS3.3 C.8.20.2.1, PS3.5 8.1.1). Done here
// because DCMTK 3.6.7's dcmseg misplaces bits of frames whose pixel count is not a multiple of 8
// (found by this module's tests on a 13 x 11 grid).
#include <cstddef>
#include <cstdint>
#include <vector>

namespace cumed::seg::detail {

class BinaryFramePacker {
public:
  /// Appends one frame: a pixel is set when its byte is not 0.
  void Append(const std::uint8_t* pixels, std::size_t count);
  /// The packed stream (the last byte's unused bits are 0).
  const std::vector<std::uint8_t>& bytes() const { return bytes_; }

private:
  std::vector<std::uint8_t> bytes_;
  std::size_t bits_ = 0;
};

/// Pixel `index` of frame `frame` (frames of `frameLength` pixels) of a packed stream; the caller
/// checks that the stream holds it.
inline bool PackedPixel(const std::uint8_t* stream, std::size_t frame, std::size_t frameLength,
                        std::size_t index) {
  const std::size_t bit = frame * frameLength + index;
  return (stream[bit / 8] >> (bit % 8)) & 1u;
}

/// Bytes a stream of `frames` frames of `frameLength` pixels needs.
inline std::size_t PackedBytes(std::size_t frames, std::size_t frameLength) {
  return (frames * frameLength + 7) / 8;
}

} // namespace cumed::seg::detail
