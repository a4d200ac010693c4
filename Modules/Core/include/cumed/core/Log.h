#pragma once
// Logging hook: CuMed's modules report through Log(); applications and adapters decide where the
// messages go (stderr by default, an ITK or VTK output window, a test's capture).
#include <functional>
#include <string>
#include <string_view>

namespace cumed {

enum class LogLevel { Debug = 0, Info = 1, Warning = 2, Error = 3 };
const char* ToString(LogLevel level) noexcept;

using LogSink = std::function<void(LogLevel, std::string_view message)>;

/// Replaces the sink (nullptr restores the default: "cumed: <level>: <message>" on stderr).
/// Returns the previous sink so a caller can restore it.
LogSink SetLogSink(LogSink sink);
/// Messages below this level are dropped (default Info; CUMED_LOG_LEVEL=debug|info|warning|error).
void SetLogLevel(LogLevel level) noexcept;
LogLevel GetLogLevel() noexcept;

/// Thread-safe; the sink is called under a lock, one message at a time.
void Log(LogLevel level, std::string_view message);

} // namespace cumed
