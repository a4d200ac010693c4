#include "ChordTable.h"

#include <algorithm>

namespace cumed::morphology::cuda {

ChordTable MakeChordTable(const StructuringElement& element) {
  ChordTable table;
  table.reach = element.reach();
  for (const Chord& chord : element.chords()) table.lengths.push_back(chord.length);
  std::sort(table.lengths.begin(), table.lengths.end());
  table.lengths.erase(std::unique(table.lengths.begin(), table.lengths.end()), table.lengths.end());

  const int lengthCount = static_cast<int>(table.lengths.size());
  const int groups = (2 * table.reach[2] + 1) * lengthCount;
  std::vector<std::vector<ChordOffset>> byGroup(static_cast<std::size_t>(groups));
  for (const Chord& chord : element.chords()) {
    const int li = static_cast<int>(
        std::lower_bound(table.lengths.begin(), table.lengths.end(), chord.length) -
        table.lengths.begin());
    byGroup[static_cast<std::size_t>(table.group(chord.dz, li))].push_back(
        {static_cast<short>(chord.dy), static_cast<short>(chord.dx0)});
  }
  table.groupStart.push_back(0);
  for (const auto& group : byGroup) {
    table.chords.insert(table.chords.end(), group.begin(), group.end());
    table.groupStart.push_back(static_cast<int>(table.chords.size()));
  }
  return table;
}

} // namespace cumed::morphology::cuda
