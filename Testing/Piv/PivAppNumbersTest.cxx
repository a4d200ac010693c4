// cumed-piv and hostile numbers (issue 25): --dt and --pixel-size outside the library's ranges
// (piv::CheckPhysicalUnits) are refused before any frame is read, naming the option and value;
// before, --dt 1e-40 and --pixel-size 1e40 wrote inf velocities and exited 0.
#include "PivAppFiles.h"

#include <gtest/gtest.h>

#include <random>

namespace {

using namespace cumed::pivtest;
namespace fs = std::filesystem;

void ExpectUsageError(const cumed::apptest::RunResult& run, const std::string& fragment) {
  EXPECT_EQ(run.exitCode, 2) << run.err;
  EXPECT_NE(run.err.find("cumed-piv: error: " + fragment), std::string::npos) << run.err;
}

TEST(PivAppNumbers, UnitsThatOverflowTheVelocitiesAreRefused) {
  const fs::path dir = FreshWorkDirectory();
  WritePair(dir / "a.png", dir / "b.png", 1, 1);
  ExpectUsageError(RunPiv({"--output", "out", "--dt", "1e-40", "a.png", "b.png"}, dir),
                   "--dt = 1e-40 is outside 1e-12..1e+12 (time between the frames of a pair)");
  ExpectUsageError(RunPiv({"--output", "out", "--pixel-size", "1e40", "a.png", "b.png"}, dir),
                   "--pixel-size = 1e+40 is outside 1e-12..1e+12 (length per px)");
  ExpectUsageError(
      RunPiv(
          {"--output", "out", "--pair-interval", "1e300", "--pathlines", "p.vtp", "a.png", "b.png"},
          dir),
      "--pair-interval = 1e+300 is outside 1e-12..1e+12 (time between successive fields)");
  EXPECT_FALSE(fs::exists(dir / "out"));
}

// Random extreme values through the program's parser: each is refused naming the option, or
// (inside the range) the run succeeds.
TEST(PivAppNumbers, SeededExtremeUnitsAreRefusedByNameOrAccepted) {
  const unsigned seed = std::random_device{}();
  std::mt19937 random(seed);
  const char* values[] = {"0",   "-0",  "4.9e-324", "1e-300", "-1e300", "1e300",
                          "nan", "inf", "-inf",     "1e-13",  "1e13",   "18446744073709551617"};
  const fs::path dir = FreshWorkDirectory();
  WritePair(dir / "a.png", dir / "b.png", 1, 1);
  for (int i = 0; i < 6; ++i) {
    const std::string option = random() % 2 ? "--dt" : "--pixel-size";
    const std::string value = values[random() % std::size(values)];
    const auto run = RunPiv({"--output", "out", option, value, "a.png", "b.png"}, dir);
    EXPECT_EQ(run.exitCode, 2) << "seed " << seed << ": " << option << " " << value << ": "
                               << run.err;
    EXPECT_NE(run.err.find(option), std::string::npos)
        << "seed " << seed << ": " << option << " " << value << ": " << run.err;
  }
}

} // namespace
