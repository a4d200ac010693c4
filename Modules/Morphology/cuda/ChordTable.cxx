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
  table.centred = !element.chords().empty();
  for (const Chord& chord : element.chords())
    if (chord.length % 2 == 0 || chord.dx0 != -(chord.length - 1) / 2 || chord.length > 255)
      table.centred = false;
  if (table.centred) {
    const int rows = 2 * table.reach[1] + 1;
    table.rowHalfLength.assign(static_cast<std::size_t>((2 * table.reach[2] + 1) * rows), -1);
    for (const Chord& chord : element.chords())
      table.rowHalfLength[static_cast<std::size_t>((chord.dz + table.reach[2]) * rows + chord.dy +
                                                   table.reach[1])] =
          static_cast<signed char>((chord.length - 1) / 2);
  }

  table.groupStart.push_back(0);
  for (const auto& group : byGroup) {
    table.chords.insert(table.chords.end(), group.begin(), group.end());
    table.groupStart.push_back(static_cast<int>(table.chords.size()));
  }
  return table;
}

} // namespace cumed::morphology::cuda
