// The programs' --json text: members in the order added, one line, numbers as the summaries have
// always printed them (whole values without a fraction, null for what JSON cannot hold).
#include "cumed/app/Json.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace {

using cumed::app::JsonObject;

TEST(Json, MembersInOrderOnOneLine) {
  JsonObject times;
  times.Add("read", 0.25).Add("total", 1.5);
  JsonObject json;
  json.Add("program", "cumed-x")
      .Add("size", std::vector<std::int64_t>{3, 4, 5})
      .Add("spacing_mm", std::vector<double>{1.4, 1.4, 2.5})
      .Add("normals", true)
      .Add("time_s", times)
      .AddPathOrNull("png", "")
      .AddPathOrNull("output", std::string("a b.vtp"))
      .Add("count", std::uint64_t{18446744073709551615u})
      .Add("ranks", -2);
  EXPECT_EQ(json.Text(), "{\"program\":\"cumed-x\",\"size\":[3,4,5],\"spacing_mm\":[1.4,1.4,2.5],"
                         "\"normals\":true,\"time_s\":{\"read\":0.25,\"total\":1.5},\"png\":null,"
                         "\"output\":\"a b.vtp\",\"count\":18446744073709551615,\"ranks\":-2}");
}

TEST(Json, NumbersKeepTheirValueAndWholeOnesHaveNoFraction) {
  const auto text = [](double value) { return JsonObject().Add("v", value).Text(); };
  EXPECT_EQ(text(2.0), "{\"v\":2}");
  EXPECT_EQ(text(-1024.0), "{\"v\":-1024}");
  EXPECT_EQ(text(0.0), "{\"v\":0}");
  EXPECT_EQ(text(0.1), "{\"v\":0.1}");
  EXPECT_EQ(text(621395.03), "{\"v\":621395.03}");
  EXPECT_EQ(text(1e300), "{\"v\":1e+300}");
  EXPECT_EQ(text(std::numeric_limits<double>::infinity()), "{\"v\":null}");
  EXPECT_EQ(text(std::nan("")), "{\"v\":null}");
  // Full precision: the text reads back as the same double.
  const double third = 1.0 / 3.0;
  const std::string value = text(third).substr(5);
  EXPECT_EQ(std::stod(value.substr(0, value.size() - 1)), third);
}

TEST(Json, StringsAreEscaped) {
  EXPECT_EQ(JsonObject().Add("s", std::string("q\"b\\n\n\t\x01")).Text(),
            "{\"s\":\"q\\\"b\\\\n\\n\\t\\u0001\"}");
  EXPECT_EQ(JsonObject().Add("s", "caf\xc3\xa9").Text(), "{\"s\":\"caf\xc3\xa9\"}"); // UTF-8 as is
  EXPECT_EQ(JsonObject().Add("s", "a\xff").Text(), "{\"s\":\"a\xef\xbf\xbd\"}");     // not UTF-8
}

} // namespace
