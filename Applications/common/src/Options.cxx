#include "cumed/app/Options.h"

#include "cumed/app/UsageError.h"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>

namespace cumed::app {
namespace {

// The whole of `text` as a double; nothing when it is empty, has anything after the number, or
// is out of range.
std::optional<double> ToDouble(const std::string& text) {
  const char* begin = text.c_str();
  char* end = nullptr;
  errno = 0;
  const double value = std::strtod(begin, &end);
  if (text.empty() || end != begin + text.size() || errno == ERANGE) return std::nullopt;
  return value;
}

} // namespace

bool IsOption(std::string_view argument) {
  return !argument.empty() && argument[0] == '-' && argument != "-";
}

OptionArgument SplitOption(const std::string& argument) {
  const auto equals = argument.find('=');
  OptionArgument option{argument.substr(0, equals), std::nullopt};
  if (equals != std::string::npos) option.inlineValue = argument.substr(equals + 1);
  return option;
}

std::string TakeValue(const OptionArgument& option, int argc, const char* const* argv, int& i) {
  if (option.inlineValue) return *option.inlineValue;
  if (i + 1 < argc) return argv[++i];
  throw UsageError("option " + option.name + " needs a value");
}

double ParseNumber(std::string_view option, const std::string& text) {
  const std::optional<double> value = ToDouble(text);
  if (!value) throw UsageError(std::string(option) + ": '" + text + "' is not a number");
  return *value;
}

double ParseFiniteNumber(std::string_view option, const std::string& text) {
  const std::optional<double> value = ToDouble(text);
  if (!value || !std::isfinite(*value)) {
    throw UsageError(std::string(option) + ": '" + text + "' is not a finite number");
  }
  return *value;
}

int ParseWholeNumber(std::string_view option, const std::string& text, int low, int high) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size())
    throw UsageError(std::string(option) + ": '" + text + "' is not a whole number");
  if (value < low || value > high)
    throw UsageError(std::string(option) + " " + text + " is outside " + std::to_string(low) +
                     ".." + std::to_string(high));
  return value;
}

} // namespace cumed::app
