#include "cumed/morphology/PixelRange.h"

#include "cumed/core/Error.h"
#include "cumed/core/NumberRules.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>

namespace cumed::morphology {
namespace {

template <class T> void CheckRange(const char* what, double value, cumed::PixelType type) {
  const double lowest = std::numeric_limits<T>::lowest();
  const double highest = std::numeric_limits<T>::max();
  const bool whole = !std::numeric_limits<T>::is_integer || std::floor(value) == value;
  if (value >= lowest && value <= highest && whole) return;
  char message[240];
  std::snprintf(message, sizeof message,
                "%s %g is not a value of the input's pixel type %s (%s %g .. %g)", what, value,
                cumed::ToString(type),
                std::numeric_limits<T>::is_integer ? "whole numbers" : "numbers", lowest, highest);
  throw InvalidArgument(message);
}

} // namespace

void CheckValueFitsPixelType(const char* what, double value, cumed::PixelType type) {
  numbers::RequireFinite(what, value);
  switch (type) {
  case cumed::PixelType::UInt8:
    return CheckRange<std::uint8_t>(what, value, type);
  case cumed::PixelType::Int16:
    return CheckRange<std::int16_t>(what, value, type);
  case cumed::PixelType::UInt16:
    return CheckRange<std::uint16_t>(what, value, type);
  case cumed::PixelType::Float32:
    return CheckRange<float>(what, value, type);
  }
}

} // namespace cumed::morphology
