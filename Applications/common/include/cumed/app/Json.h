#pragma once
// The programs' --json summary: one JSON object on one line, built key by key. Strings are
// escaped as RFC 8259 requires; numbers keep their full precision (shortest text that reads back
// as the same double); a number that JSON cannot hold (inf, nan) is written as null.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cumed::app {

/// `text` as a JSON string literal, quotes included.
std::string JsonString(std::string_view text);

/// `value` as a JSON number ("null" when not finite).
std::string JsonNumber(double value);

class JsonObject {
public:
  JsonObject& Add(std::string_view key, std::string_view value);
  JsonObject& Add(std::string_view key, const char* value) {
    return Add(key, std::string_view(value));
  }
  JsonObject& Add(std::string_view key, const std::string& value) {
    return Add(key, std::string_view(value));
  }
  JsonObject& Add(std::string_view key, double value);
  JsonObject& Add(std::string_view key, std::int64_t value);
  JsonObject& Add(std::string_view key, std::uint64_t value);
  JsonObject& Add(std::string_view key, int value) {
    return Add(key, static_cast<std::int64_t>(value));
  }
  JsonObject& Add(std::string_view key, bool value);
  JsonObject& Add(std::string_view key, const JsonObject& value);
  /// An array of numbers.
  JsonObject& Add(std::string_view key, const std::vector<double>& values);
  JsonObject& Add(std::string_view key, const std::vector<std::int64_t>& values);
  /// `key: null`.
  JsonObject& AddNull(std::string_view key);
  /// A string, or null when `value` is empty (a file that was not written).
  JsonObject& AddPathOrNull(std::string_view key, const std::string& value);

  /// "{...}" on one line.
  std::string Text() const;

private:
  JsonObject& AddRaw(std::string_view key, const std::string& json);
  std::string members_;
};

} // namespace cumed::app
