#pragma once
// Test support: a strict reader for the programs' --json output, so a test can both check that
// the text is valid JSON (RFC 8259: one value, nothing after it) and look at its fields.
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace cumed::apptest {

struct JsonValue {
  enum class Kind { Null, Bool, Number, String, Array, Object };
  Kind kind = Kind::Null;
  bool boolean = false;
  double number = 0.0;
  std::string text; ///< a string's value; a number's source text
  std::vector<JsonValue> items;
  std::map<std::string, JsonValue> members;

  bool Has(const std::string& key) const { return members.count(key) != 0; }
  /// The member `key`; throws std::runtime_error naming it when absent or this is no object.
  const JsonValue& operator[](const std::string& key) const;
};

/// Parses `text` (surrounding whitespace allowed). Throws std::runtime_error saying where and
/// why when it is not exactly one valid JSON value.
JsonValue ParseJson(const std::string& text);

} // namespace cumed::apptest
