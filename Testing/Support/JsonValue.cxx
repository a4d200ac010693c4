#include "JsonValue.h"

#include <cstdlib>
#include <stdexcept>

namespace cumed::apptest {
namespace {

class Parser {
public:
  explicit Parser(const std::string& text) : text_(text) {}

  JsonValue Document() {
    JsonValue value = Value();
    SkipSpace();
    if (at_ != text_.size()) Fail("text after the value");
    return value;
  }

private:
  [[noreturn]] void Fail(const std::string& why) const {
    throw std::runtime_error("invalid JSON at offset " + std::to_string(at_) + ": " + why);
  }
  void SkipSpace() {
    while (at_ < text_.size() &&
           (text_[at_] == ' ' || text_[at_] == '\t' || text_[at_] == '\n' || text_[at_] == '\r')) {
      ++at_;
    }
  }
  bool Take(const std::string& word) {
    if (text_.compare(at_, word.size(), word) != 0) return false;
    at_ += word.size();
    return true;
  }
  void Expect(char c) {
    if (at_ >= text_.size() || text_[at_] != c) Fail(std::string("expected '") + c + "'");
    ++at_;
  }

  JsonValue Value() {
    SkipSpace();
    if (at_ >= text_.size()) Fail("unexpected end");
    JsonValue value;
    const char c = text_[at_];
    if (c == '{') return Object();
    if (c == '[') return Array();
    if (c == '"') {
      value.kind = JsonValue::Kind::String;
      value.text = String();
    } else if (Take("true")) {
      value.kind = JsonValue::Kind::Bool;
      value.boolean = true;
    } else if (Take("false")) {
      value.kind = JsonValue::Kind::Bool;
    } else if (Take("null")) {
      value.kind = JsonValue::Kind::Null;
    } else {
      value.kind = JsonValue::Kind::Number;
      value.text = Number();
      value.number = std::strtod(value.text.c_str(), nullptr);
    }
    return value;
  }

  JsonValue Object() {
    JsonValue value;
    value.kind = JsonValue::Kind::Object;
    Expect('{');
    SkipSpace();
    if (Take("}")) return value;
    while (true) {
      SkipSpace();
      if (at_ >= text_.size() || text_[at_] != '"') Fail("expected a key");
      const std::string key = String();
      if (value.members.count(key)) Fail("key '" + key + "' twice");
      SkipSpace();
      Expect(':');
      value.members[key] = Value();
      SkipSpace();
      if (Take("}")) return value;
      Expect(',');
    }
  }

  JsonValue Array() {
    JsonValue value;
    value.kind = JsonValue::Kind::Array;
    Expect('[');
    SkipSpace();
    if (Take("]")) return value;
    while (true) {
      value.items.push_back(Value());
      SkipSpace();
      if (Take("]")) return value;
      Expect(',');
    }
  }

  // -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
  std::string Number() {
    const std::size_t begin = at_;
    const auto digits = [&] {
      const std::size_t start = at_;
      while (at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9') ++at_;
      return at_ - start;
    };
    Take("-");
    if (Take("0")) {
    } else if (digits() == 0) {
      Fail("not a value");
    }
    if (Take(".") && digits() == 0) Fail("no digits after '.'");
    if (at_ < text_.size() && (text_[at_] == 'e' || text_[at_] == 'E')) {
      ++at_;
      if (!Take("+")) Take("-");
      if (digits() == 0) Fail("no exponent digits");
    }
    return text_.substr(begin, at_ - begin);
  }

  std::string String() {
    Expect('"');
    std::string value;
    while (true) {
      if (at_ >= text_.size()) Fail("unterminated string");
      const char c = text_[at_++];
      if (c == '"') return value;
      if (static_cast<unsigned char>(c) < 0x20) Fail("control character in a string");
      if (c != '\\') {
        value += c;
        continue;
      }
      if (at_ >= text_.size()) Fail("unterminated escape");
      const char e = text_[at_++];
      const std::string simple = "\"\\/bfnrt";
      const std::string meaning = "\"\\/\b\f\n\r\t";
      if (simple.find(e) != std::string::npos) {
        value += meaning[simple.find(e)];
      } else if (e == 'u') {
        if (at_ + 4 > text_.size()) Fail("short \\u escape");
        const std::string hex = text_.substr(at_, 4);
        if (hex.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos) {
          Fail("bad \\u escape");
        }
        at_ += 4;
        const long code = std::strtol(hex.c_str(), nullptr, 16);
        value += code < 0x80 ? static_cast<char>(code) : '?'; // tests use ASCII only
      } else {
        Fail(std::string("bad escape \\") + e);
      }
    }
  }

  const std::string& text_;
  std::size_t at_ = 0;
};

} // namespace

const JsonValue& JsonValue::operator[](const std::string& key) const {
  const auto found = members.find(key);
  if (kind != Kind::Object || found == members.end()) {
    throw std::runtime_error("JSON has no member '" + key + "'");
  }
  return found->second;
}

JsonValue ParseJson(const std::string& text) {
  return Parser(text).Document();
}

} // namespace cumed::apptest
