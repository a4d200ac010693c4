#include "SettingsFile.h"

#include "cumed/app/Options.h"
#include "cumed/app/UsageError.h"
#include "cumed/core/Error.h"
#include "cumed/core/InputFile.h"

#include <cstdint>
#include <set>
#include <sstream>

namespace cumed::pivapp {
using app::UsageError;

namespace {

std::string Trimmed(const std::string& text) {
  const std::size_t first = text.find_first_not_of(" \t\r");
  if (first == std::string::npos) return {};
  return text.substr(first, text.find_last_not_of(" \t\r") - first + 1);
}

/// The option's name in "--name", "--name=value" or "--name value".
std::string NameOf(const std::string& line) {
  return line.substr(0, line.find_first_of("= \t"));
}

} // namespace

std::vector<std::string> ExpandSettingsFile(int argc, const char* const* argv) {
  std::vector<std::string> given(argv, argv + argc);
  std::string file;
  std::set<std::string> onCommandLine;
  for (int i = 1; i < argc; ++i) {
    const std::string argument = argv[i];
    if (argument == "--") break;
    if (!app::IsOption(argument)) continue;
    const app::OptionArgument option = app::SplitOption(argument);
    onCommandLine.insert(option.name);
    if (option.name != "--settings") continue;
    if (!file.empty()) throw UsageError("--settings given twice");
    if (option.inlineValue)
      file = *option.inlineValue;
    else if (i + 1 < argc)
      file = argv[i + 1];
    else
      throw UsageError("option --settings needs a value");
    if (file.empty()) throw UsageError("--settings: the file name is empty");
  }
  if (file.empty()) return given;

  // Settings are a few lines: a FIFO, a directory or a multi-megabyte file is a mistake.
  constexpr std::uint64_t kMaxSettingsBytes = 1 << 20;
  std::istringstream in;
  try {
    in.str(ReadRegularInputFile(file, "--settings '" + file + "':", kMaxSettingsBytes));
  } catch (const InvalidArgument& e) {
    throw UsageError(std::string(e.what()) + "; it cannot be read as settings");
  }
  std::vector<std::string> fromFile;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    line = Trimmed(line);
    if (line.empty() || line[0] == '#') continue;
    const std::string where = "--settings '" + file + "' line " + std::to_string(number) + ": ";
    if (line.rfind("--", 0) != 0 || line.size() < 3)
      throw UsageError(where + "'" + line + "' is not an option (one '--name value' a line)");
    const std::string name = NameOf(line);
    if (name == "--settings") throw UsageError(where + "a settings file cannot name another");
    if (onCommandLine.count(name)) continue; // the command line wins
    const std::size_t gap = line.find_first_of(" \t");
    if (gap != std::string::npos && line.find('=') > gap) {
      fromFile.push_back(line.substr(0, gap));
      fromFile.push_back(Trimmed(line.substr(gap)));
    } else {
      fromFile.push_back(line);
    }
  }
  given.insert(given.begin() + 1, fromFile.begin(), fromFile.end());
  return given;
}

} // namespace cumed::pivapp
