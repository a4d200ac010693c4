#include "cumed/app/Messages.h"

#include "cumed/core/Log.h"

#include <cstdio>

namespace cumed::app {
namespace {

void Print(cumed::LogLevel level, const std::string& program, const std::string& message) {
  if (cumed::GetLogLevel() > level) return;
  std::fprintf(stderr, "%s: %s: %s\n", program.c_str(), cumed::ToString(level), message.c_str());
}

} // namespace

void Debug(const std::string& program, const std::string& message) {
  Print(cumed::LogLevel::Debug, program, message);
}

void Note(const std::string& program, const std::string& message) {
  if (!InfoShown()) return;
  std::fprintf(stderr, "%s: note: %s\n", program.c_str(), message.c_str());
}

void Warn(const std::string& program, const std::string& message) {
  Print(cumed::LogLevel::Warning, program, message);
}

bool InfoShown() {
  return cumed::GetLogLevel() <= cumed::LogLevel::Info;
}

} // namespace cumed::app
