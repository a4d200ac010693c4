// NumberRules: the shared finiteness/range checks and their messages, the output scans, the
// respelling of names for programs and Python, the memory check; plus a seeded sweep of hostile
// values (printing the seed) that every value is either accepted in range or refused by name.
#include "cumed/core/NumberRules.h"

#include "cumed/core/Error.h"

#include <gtest/gtest.h>

#include <sys/resource.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>

namespace {

using namespace cumed::numbers;

std::string MessageOf(void (*check)()) {
  try {
    check();
  } catch (const cumed::InvalidArgument& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(NumberRules, FormatsShortestAndSpecialValues) {
  EXPECT_EQ(FormatNumber(1e-40), "1e-40");
  EXPECT_EQ(FormatNumber(0.5), "0.5");
  EXPECT_EQ(FormatNumber(std::nan("")), "nan");
  EXPECT_EQ(FormatNumber(-std::numeric_limits<double>::infinity()), "-inf");
  EXPECT_EQ(FormatNumber(9223372036854775807LL), "9223372036854775807");
}

TEST(NumberRules, FiniteAndRangeMessagesNameTheValue) {
  EXPECT_EQ(MessageOf([] { RequireFinite("dt", std::nan("")); }),
            "dt = nan is not a finite number");
  EXPECT_EQ(MessageOf([] { RequireFinite("dt", 1e300); }), "(accepted)");
  EXPECT_EQ(MessageOf([] { RequireInRange("dt", 1e-40, 1e-12, 1e12, "seconds"); }),
            "dt = 1e-40 is outside 1e-12..1e+12 (seconds)");
  EXPECT_EQ(MessageOf([] { RequireInRange("dt", -std::numeric_limits<double>::infinity(), 0, 1); }),
            "dt = -inf is not a finite number");
  EXPECT_EQ(MessageOf([] { RequireInRange("frames", 1000000LL, 1LL, 100000LL); }),
            "frames = 1000000 is outside 1..100000");
  EXPECT_EQ(MessageOf([] { RequirePositive("pixelSize", -0.0); }),
            "pixelSize = -0 is not positive");
  EXPECT_EQ(MessageOf([] { RequirePositive("pixelSize", 1e40); }),
            "pixelSize = 1e+40 is outside 0..1e+30");
  EXPECT_EQ(MessageOf([] { RequireInRange("x", 1.0, 1.0, 1.0); }), "(accepted)");
}

TEST(NumberRules, ScansCountNonFiniteAndSubnormal) {
  const float inf = std::numeric_limits<float>::infinity();
  const float values[] = {1.f, -inf, std::nanf(""), 1e-42f, -3.f};
  EXPECT_EQ(CountNonFinite(values, 5), 2u);
  EXPECT_EQ(CountSubnormal(values, 5), 1u);
  EXPECT_TRUE(std::isinf(LargestMagnitude(values, 2)));
  EXPECT_TRUE(std::isnan(LargestMagnitude(values, 3)));
  EXPECT_EQ(LargestMagnitude(values + 3, 2), 3.0);
  const std::vector<double> d{1.0, 2.0};
  EXPECT_EQ(CountNonFinite(d), 0u);
}

TEST(NumberRules, RespellReplacesWholeWordsOnly) {
  EXPECT_EQ(Respell("timeBetweenFrames = 1e-40 is outside 1e-12..1e+12; timeBetweenFramesX",
                    {{"timeBetweenFrames", "--dt"}}),
            "--dt = 1e-40 is outside 1e-12..1e+12; timeBetweenFramesX");
  EXPECT_EQ(Respell("amplitude x displacement", {{"amplitude", "--amplitude"}}),
            "--amplitude x displacement");
  EXPECT_EQ(Respell("foreground = nan", {{"foreground", "foreground"}}), "foreground = nan");
}

TEST(NumberRules, MemoryIsCheckedBeforeAllocatingAndNamesTheRequest) {
  EXPECT_EQ(CheckedBytes({1000000, 12 * 12 * 12, 24}), std::size_t(41472000000ull));
  EXPECT_EQ(CheckedBytes({SIZE_MAX, 2}), SIZE_MAX);
  EXPECT_EQ(CheckedBytes({0, 7}), 0u);
  EXPECT_NO_THROW(RequireMemory("small", 1000, 2000));
  try {
    RequireMemory("--frames 1000000 x --lattice 12", 41472000000ull, 16000000000ull);
    FAIL() << "accepted";
  } catch (const cumed::InvalidArgument& e) {
    EXPECT_EQ(std::string(e.what()),
              "--frames 1000000 x --lattice 12 needs 41472000000 bytes (41.5 GB) of memory, more "
              "than 16.0 GB (this machine's memory); use smaller values");
  }
  EXPECT_THROW(RequireMemory("overflow", SIZE_MAX), cumed::InvalidArgument);
  EXPECT_GT(PhysicalMemoryBytes(), 0u);
}

TEST(NumberRules, MemoryLimitIncludesTheAddressSpaceLimit) {
  // A process with ulimit -v (the Python fuzz harness's child: 8 GiB) cannot allocate up to the
  // machine's memory; a request between the two was a bare bad_alloc / MemoryError.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  GTEST_SKIP() << "a sanitizer's shadow memory is above any address-space limit";
#endif
  rlimit saved{};
  ASSERT_EQ(getrlimit(RLIMIT_AS, &saved), 0);
  rlimit lowered = saved;
  lowered.rlim_cur = rlim_t(1) << 40; // 1 TiB: above this test's use, below most requests
  if (saved.rlim_cur != RLIM_INFINITY && saved.rlim_cur < lowered.rlim_cur)
    lowered.rlim_cur = saved.rlim_cur;
  ASSERT_EQ(setrlimit(RLIMIT_AS, &lowered), 0);
  std::string text;
  try {
    RequireMemory("shape = (7, 2147483647)", std::size_t(1) << 41);
  } catch (const cumed::InvalidArgument& e) {
    text = e.what();
  }
  setrlimit(RLIMIT_AS, &saved);
  if (PhysicalMemoryBytes() > lowered.rlim_cur)
    EXPECT_NE(text.find("(this process's address-space limit)"), std::string::npos) << text;
  EXPECT_EQ(text.rfind("shape = (7, 2147483647) needs 2199023255552 bytes", 0), 0u) << text;
}

TEST(NumberRules, SpacingRuleIsSharedByPythonAndTheLibrary) {
  EXPECT_NO_THROW(RequireSpacing("spacing[0]", kMinimumSpacing));
  EXPECT_NO_THROW(RequireSpacing("spacing[0]", 0.5));
  for (const double bad : {0.0, -1.0, 5e-324, 1e-31, 2e30}) {
    try {
      RequireSpacing("--spacing", bad, "mm");
      FAIL() << bad << " accepted";
    } catch (const cumed::InvalidArgument& e) {
      EXPECT_EQ(std::string(e.what()),
                "--spacing = " + FormatNumber(bad) + " is outside 1e-30..1e+30 (mm)");
    }
  }
  EXPECT_THROW(RequireSpacing("s", std::nan("")), cumed::InvalidArgument);
  cumed::ImageGeometry g;
  g.size = {2, 2, 2};
  g.spacing = {1, 1e-31, 1}; // was accepted by RequireWorldCoordinates (> 0), refused by Python
  EXPECT_THROW(RequireWorldCoordinates(g), cumed::InvalidArgument);
}

TEST(NumberRules, WorldCoordinatesMustFitFloatOutputs) {
  cumed::ImageGeometry g;
  g.size = {10, 10, 10};
  EXPECT_NO_THROW(RequireWorldCoordinates(g));
  g.origin = {1e308, 0, 0};
  try {
    RequireWorldCoordinates(g, "volume ");
    FAIL() << "accepted";
  } catch (const cumed::InvalidArgument& e) {
    EXPECT_EQ(std::string(e.what()), "volume origin[0] = 1e+308 is outside -1e+30..1e+30 (world "
                                     "coordinates must fit float outputs)");
  }
  g.origin = {0, 0, 0};
  g.spacing = {2e29, 1, 1}; // 9 x 2e29 at the far corner
  try {
    RequireWorldCoordinates(g);
    FAIL() << "accepted";
  } catch (const cumed::InvalidArgument& e) {
    const std::string text = e.what();
    EXPECT_EQ(text.rfind("corner 1 coordinate x = 1.7", 0), 0u) << text;
    EXPECT_NE(text.find("is outside -1e+30..1e+30"), std::string::npos) << text;
  }
}

// Random hostile values: each either lies in the range (accepted) or is refused with a message
// that starts with the name and the value.
TEST(NumberRules, SeededHostileValuesAreAcceptedInRangeOrRefusedByName) {
  const unsigned seed = std::random_device{}();
  std::mt19937 random(seed);
  const double specials[] = {0.0,
                             -0.0,
                             std::numeric_limits<double>::denorm_min(),
                             -std::numeric_limits<double>::denorm_min(),
                             1e-300,
                             -1e-300,
                             1e300,
                             -1e300,
                             std::numeric_limits<double>::max(),
                             std::numeric_limits<double>::quiet_NaN(),
                             std::numeric_limits<double>::infinity(),
                             -std::numeric_limits<double>::infinity(),
                             9.2e18,
                             -9.2e18,
                             1.0,
                             0.5};
  for (int i = 0; i < 2000; ++i) {
    double value = specials[random() % std::size(specials)];
    if (random() % 2) value *= std::ldexp(1.0, int(random() % 200) - 100);
    const double low = -1e6, high = 1e6;
    try {
      RequireInRange("option", value, low, high);
      EXPECT_TRUE(std::isfinite(value) && value >= low && value <= high)
          << "seed " << seed << ": accepted " << value;
    } catch (const cumed::InvalidArgument& e) {
      EXPECT_EQ(std::string(e.what()).rfind("option = " + FormatNumber(value) + " is ", 0), 0u)
          << "seed " << seed << ": " << e.what();
      EXPECT_FALSE(std::isfinite(value) && value >= low && value <= high)
          << "seed " << seed << ": refused " << value;
    }
  }
}

} // namespace
