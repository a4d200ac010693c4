// The pairs of a sequence of frames (FramePairs.h): (1,2),(3,4)... or each frame with the next,
// two frames one pair either way, and the counts that cannot pair named.
#include "cumed/piv/FramePairs.h"

#include "cumed/core/Error.h"

#include <gtest/gtest.h>

#include <string>

namespace {

using namespace cumed::piv;
using Paths = std::vector<std::filesystem::path>;

std::string Pairs(const std::vector<FramePairFiles>& pairs) {
  std::string text;
  for (const FramePairFiles& p : pairs) text += p.first.string() + p.second.string() + " ";
  return text;
}

TEST(PivFramePairs, AbAndConsecutive) {
  const Paths four = {"1", "2", "3", "4"};
  EXPECT_EQ(Pairs(PairFrames(four, Pairing::AB)), "12 34 ");
  EXPECT_EQ(Pairs(PairFrames(four, Pairing::Consecutive)), "12 23 34 ");
  EXPECT_EQ(Pairs(PairFrames({"a", "b"}, Pairing::AB)), "ab ");
  EXPECT_EQ(Pairs(PairFrames({"a", "b"}, Pairing::Consecutive)), "ab ");
  EXPECT_EQ(Pairs(PairFrames({"1", "2", "3"}, Pairing::Consecutive)), "12 23 ");
}

TEST(PivFramePairs, CountsThatCannotPairAreNamed) {
  try {
    PairFrames({"only.png"}, Pairing::Consecutive);
    ADD_FAILURE() << "no exception";
  } catch (const cumed::InvalidArgument& e) {
    EXPECT_EQ(std::string(e.what()), "PIV needs at least two frames, got 1 ('only.png')");
  }
  EXPECT_THROW(PairFrames({}, Pairing::AB), cumed::InvalidArgument);
  try {
    PairFrames({"1", "2", "3"}, Pairing::AB);
    ADD_FAILURE() << "no exception";
  } catch (const cumed::InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("need an even number of frames, got 3 (the last is '3')"),
              std::string::npos)
        << e.what();
  }
}

} // namespace
