#include "cumed/morphology/StructuringElement.h"
#include "ItkReference.h"
#include "cumed/core/Error.h"

#include <gtest/gtest.h>

#include <itkFlatStructuringElement.h>

namespace {

using cumed::morphology::StructuringElement;
using ItkElement = itk::FlatStructuringElement<3>;

/// Both elements hold exactly the same offsets.
void ExpectSameMembers(const StructuringElement& ours, const ItkElement& theirs) {
  const auto centre = ours.centre();
  std::size_t members = 0;
  for (unsigned j = 0; j < theirs.Size(); ++j) {
    const auto offset = theirs.GetOffset(j);
    const long x = centre[0] + offset[0], y = centre[1] + offset[1], z = centre[2] + offset[2];
    const bool inside = x >= 0 && y >= 0 && z >= 0 && x < long(ours.size()[0]) &&
                        y < long(ours.size()[1]) && z < long(ours.size()[2]);
    const bool oursHas = inside && ours.contains(std::size_t(x), std::size_t(y), std::size_t(z));
    EXPECT_EQ(oursHas, bool(theirs[j])) << "offset " << offset;
    members += theirs[j];
  }
  EXPECT_EQ(members, ours.memberCount());
}

ItkElement::RadiusType Radius(int x, int y, int z) {
  ItkElement::RadiusType r;
  r[0] = x, r[1] = y, r[2] = z;
  return r;
}

TEST(StructuringElement, BallEqualsItkBall) {
  for (auto r : std::vector<std::array<int, 3>>{{0, 0, 0},
                                                {1, 1, 1},
                                                {2, 2, 2},
                                                {3, 3, 3},
                                                {4, 4, 4},
                                                {5, 5, 5},
                                                {8, 8, 8},
                                                {4, 4, 0},
                                                {9, 9, 0},
                                                {3, 2, 1},
                                                {1, 4, 2},
                                                {15, 15, 0},
                                                {7, 7, 3}}) {
    SCOPED_TRACE(testing::Message() << r[0] << "," << r[1] << "," << r[2]);
    ExpectSameMembers(StructuringElement::Ball(r), ItkElement::Ball(Radius(r[0], r[1], r[2])));
  }
}

TEST(StructuringElement, BoxAndCrossEqualItk) {
  for (auto r :
       std::vector<std::array<int, 3>>{{0, 0, 0}, {1, 1, 1}, {4, 4, 4}, {3, 1, 0}, {2, 5, 3}}) {
    SCOPED_TRACE(testing::Message() << r[0] << "," << r[1] << "," << r[2]);
    ExpectSameMembers(StructuringElement::Box(r), ItkElement::Box(Radius(r[0], r[1], r[2])));
    ExpectSameMembers(StructuringElement::Cross(r), ItkElement::Cross(Radius(r[0], r[1], r[2])));
  }
}

TEST(StructuringElement, ChordsCoverExactlyTheMask) {
  const StructuringElement ball = StructuringElement::Ball({6, 5, 4});
  std::size_t covered = 0;
  for (const auto& chord : ball.chords()) {
    covered += chord.length;
    const auto c = ball.centre();
    for (int dx = chord.dx0; dx < chord.dx0 + chord.length; ++dx)
      EXPECT_TRUE(ball.contains(c[0] + dx, c[1] + chord.dy, c[2] + chord.dz));
  }
  EXPECT_EQ(covered, ball.memberCount());
  EXPECT_EQ(ball.reach(), (std::array<int, 3>{6, 5, 4}));
}

TEST(StructuringElement, EvenMaskHasItsCentreAtHalfTheSize) {
  // A 4x2x1 mask: centre (2,1,0); member (0,0,0) is offset (-2,-1,0).
  const StructuringElement element =
      StructuringElement::FromMask({4, 2, 1}, {1, 0, 0, 0, 0, 0, 1, 1});
  EXPECT_EQ(element.centre(), (std::array<int, 3>{2, 1, 0}));
  ASSERT_EQ(element.chords().size(), 2u);
  EXPECT_EQ(element.chords()[0].dx0, -2);
  EXPECT_EQ(element.chords()[0].dy, -1);
  EXPECT_EQ(element.chords()[1].dx0, 0);
  EXPECT_EQ(element.chords()[1].length, 2);
  ExpectSameMembers(element, cumed::morphology::test::ToItkElement(element));
}

TEST(StructuringElement, RadiusInMillimetresRoundsPerAxis) {
  // 2 mm on a 0.9766 x 0.9766 x 2 mm CT grid: 2 x 2 x 1 voxels.
  EXPECT_EQ(StructuringElement::RadiusFromMillimetres(2.0, {0.9766, 0.9766, 2.0}),
            (std::array<int, 3>{2, 2, 1}));
  EXPECT_EQ(StructuringElement::BallMillimetres(2.0, {0.9766, 0.9766, 2.0}).size(),
            (std::array<std::size_t, 3>{5, 5, 3}));
}

TEST(StructuringElement, BadArgumentsAreNamed) {
  EXPECT_THROW(StructuringElement::Ball({-1, 2, 2}), cumed::InvalidArgument);
  EXPECT_THROW(StructuringElement::FromMask({3, 3, 1}, std::vector<std::uint8_t>(8, 1)),
               cumed::InvalidArgument);
  try {
    StructuringElement::RadiusFromMillimetres(2.0, {1.0, 0.0, 1.0});
    FAIL();
  } catch (const cumed::InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("axis 1"), std::string::npos) << e.what();
  }
}

TEST(StructuringElement, ReflectionMirrorsEveryOffset) {
  const StructuringElement element = StructuringElement::FromMask({3, 2, 1}, {1, 1, 0, 0, 0, 1});
  const StructuringElement mirrored = element.reflected();
  EXPECT_EQ(mirrored.memberCount(), element.memberCount());
  for (const auto& chord : element.chords())
    for (int dx = chord.dx0; dx < chord.dx0 + chord.length; ++dx) {
      const auto c = mirrored.centre();
      EXPECT_TRUE(mirrored.contains(c[0] - dx, c[1] - chord.dy, c[2] - chord.dz));
    }
}

} // namespace
