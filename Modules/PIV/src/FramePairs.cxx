#include "cumed/piv/FramePairs.h"

#include "cumed/core/Error.h"

#include <string>

namespace cumed::piv {

std::vector<FramePairFiles> PairFrames(const std::vector<std::filesystem::path>& frames,
                                       Pairing pairing) {
  if (frames.size() < 2)
    throw InvalidArgument("PIV needs at least two frames, got " + std::to_string(frames.size()) +
                          (frames.empty() ? "" : " ('" + frames.front().string() + "')"));
  std::vector<FramePairFiles> pairs;
  if (pairing == Pairing::AB) {
    if (frames.size() % 2)
      throw InvalidArgument("pairs (1,2),(3,4)... need an even number of frames, got " +
                            std::to_string(frames.size()) + " (the last is '" +
                            frames.back().string() +
                            "'); consecutive pairing pairs each frame with the next");
    for (std::size_t i = 0; i + 1 < frames.size(); i += 2)
      pairs.push_back({frames[i], frames[i + 1]});
  } else {
    for (std::size_t i = 0; i + 1 < frames.size(); ++i) pairs.push_back({frames[i], frames[i + 1]});
  }
  return pairs;
}

} // namespace cumed::piv
