#pragma once
// The programs' --json summaries: nlohmann::ordered_json (members in the order added), printed as
// one line. JsonObject is a thin builder over it in the summaries' chained style. Numbers keep
// their full precision; a double with a whole value prints without a fraction (2, not 2.0); a
// number that JSON cannot hold (inf, nan) is null; a byte that is not UTF-8 becomes U+FFFD.
#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace cumed::app {

using Json = nlohmann::ordered_json;

/// `value` as a JSON number: an integer when it is whole and within +-2^53, null when not finite.
Json JsonNumber(double value);

/// `json` as one line of text.
std::string JsonText(const Json& json);

class JsonObject {
public:
  template <class T> JsonObject& Add(std::string_view key, const T& value) {
    json_[std::string(key)] = ToJson(value);
    return *this;
  }
  /// `key: null`.
  JsonObject& AddNull(std::string_view key) { return Add(key, nullptr); }
  /// A string, or null when `value` is empty (a file that was not written).
  JsonObject& AddPathOrNull(std::string_view key, const std::string& value) {
    return value.empty() ? AddNull(key) : Add(key, value);
  }

  const Json& Value() const { return json_; }
  /// "{...}" on one line.
  std::string Text() const { return JsonText(json_); }

private:
  template <class T> static Json ToJson(const T& value) {
    if constexpr (std::is_floating_point_v<T>) {
      return JsonNumber(value);
    } else if constexpr (std::is_same_v<T, JsonObject>) {
      return value.json_;
    } else if constexpr (std::is_same_v<T, std::vector<double>>) {
      Json array = Json::array();
      for (const double item : value) array.push_back(JsonNumber(item));
      return array;
    } else {
      return Json(value);
    }
  }

  Json json_ = Json::object();
};

} // namespace cumed::app
