#include "cumed/app/CommandLine.h"

#include "cumed/app/BackendOption.h"
#include "cumed/app/Options.h"
#include "cumed/app/UsageError.h"

#include <algorithm>
#include <set>
#include <sstream>

namespace cumed::app {
namespace {

// "--new,--old" -> "--new" (what the help shows).
std::string FirstName(const std::string& names) {
  return names.substr(0, names.find(','));
}

// Adds a help entry: "  NAME", its help's lines in the column after `width` (from the next line
// when NAME fills it).
void AddHelpEntry(std::string& text, std::string name, const std::string& help, int width) {
  std::string entry = "  " + name;
  const std::size_t column = static_cast<std::size_t>(width) + 2;
  std::istringstream lines(help);
  std::string line;
  bool first = true;
  while (std::getline(lines, line)) {
    if (first) { // beside the name, or under it when the name fills the column
      entry += entry.size() < column ? std::string(column - entry.size(), ' ')
                                     : "\n" + std::string(column, ' ');
      first = false;
    } else {
      entry += "\n" + std::string(column, ' ');
    }
    entry += line;
  }
  text += entry + "\n";
}

} // namespace

CommandLine::CommandLine(std::string program, ToolOptions& tool)
    : app_("", program), program_(std::move(program)), tool_(tool) {
  app_.set_help_flag(); // ours is -h/--help below, shown last
  const auto toolFlag = [this](const std::string& name, const std::string& help) {
    common_.push_back(Flag(name, help, [this, name] { ApplyToolFlag(name, tool_); }));
  };
  common_.push_back(
      Value("--threads", "N",
            "CPU threads to use, 1.." + std::to_string(kMaxThreads) +
                " (default: OMP_NUM_THREADS, else\nevery core)",
            [this](const std::string& value) { ApplyToolValue("--threads", value, tool_); }));
  toolFlag("--json", "print the summary as one JSON object");
  toolFlag("--quiet", "print only errors and the summary (no progress, notes or\nwarnings)");
  toolFlag("--verbose", "also print debug messages (the flags override\n"
                        "CUMED_LOG_LEVEL=debug|info|warning|error)");
  toolFlag("--version", "print the version, the CUDA backend and the devices");
  common_.push_back(Flag("-h,--help", "this text", help_));
  options_.clear(); // the program's own options follow
}

CommandLine& CommandLine::Usage(const std::string& usage, const std::string& about) {
  usage_ = usage;
  about_ = about;
  return *this;
}

CommandLine& CommandLine::NameWidth(int width) {
  nameWidth_ = width;
  return *this;
}

CommandLine& CommandLine::Positional(const std::string& name, const std::string& help) {
  positionals_.emplace_back(name, help);
  return *this;
}

CommandLine& CommandLine::Epilogue(const std::string& text) {
  epilogue_ = text;
  return *this;
}

CommandLine& CommandLine::RemoveJson() {
  const auto json = std::find_if(common_.begin(), common_.end(),
                                 [](const CLI::Option* o) { return o->check_name("--json"); });
  if (json != common_.end()) {
    app_.remove_option(*json);
    common_.erase(json);
  }
  return *this;
}

CommandLine& CommandLine::Section(const std::string& heading) {
  pendingHeading_ = heading;
  return *this;
}

CLI::Option* CommandLine::Add(CLI::Option* option, const std::string& valueName) {
  valueNames_[option] = valueName;
  if (!pendingHeading_.empty()) headings_[option] = std::move(pendingHeading_);
  pendingHeading_.clear();
  options_.push_back(option);
  return option;
}

CLI::Option* CommandLine::Flag(const std::string& names, const std::string& help,
                               std::function<void()> set) {
  return Add(app_.add_flag_callback(names, std::move(set), help), "");
}

CLI::Option* CommandLine::Flag(const std::string& names, const std::string& help, bool& target) {
  return Flag(names, help, [&target] { target = true; });
}

CLI::Option* CommandLine::Value(const std::string& names, const std::string& valueName,
                                const std::string& help,
                                std::function<void(const std::string&)> apply) {
  return Add(app_.add_option_function<std::string>(names, std::move(apply), help), valueName);
}

CLI::Option* CommandLine::Text(const std::string& names, const std::string& valueName,
                               const std::string& help, std::string& target,
                               const std::string& what) {
  return Value(names, valueName, help,
               [&target, name = FirstName(names), what](const std::string& value) {
                 if (value.empty()) throw UsageError(name + ": the " + what + " is empty");
                 target = value;
               });
}

CLI::Option* CommandLine::Number(const std::string& names, const std::string& valueName,
                                 const std::string& help, double& target) {
  return Value(names, valueName, help, [&target, name = FirstName(names)](const std::string& v) {
    target = ParseFiniteNumber(name, v);
  });
}

CLI::Option* CommandLine::Number(const std::string& names, const std::string& valueName,
                                 const std::string& help, std::optional<double>& target) {
  return Value(names, valueName, help, [&target, name = FirstName(names)](const std::string& v) {
    target = ParseFiniteNumber(name, v);
  });
}

CLI::Option* CommandLine::Backend(cumed::Backend& target, const std::string& help) {
  return Words(
      Value("--backend", "B", help,
            [&target](const std::string& v) { target = ParseBackendOption("--backend", v); }),
      {"auto", "cpu", "cuda"});
}

CLI::Option* CommandLine::Words(CLI::Option* option, std::vector<std::string> words) {
  words_[option] = std::move(words);
  return option;
}

CommandLine& CommandLine::Slicer(SlicerModule module) {
  slicer_ = std::move(module);
  Flag("--xml", "print the 3D Slicer CLI module description (XML) and stop", xml_);
  return *this;
}

CLI::Option* CommandLine::Force(bool& target, const std::string& help) {
  return Flag("--force", help, target);
}

void CommandLine::AllowValues(CLI::Option* option, int count,
                              std::function<bool(const std::string&)> isValue,
                              std::function<void(const std::string&, const std::string&)> refuse) {
  valueRules_[option] = {count, std::move(isValue), std::move(refuse)};
}

std::vector<std::string> CommandLine::Parse(int argc, const char* const* argv) {
  // The programs' conventions first (see CommandLine.h), from the table; CLI11 then gets every
  // option as its name and its value, which it takes as given.
  std::vector<std::string> positionals;
  std::vector<std::string> tokens;
  std::set<const CLI::Option*> seen;
  std::set<const CLI::Option*> flagsGiven;
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
    const OptionArgument given = SplitOption(argument);
    const std::string& name = given.name;
    const CLI::Option* option = app_.get_option_no_throw(name);
    if (!option) {
      throw UsageError("unknown option '" + name + "'");
    }
    if (!seen.insert(option).second && name != "--help" && name != "-h") {
      throw UsageError("option " + name + " is given twice");
    }
    if (option->get_items_expected_max() == 0) {
      if (given.inlineValue) throw UsageError("option " + name + " takes no value");
      if (flagsGiven.insert(option).second) tokens.push_back(name); // --help once
      continue;
    }
    std::string value = TakeValue(given, argc, argv, i);
    const auto rule = valueRules_.find(option);
    if (rule != valueRules_.end() && !given.inlineValue) {
      const ValueRule& r = rule->second;
      int more = 0; // following arguments that are values
      while (more < r.count - 1 && i + 1 + more < argc &&
             (!r.isValue || r.isValue(argv[i + 1 + more]))) {
        ++more;
      }
      if (more == r.count - 1) {
        for (int k = 0; k < more; ++k) value += std::string(",") + argv[++i];
      } else if (!r.isValue) {
        throw UsageError(name + " needs " + std::to_string(r.count) + " values");
      } else if (more > 0 && r.refuse) {
        r.refuse(value, argv[i + 1]);
      }
    }
    tokens.push_back(name);
    tokens.push_back(value);
  }
  std::vector<std::string> reversed(tokens.rbegin(), tokens.rend()); // as CLI11 takes them
  try {
    app_.parse(reversed);
  } catch (const CLI::ParseError& e) {
    throw UsageError(e.what()); // not expected: the scan above takes every value
  }
  return positionals;
}

