#pragma once
// Internal: a structuring element laid out for the CUDA kernels. Chords are grouped by z offset
// and by length: group (dz index, length index) lists the (dy, dx0) of its chords. Lengths are
// ascending so a kernel grows each running extremum from the previous length.
#include "cumed/morphology/StructuringElement.h"

#include <array>
#include <vector>

namespace cumed::morphology::cuda {

struct ChordOffset {
  short dy;
  short dx0;
};

struct ChordTable {
  std::array<int, 3> reach{0, 0, 0};
  std::vector<int> lengths;        ///< distinct chord lengths, ascending
  std::vector<int> groupStart;     ///< (2*reach_z+1)*lengths.size()+1 entries
  std::vector<ChordOffset> chords; ///< (dy, dx0) of each chord, in group order
  /// True when every chord is centred on x = 0 (odd length L, dx0 = -(L-1)/2), as in balls,
  /// boxes and crosses: then each row (dy, dz) holds at most one chord, of half-length
  /// rowHalfLength[(dz + reach_z) * (2 * reach_y + 1) + dy + reach_y] (-1: no chord).
  bool centred = false;
  std::vector<signed char> rowHalfLength;
  int group(int dz, int lengthIndex) const {
    return (dz + reach[2]) * static_cast<int>(lengths.size()) + lengthIndex;
  }
};

ChordTable MakeChordTable(const StructuringElement& element);

} // namespace cumed::morphology::cuda
