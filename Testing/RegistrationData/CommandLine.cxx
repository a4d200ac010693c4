#include "CommandLine.h"

#include "cumed/core/Error.h"

#include <cmath>
#include <cstdint>
#include <stdexcept>

namespace cumed::regdata {

double ParseNumber(const std::string& option, const std::string& text) {
  try {
    std::size_t used = 0;
    const double value = std::stod(text, &used);
    if (used == text.size() && std::isfinite(value)) return value;
  } catch (const std::exception&) {
  }
  throw InvalidArgument(option + ": '" + text + "' is not a finite number");
}

unsigned long ParseUnsigned(const std::string& option, const std::string& text) {
  try {
    std::size_t used = 0;
    const unsigned long long value = std::stoull(text, &used);
    if (used == text.size() && text[0] != '-' && value <= UINT32_MAX) return (unsigned long)value;
  } catch (const std::exception&) {
  }
  throw InvalidArgument(option + ": '" + text + "' is not an integer in 0 .. 4294967295");
}

} // namespace cumed::regdata
