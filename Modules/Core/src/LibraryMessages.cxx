#include "cumed/core/LibraryMessages.h"

#include "cumed/core/Log.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <mutex>
#include <vector>

namespace cumed {
namespace {

struct Counts {
  std::size_t total = 0;
  std::map<std::string, std::size_t> byKind;
};

std::mutex& CountsMutex() {
  static std::mutex mutex;
  return mutex;
}

std::map<std::string, Counts>& CountsByLibrary() {
  static std::map<std::string, Counts> counts;
  return counts;
}

std::string_view Trim(std::string_view text) {
  const auto space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  while (!text.empty() && space(text.front())) text.remove_prefix(1);
  while (!text.empty() && space(text.back())) text.remove_suffix(1);
  return text;
}

// What a message is about, without its particulars (tags, values, offsets).
std::string KindOf(std::string_view text) {
  text = Trim(text.substr(0, text.find('\n')));
  const std::size_t end = text.find_first_of(":[(0123456789");
  std::string kind(Trim(text.substr(0, end)));
  if (kind.size() > 60) kind = kind.substr(0, 60) + "...";
  return kind.empty() ? "other" : kind;
}

std::string Lower(std::string_view text) {
  std::string lower(text);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower;
}

// GDCM ("Warning: In <file>, line <n>, function <f>\n<text>"), VTK ("ERROR: In <file>, line
// <n>\n<text>") and ITK head their messages with where they were raised; the text comes first
// here, the place after it: "<text> (warning, gdcmDataSetHelper.cxx:128)".
std::string TextFirst(std::string_view message) {
  const std::size_t in = message.find(": In ");
  const std::size_t newline = message.find('\n');
  if (in == std::string_view::npos || newline == std::string_view::npos || in > newline)
    return std::string(message);
  const std::string_view where = message.substr(in + 5, newline - in - 5);
  const std::size_t comma = where.find(", line ");
  std::string_view file = where.substr(0, comma);
  if (const std::size_t slash = file.find_last_of("/\\"); slash != std::string_view::npos)
    file.remove_prefix(slash + 1);
  std::string line;
  if (comma != std::string_view::npos) {
    const std::string_view rest = where.substr(comma + 7);
    line = ":" + std::string(rest.substr(0, rest.find(',')));
  }
  return std::string(Trim(message.substr(newline + 1))) + " (" + Lower(message.substr(0, in)) +
         ", " + std::string(file) + line + ")";
}

} // namespace

void ReportLibraryMessage(std::string_view library, std::string_view message) {
  const std::string formatted = TextFirst(Trim(message));
  const std::string_view text = formatted;
  if (text.empty()) return;
  {
    std::lock_guard<std::mutex> lock(CountsMutex());
    Counts& counts = CountsByLibrary()[std::string(library)];
    ++counts.total;
    ++counts.byKind[KindOf(text)];
  }
  Log(LogLevel::Debug, Lower(library) + ": " + std::string(text));
}

std::string TakeLibraryMessageSummary() {
  std::map<std::string, Counts> taken;
  {
    std::lock_guard<std::mutex> lock(CountsMutex());
    taken.swap(CountsByLibrary());
  }
  std::string summary;
  for (const auto& [library, counts] : taken) {
    std::vector<std::pair<std::string, std::size_t>> kinds(counts.byKind.begin(),
                                                           counts.byKind.end());
    std::stable_sort(kinds.begin(), kinds.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    constexpr std::size_t kNamed = 5;
    std::string line = library + " reported " + std::to_string(counts.total) +
                       (counts.total == 1 ? " message (" : " messages (");
    for (std::size_t i = 0; i < kinds.size() && i < kNamed; ++i)
      line += (i ? ", " : "") + kinds[i].first + " x" + std::to_string(kinds[i].second);
    if (kinds.size() > kNamed) line += ", ...";
    line += "); --verbose (or CUMED_LOG_LEVEL=debug) shows them";
    summary += (summary.empty() ? "" : "\n") + line;
  }
  return summary;
}

void LogLibraryMessageSummary() {
  const std::string summary = TakeLibraryMessageSummary();
  std::size_t start = 0;
  while (start < summary.size()) {
    const std::size_t end = std::min(summary.find('\n', start), summary.size());
    Log(LogLevel::Warning, std::string_view(summary).substr(start, end - start));
    start = end + 1;
  }
}

LibraryMessageSummaryScope::~LibraryMessageSummaryScope() {
  try {
    LogLibraryMessageSummary();
  } catch (...) { // a log sink that throws must not end the program while unwinding
  }
}

} // namespace cumed
