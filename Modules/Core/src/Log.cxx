#include "cumed/core/Log.h"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <mutex>

namespace cumed {
namespace {

std::mutex& SinkMutex() {
  static std::mutex mutex;
  return mutex;
}

LogSink& CurrentSink() {
  static LogSink sink;
  return sink;
}

LogLevel LevelFromEnvironment() {
  const char* value = std::getenv("CUMED_LOG_LEVEL");
  if (!value) return LogLevel::Info;
  if (!std::strcmp(value, "debug")) return LogLevel::Debug;
  if (!std::strcmp(value, "warning")) return LogLevel::Warning;
  if (!std::strcmp(value, "error")) return LogLevel::Error;
  return LogLevel::Info;
}

std::atomic<int>& Threshold() {
  static std::atomic<int> threshold{static_cast<int>(LevelFromEnvironment())};
  return threshold;
}

} // namespace

const char* ToString(LogLevel level) noexcept {
  switch (level) {
  case LogLevel::Debug:
    return "debug";
  case LogLevel::Info:
    return "info";
  case LogLevel::Warning:
    return "warning";
  case LogLevel::Error:
    return "error";
  }
  return "unknown";
}

LogSink SetLogSink(LogSink sink) {
  std::lock_guard<std::mutex> lock(SinkMutex());
  LogSink previous = std::move(CurrentSink());
  CurrentSink() = std::move(sink);
  return previous;
}

void SetLogLevel(LogLevel level) noexcept {
  Threshold() = static_cast<int>(level);
}

LogLevel GetLogLevel() noexcept {
  return static_cast<LogLevel>(Threshold().load());
}

void Log(LogLevel level, std::string_view message) {
  if (static_cast<int>(level) < Threshold()) return;
  std::lock_guard<std::mutex> lock(SinkMutex());
  if (CurrentSink())
    CurrentSink()(level, message);
  else
    std::cerr << "cumed: " << ToString(level) << ": " << message << '\n';
}

} // namespace cumed
