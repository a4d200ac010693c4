#pragma once
// A program's command line as one table: each option is declared once, with its names, its value's
// name, its help text and what it does with the value, on CLI11. The help text is made from the
// table. The options every program shares are registered by the constructor: --version, --json,
// --quiet, --verbose, --threads N and -h/--help (ToolOptions.h); --backend and --force are one
// call each. The conventions stay the programs' own (Documentation/applications.md): "--name
// value" or "--name=value"; an option's value is the next argument whatever it looks like; "--"
// ends the options; a lone "-" is a positional argument; an unknown option, a flag given a value,
// an option given twice (other than --help) and a missing value are UsageErrors (exit status 2)
// with the messages the programs have always printed.
#include "cumed/app/SlicerXml.h"
#include "cumed/app/ToolOptions.h"
#include "cumed/app/UsageError.h"
#include "cumed/core/Backend.h"

#include <CLI/CLI.hpp>

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace cumed::app {

class CommandLine {
public:
  /// The shared options write into `tool`.
  CommandLine(std::string program, ToolOptions& tool);

  /// --help's first line is "Usage: PROGRAM USAGE", or "Usage: USAGE" when `usage` names the
  /// program itself (mpirun -np N PROGRAM ..., or several lines); `about` is the text between
  /// it and the options.
  CommandLine& Usage(const std::string& usage, const std::string& about);
  /// The width of the help's option column (names and value; default 22).
  CommandLine& NameWidth(int width);

  /// A help line for a positional argument (Parse() returns them all, in order).
  CommandLine& Positional(const std::string& name, const std::string& help);
  /// Text after the options in --help.
  CommandLine& Epilogue(const std::string& text);
  /// Leaves --json out, for a program whose output is no summary (a benchmark's table).
  CommandLine& RemoveJson();
  /// A heading line in --help before the options declared next ("Validation:").
  CommandLine& Section(const std::string& heading);

  /// A flag; `names` as CLI11 takes them ("--name" or "--new,--old": the first is the one the
  /// help shows).
  CLI::Option* Flag(const std::string& names, const std::string& help, std::function<void()> set);
  CLI::Option* Flag(const std::string& names, const std::string& help, bool& target);
  /// An option with one value, handed to `apply` (which throws UsageError for a bad one).
  CLI::Option* Value(const std::string& names, const std::string& valueName,
                     const std::string& help, std::function<void(const std::string&)> apply);
  /// A text value; UsageError "NAME: the WHAT is empty" for an empty one.
  CLI::Option* Text(const std::string& names, const std::string& valueName, const std::string& help,
                    std::string& target, const std::string& what);
  /// A finite number (ParseFiniteNumber's message otherwise).
  CLI::Option* Number(const std::string& names, const std::string& valueName,
                      const std::string& help, double& target);
  CLI::Option* Number(const std::string& names, const std::string& valueName,
                      const std::string& help, std::optional<double>& target);
  /// One of a few words, each standing for a value of `target`; UsageError "NAME: unknown WHAT
  /// 'VALUE' (a, b or c)" otherwise.
  template <class T>
  CLI::Option* Choice(const std::string& names, const std::string& valueName,
                      const std::string& help, T& target,
                      std::vector<std::pair<std::string, T>> choices, const std::string& what) {
    std::vector<std::string> accepted;
    for (const auto& choice : choices) accepted.push_back(choice.first);
    return Words(
        Value(
            names, valueName, help,
            [&target, choices, what,
             name = names.substr(0, names.find(','))](const std::string& value) {
              std::string words;
              for (std::size_t i = 0; i < choices.size(); ++i) {
                if (choices[i].first == value) {
                  target = choices[i].second;
                  return;
                }
                words += (i == 0 ? "" : i + 1 == choices.size() ? " or " : ", ") + choices[i].first;
              }
              throw UsageError(name + ": unknown " + what + " '" + value + "' (" + words + ")");
            }),
        accepted);
  }
  /// Records the words `option` accepts (for --xml's enumerations); Choice and Backend do it
  /// themselves. Returns `option`.
  CLI::Option* Words(CLI::Option* option, std::vector<std::string> words);
  /// --backend B: auto, cpu or cuda.
  CLI::Option* Backend(cumed::Backend& target, const std::string& help);
  /// --force: replace existing outputs.
  CLI::Option* Force(bool& target, const std::string& help);

  /// An option that takes one value, or `count` values when the `count - 1` arguments after the
  /// first all pass `isValue` (--radius-vox R or RX RY RZ); the values reach the option's apply
  /// joined by commas. `refuse(first, next)` may throw when some, not all, of them pass.
  void AllowValues(CLI::Option* option, int count, std::function<bool(const std::string&)> isValue,
                   std::function<void(const std::string&, const std::string&)> refuse = {});

  /// Adds --xml: print `module` as Slicer's execution-model XML (SlicerXml.h) and stop.
  CommandLine& Slicer(SlicerModule module);
  /// The XML of the module given to Slicer(), from the table; std::logic_error when the module
  /// names an option the table lacks or disagrees with it (SlicerXml.h).
  std::string SlicerXml() const;

  /// Parses the command line; returns the positional arguments in order. Throws UsageError (see
  /// above); with --help or --version the caller skips its own checks (Stop()).
  std::vector<std::string> Parse(int argc, const char* const* argv);
  /// True after Parse() met --help or --version: nothing else is to be checked or run.
  bool Stop() const { return help_ || tool_.version || xml_; }
  bool HelpAsked() const { return help_; }
  bool XmlAsked() const { return xml_; }

  /// The --help text, from the table.
  std::string Help() const;

private:
  CLI::Option* Add(CLI::Option* option, const std::string& valueName);

  struct ValueRule {
    int count;
    std::function<bool(const std::string&)> isValue;
    std::function<void(const std::string&, const std::string&)> refuse;
  };

  CLI::App app_;
  std::string program_;
  std::string usage_;
  std::string about_;
  std::string epilogue_;
  int nameWidth_ = 22;
  ToolOptions& tool_;
  bool help_ = false;
  bool xml_ = false;
  std::optional<SlicerModule> slicer_;
  std::map<const CLI::Option*, std::vector<std::string>> words_;
  std::vector<std::pair<std::string, std::string>> positionals_;
  std::vector<CLI::Option*> options_; ///< the program's, in the order of the table
  std::vector<CLI::Option*> common_;  ///< the shared ones, shown last
  std::map<const CLI::Option*, std::string> valueNames_;
  std::map<const CLI::Option*, std::string> headings_; ///< printed before the option
  std::string pendingHeading_;
  std::map<const CLI::Option*, ValueRule> valueRules_;
};

/// What every program's ParseArguments starts with: a CommandLine for `program` writing the
/// shared options into `arguments.tool`, the option table `declare(cli, arguments)`, the parse,
/// and `arguments.help` (with --xml, `arguments.tool.xml`). Returns the positional arguments, or
/// nothing when --help or --version ends the run (the program's own checks are then skipped).
template <class TArguments, class Declare>
std::optional<std::vector<std::string>> ParseTable(const std::string& program, int argc,
                                                   const char* const* argv, TArguments& arguments,
                                                   Declare&& declare) {
  CommandLine cli(program, arguments.tool);
  declare(cli, arguments);
  std::vector<std::string> positionals = cli.Parse(argc, argv);
  arguments.help = cli.HelpAsked();
  if (cli.XmlAsked()) arguments.tool.xml = cli.SlicerXml();
  if (cli.Stop()) return std::nullopt;
  return positionals;
}

/// ParseTable for a table `declare(cli, arguments, given)` that also notes in `given` which
/// options the command line gave (for the checks that follow).
template <class TArguments, class TGiven, class Declare>
std::optional<std::vector<std::string>> ParseTable(const std::string& program, int argc,
                                                   const char* const* argv, TArguments& arguments,
                                                   TGiven& given, Declare&& declare) {
  return ParseTable(program, argc, argv, arguments,
                    [&](CommandLine& cli, TArguments& a) { declare(cli, a, given); });
}

/// --help of the table `declare(cli, arguments)` builds (the same table ParseTable reads), or
/// with a TGiven, of a table `declare(cli, arguments, given)`.
template <class TArguments, class TGiven = void, class Declare>
std::string TableHelp(const std::string& program, Declare&& declare) {
  TArguments unused;
  CommandLine cli(program, unused.tool);
  if constexpr (std::is_void_v<TGiven>) {
    declare(cli, unused);
  } else {
    TGiven given{};
    declare(cli, unused, given);
  }
  return cli.Help();
}

} // namespace cumed::app
