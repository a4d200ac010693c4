#include "cumed/core/LibraryMessages.h"
#include "cumed/io/LibraryMessageRouting.h"

#include <dcmtk/oflog/appender.h>
#include <dcmtk/oflog/logger.h>
#include <dcmtk/oflog/oflog.h>
#include <dcmtk/oflog/spi/logevent.h>

#include <mutex>

namespace cumed::io {
namespace {

namespace log4cplus = dcmtk::log4cplus;

class LogAppender : public log4cplus::Appender {
public:
  ~LogAppender() override { destructorImpl(); }
  void close() override {}

protected:
  void append(const log4cplus::spi::InternalLoggingEvent& event) override {
    ReportLibraryMessage("DCMTK", event.getMessage().c_str());
  }
};

} // namespace

void RouteDcmtkMessages() {
  static std::once_flag once;
  std::call_once(once, [] {
    OFLog::getLogger("dcmtk"); // DCMTK's default set-up (a console appender on the root) first
    log4cplus::Logger root = log4cplus::Logger::getRoot();
    root.removeAllAppenders();
    root.addAppender(log4cplus::SharedAppenderPtr(new LogAppender));
  });
}

} // namespace cumed::io
