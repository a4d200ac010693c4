#include "cumed/app/Json.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <type_traits>

namespace cumed::app {
namespace {

template <class T> std::string JsonArray(const std::vector<T>& values) {
  std::string text = "[";
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i) text += ",";
    if constexpr (std::is_floating_point_v<T>)
      text += JsonNumber(values[i]);
    else
      text += std::to_string(values[i]);
  }
  return text + "]";
}

} // namespace

std::string JsonString(std::string_view text) {
  std::string quoted = "\"";
  for (const char c : text) {
    switch (c) {
    case '"':
      quoted += "\\\"";
      break;
    case '\\':
      quoted += "\\\\";
      break;
    case '\n':
      quoted += "\\n";
      break;
    case '\r':
      quoted += "\\r";
      break;
    case '\t':
      quoted += "\\t";
      break;
    case '\b':
      quoted += "\\b";
      break;
    case '\f':
      quoted += "\\f";
      break;
    default:
      if (static_cast<unsigned char>(c) < 0x20) {
        char escaped[8];
        std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned char>(c));
        quoted += escaped;
      } else {
        quoted += c; // UTF-8 bytes pass unchanged (JSON text is UTF-8)
      }
    }
  }
  return quoted + "\"";
}

std::string JsonNumber(double value) {
  if (!std::isfinite(value)) return "null";
  char text[32];
  const auto result = std::to_chars(text, text + sizeof text, value); // shortest round trip
  return std::string(text, result.ptr);
}

JsonObject& JsonObject::AddRaw(std::string_view key, const std::string& json) {
  if (!members_.empty()) members_ += ",";
  members_ += JsonString(key) + ":" + json;
  return *this;
}

JsonObject& JsonObject::Add(std::string_view key, std::string_view value) {
  return AddRaw(key, JsonString(value));
}
JsonObject& JsonObject::Add(std::string_view key, double value) {
  return AddRaw(key, JsonNumber(value));
}
JsonObject& JsonObject::Add(std::string_view key, std::int64_t value) {
  return AddRaw(key, std::to_string(value));
}
JsonObject& JsonObject::Add(std::string_view key, std::uint64_t value) {
  return AddRaw(key, std::to_string(value));
}
JsonObject& JsonObject::Add(std::string_view key, bool value) {
  return AddRaw(key, value ? "true" : "false");
}
JsonObject& JsonObject::Add(std::string_view key, const JsonObject& value) {
  return AddRaw(key, value.Text());
}
JsonObject& JsonObject::Add(std::string_view key, const std::vector<double>& values) {
  return AddRaw(key, JsonArray(values));
}
JsonObject& JsonObject::Add(std::string_view key, const std::vector<std::int64_t>& values) {
  return AddRaw(key, JsonArray(values));
}
JsonObject& JsonObject::AddNull(std::string_view key) {
  return AddRaw(key, "null");
}
JsonObject& JsonObject::AddPathOrNull(std::string_view key, const std::string& value) {
  return value.empty() ? AddNull(key) : Add(key, value);
}

std::string JsonObject::Text() const {
  return "{" + members_ + "}";
}

} // namespace cumed::app
