#pragma once
// The command-line conventions the programs share (CommandLine.h reads command lines by them):
// options as "--name value" or "--name=value", "--" ends the options, a lone "-" is a positional
// argument; and the parsing of numeric values, with the UsageError messages that name the option
// and the text.
#include <optional>
#include <string>
#include <string_view>

namespace cumed::app {

/// True when `argument` is an option (or "--"): it starts with '-' and is not "-" alone.
bool IsOption(std::string_view argument);

/// An option as given on the command line.
struct OptionArgument {
  std::string name;                       ///< up to the first '='
  std::optional<std::string> inlineValue; ///< after the first '=', when there is one
};

/// Splits "--name=value" (or "--name") into its name and inline value.
OptionArgument SplitOption(const std::string& argument);

/// The option's value: its inline value, else argv[i + 1] (`i` advances past it). Throws
/// UsageError "option NAME needs a value" when there is neither.
std::string TakeValue(const OptionArgument& option, int argc, const char* const* argv, int& i);

/// The whole of `text` as a number (inf and nan included). Throws UsageError
/// "OPTION: 'TEXT' is not a number" otherwise, also when it is out of double's range.
double ParseNumber(std::string_view option, const std::string& text);

/// As ParseNumber(), for a finite number only: "OPTION: 'TEXT' is not a finite number".
double ParseFiniteNumber(std::string_view option, const std::string& text);

/// The whole of `text` as a whole number (decimal digits, an optional '-') in low..high. Throws
/// UsageError "OPTION: 'TEXT' is not a whole number" or "OPTION TEXT is outside LOW..HIGH".
int ParseWholeNumber(std::string_view option, const std::string& text, int low, int high);

} // namespace cumed::app
