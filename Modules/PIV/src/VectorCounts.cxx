#include "cumed/piv/VectorCounts.h"

namespace cumed::piv {

VectorCounts& VectorCounts::operator+=(const VectorCounts& other) noexcept {
  vectors += other.vectors;
  replaced += other.replaced;
  invalid += other.invalid;
  masked += other.masked;
  return *this;
}

VectorCounts CountVectors(const PivField& field) noexcept {
  VectorCounts counts;
  counts.vectors = field.size();
  for (const std::uint8_t f : field.flags) {
    if (f & Replaced) ++counts.replaced;
    if (f & Masked) ++counts.masked;
    if ((f & kOutlierFlags) && !(f & Replaced)) ++counts.invalid;
  }
  return counts;
}

} // namespace cumed::piv
