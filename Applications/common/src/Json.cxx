#include "cumed/app/Json.h"

#include <cmath>
#include <cstdint>

namespace cumed::app {

Json JsonNumber(double value) {
  if (!std::isfinite(value)) return nullptr;
  // Whole values as integers, so "radius_mm":2 reads as it always has (nlohmann writes 2.0).
  constexpr double kExactIntegers = 9007199254740992.0; // 2^53
  if (std::trunc(value) == value && std::fabs(value) <= kExactIntegers) {
    return static_cast<std::int64_t>(value);
  }
  return value;
}

std::string JsonText(const Json& json) {
  return json.dump(-1, ' ', false, Json::error_handler_t::replace);
}

} // namespace cumed::app
