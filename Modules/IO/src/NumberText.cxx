#include "NumberText.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace cumed::io::detail {
namespace {

std::string_view Trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\0')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\0')) text.remove_suffix(1);
  return text;
}

// snprintf's %g writes a decimal point in the C locale only; CuMed never calls setlocale, but a
// host application might, so replace a comma just in case.
std::string PrintG(double value, int significantDigits) {
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), "%.*g", significantDigits, value);
  std::string text(buffer);
  for (char& c : text)
    if (c == ',') c = '.';
  return text;
}

} // namespace

std::optional<double> ParseNumber(std::string_view text) {
  text = Trim(text);
  if (!text.empty() && text.front() == '+') text.remove_prefix(1); // from_chars rejects '+'
  if (text.empty()) return std::nullopt;
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
    return std::nullopt;
  return value;
}

std::string FormatNumber(double value) {
  return PrintG(value, 10);
}

std::string FormatDecimalString(double value) {
  if (!std::isfinite(value)) throw std::invalid_argument("a DICOM decimal string must be finite");
  if (value == 0) return "0"; // also turns -0 into 0
  for (int digits = 16; digits > 0; --digits) {
    std::string text = PrintG(value, digits);
    if (text.size() <= 16) return text;
  }
  throw std::invalid_argument("cannot write " + FormatNumber(value) + " in 16 characters");
}

} // namespace cumed::io::detail
