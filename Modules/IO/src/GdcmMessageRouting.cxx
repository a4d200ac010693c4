#include "cumed/core/LibraryMessages.h"
#include "cumed/io/LibraryMessageRouting.h"

#include <gdcmTrace.h>

#include <mutex>
#include <ostream>
#include <streambuf>
#include <string>

namespace cumed::io {
namespace {

// GDCM's trace macros write "<Level>: In <file>, line <n>, function <f>\n<text>\n\n" followed by
// std::endl, i.e. a flush, to one global stream, from whichever thread decodes. Text is kept per
// thread until the flush, so that messages of concurrent decodes never interleave.
class MessageBuffer : public std::streambuf {
protected:
  int_type overflow(int_type c) override {
    if (!traits_type::eq_int_type(c, traits_type::eof())) Pending() += traits_type::to_char_type(c);
    return traits_type::not_eof(c);
  }
  std::streamsize xsputn(const char* text, std::streamsize count) override {
    Pending().append(text, static_cast<std::size_t>(count));
    return count;
  }
  int sync() override {
    std::string& pending = Pending();
    if (!pending.empty()) ReportLibraryMessage("GDCM", Reformat(pending));
    pending.clear();
    return 0;
  }

private:
  static std::string& Pending() {
    thread_local std::string pending;
    return pending;
  }

  // "<text> (warning, gdcmFile.cxx:123)": the text first, which is what the message is about.
  static std::string Reformat(const std::string& message) {
    const std::size_t colon = message.find(": In ");
    const std::size_t newline = message.find('\n');
    if (colon == std::string::npos || newline == std::string::npos || colon > newline)
      return message;
    std::string level = message.substr(0, colon);
    for (char& c : level) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const std::string where = message.substr(colon + 5, newline - colon - 5); // file, line, func
    const std::size_t comma = where.find(", line ");
    std::string file = where.substr(0, comma);
    file = file.substr(file.find_last_of('/') + 1);
    std::string line;
    if (comma != std::string::npos) {
      const std::size_t from = comma + 7;
      line = ":" + where.substr(from, where.find(',', from) - from);
    }
    std::string text = message.substr(newline + 1);
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
    const std::string plea = "Please report. "; // GDCM's prefix to "Missing dict entry"
    if (text.rfind(plea, 0) == 0) text.erase(0, plea.size());
    return text + " (" + level + ", " + file + line + ")";
  }
};

} // namespace

void RouteGdcmMessages() {
  static std::once_flag once;
  std::call_once(once, [] {
    // Never destroyed: GDCM may print from static destructors after main returns.
    static auto* buffer = new MessageBuffer;
    static auto* stream = new std::ostream(buffer);
    gdcm::Trace::SetDebugStream(*stream);
    gdcm::Trace::SetWarningStream(*stream);
    gdcm::Trace::SetErrorStream(*stream);
    gdcm::Trace::WarningOn();
    gdcm::Trace::ErrorOn();
  });
}

} // namespace cumed::io
