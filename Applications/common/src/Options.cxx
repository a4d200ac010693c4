#include "cumed/app/Options.h"

#include "cumed/app/UsageError.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <set>

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

std::vector<std::string> ParseCommandLine(int argc, const char* const* argv,
                                          const OptionHandlers& handlers) {
  std::vector<std::string> positionals;
  std::set<std::string> seen;
  bool optionsEnded = false;
  for (int i = 1; i < argc; ++i) {
    const std::string argument = argv[i];
    if (optionsEnded || !IsOption(argument)) {
      positionals.push_back(argument);
      continue;
    }
    if (argument == "--") {
      optionsEnded = true;
      continue;
    }
    const OptionArgument option = SplitOption(argument);
    const std::string& name = option.name;
    if (!handlers.isFlag(name) && !handlers.takesValue(name)) {
      throw UsageError("unknown option '" + name + "'");
    }
    if (!seen.insert(name).second && name != "--help" && name != "-h") {
      throw UsageError("option " + name + " is given twice");
    }
    if (handlers.isFlag(name)) {
      if (option.inlineValue) throw UsageError("option " + name + " takes no value");
      handlers.onFlag(name);
      continue;
    }
    const std::string value = TakeValue(option, argc, argv, i);
    handlers.onValue(option, value, i);
  }
  return positionals;
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

} // namespace cumed::app
