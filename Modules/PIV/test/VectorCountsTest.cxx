// What became of a field's vectors (VectorCounts.h): replaced, outliers left, masked, summed.
#include "cumed/piv/VectorCounts.h"

#include <gtest/gtest.h>

namespace {

using namespace cumed::piv;

TEST(PivVectorCounts, ReplacedInvalidAndMasked) {
  PivField field;
  field.resize(3, 2);
  field.flags = {0,
                 MedianOutlier,
                 std::uint8_t(MedianOutlier | Replaced),
                 Masked,
                 std::uint8_t(InvalidPeak | LowPeakToPeak),
                 std::uint8_t(OutOfRange | Replaced)};
  const VectorCounts counts = CountVectors(field);
  EXPECT_EQ(counts.vectors, 6u);
  EXPECT_EQ(counts.replaced, 2u);
  EXPECT_EQ(counts.invalid, 2u);
  EXPECT_EQ(counts.masked, 1u);

  VectorCounts sum = counts;
  sum += counts;
  EXPECT_EQ(sum.vectors, 12u);
  EXPECT_EQ(sum.replaced, 4u);
  EXPECT_EQ(sum.invalid, 4u);
  EXPECT_EQ(sum.masked, 2u);
  EXPECT_EQ(CountVectors(PivField{}).vectors, 0u);
}

} // namespace