std::string CommandLine::Help() const {
  const bool namesProgram = (" " + usage_ + " ").find(" " + program_ + " ") != std::string::npos;
  std::string text =
      "Usage: " + (namesProgram ? usage_ : program_ + " " + usage_) + "\n\n" + about_;
  if (!positionals_.empty()) {
    text += "\n";
    for (const auto& [name, help] : positionals_) AddHelpEntry(text, name, help, nameWidth_);
  }
  text += "\n";
  const auto add = [&](const CLI::Option* option) {
    std::string names = option->get_name(false, true); // "-h,--help"
    for (std::size_t comma = 0; (comma = names.find(',', comma)) != std::string::npos;) {
      names.insert(++comma, " ");
    }
    // Aliases kept for old command lines are not shown: only the first name (or -h, --help).
    if (option->get_lnames().size() > 1) names = "--" + option->get_lnames().front();
    const auto heading = headings_.find(option);
    if (heading != headings_.end()) text += heading->second + "\n";
    const std::string& valueName = valueNames_.at(option);
    AddHelpEntry(text, valueName.empty() ? names : names + " " + valueName,
                 option->get_description(), nameWidth_);
  };
  for (const CLI::Option* option : options_) add(option);
  for (const CLI::Option* option : common_) add(option);
  if (!epilogue_.empty()) text += "\n" + epilogue_;
  return text;
}

} // namespace cumed::app
