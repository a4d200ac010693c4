#include "cumed/core/LibraryMessages.h"
#include "cumed/io/LibraryMessageRouting.h"

#include <gdcmTrace.h>

#include <mutex>
#include <ostream>
#include <streambuf>
#include <string>

namespace cumed::io {
namespace {

// GDCM's trace macros write "<Level>: In <file>, line <n>, function <f>\n<text>\n\n" (a header
// that ReportLibraryMessage shortens) followed by std::endl, i.e. a flush, to one global stream,
// from whichever thread decodes. Text is kept per thread until the flush, so that messages of
// concurrent decodes never interleave.
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

  // GDCM asks for a report of every attribute missing from its dictionary: noise here.
  static std::string Reformat(std::string message) {
    const std::string plea = "\nPlease report. ";
    const std::size_t at = message.find(plea);
    if (at != std::string::npos) message.erase(at + 1, plea.size() - 1);
    return message;
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
