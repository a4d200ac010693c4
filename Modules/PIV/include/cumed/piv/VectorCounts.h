#pragma once
// What became of a field's vectors: how many there are, how many validation replaced from their
// neighbours, how many outliers are left (no usable neighbour, or no replacement asked for) and
// how many are masked; the numbers a run reports.
#include "cumed/piv/PivField.h"

#include <cstdint>

namespace cumed::piv {

struct VectorCounts {
  std::uint64_t vectors = 0;  ///< columns x rows
  std::uint64_t replaced = 0; ///< flagged Replaced
  std::uint64_t invalid = 0;  ///< flagged by kOutlierFlags and not Replaced
  std::uint64_t masked = 0;   ///< flagged Masked

  VectorCounts& operator+=(const VectorCounts& other) noexcept;
};

VectorCounts CountVectors(const PivField& field) noexcept;

} // namespace cumed::piv
