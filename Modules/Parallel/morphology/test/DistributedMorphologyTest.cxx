// Every grayscale and binary operation, distributed over however many ranks mpiexec started
// (1 to 4 in CTest), gathered on rank 0 and compared voxel for voxel with CuMed::Morphology on the
// whole volume: random uint8/int16/float volumes, elements reaching past thin slabs, an empty
// rank, uneven splits, radius 0 along z, and options that change the border semantics.
#include "cumed/parallel/DistributedMorphology.h"
#include "SlabCases.h"
#include "cumed/core/Error.h"
#include "cumed/parallel/RankTools.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>

namespace cumed::parallel {
namespace {

namespace morph = cumed::morphology;
using morph::BinaryOperation;
using morph::GrayscaleOperation;
using morph::StructuringElement;

struct NamedElement {
  std::string name;
  StructuringElement element;
};

/// z reaches 3 (past 1- and 2-plane slabs: halos from several ranks), 1, 2 (an even mask whose
/// centre is off-middle) and 0 (no halo at all).
std::vector<NamedElement> Elements() {
  std::vector<std::uint8_t> mask(3 * 4 * 4);
  for (std::size_t i = 0; i < mask.size(); ++i) mask[i] = std::uint8_t((i * 7 + i / 5) % 3 != 0);
  return {{"ball_2x1x3", StructuringElement::Ball({2, 1, 3})},
          {"box_1", StructuringElement::Box({1, 1, 1})},
          {"even_mask_3x4x4", StructuringElement::FromMask({3, 4, 4}, mask)},
          {"disk_2x2x0", StructuringElement::Ball({2, 2, 0})}};
}

ImageGeometry Volume(std::size_t planes) {
  ImageGeometry geometry;
  geometry.size = {9, 7, planes};
  geometry.spacing = {0.7, 0.8, 1.5};
  geometry.origin = {-3, 2, 10};
  return geometry;
}

std::string CaseName(const std::string& operation, const test::NamedPartition& partition,
                     const NamedElement& element, const std::string& variant) {
  return operation + " on " + partition.name + " slabs, " + element.name + ", " + variant;
}

/// Runs `distributed(own, result)` on this rank's planes and `single(whole, expected)` on rank 0,
/// and compares rank 0's gathered result with the expected volume.
template <class T, class Distributed, class Single>
void ExpectIdentical(const Communicator& world, const std::vector<Slab>& slabs,
                     const ImageGeometry& global, const std::vector<T>& whole,
                     const std::string& name, const Distributed& distributed,
                     const Single& single) {
  const Slab own = slabs[std::size_t(world.rank())];
  const std::vector<T> input = test::OwnPlanes(whole, global, own);
  std::vector<T> result(input.size());
  const ImageGeometry geometry = PlanesGeometry(global, own);
  distributed(ImageView<const T>{input.data(), geometry}, ImageView<T>{result.data(), geometry});
  const std::vector<T> gathered = test::Gathered(world, slabs, global, result);
  if (world.rank() != 0) return;
  std::vector<T> expected(whole.size());
  single(ImageView<const T>{whole.data(), global}, ImageView<T>{expected.data(), global});
  std::size_t differing = 0, first = 0;
  for (std::size_t i = whole.size(); i-- > 0;)
    if (std::memcmp(&gathered[i], &expected[i], sizeof(T)) != 0) ++differing, first = i;
  EXPECT_EQ(differing, 0u) << name << ": first difference at voxel " << first << " (plane "
                           << first / (global.size[0] * global.size[1]) << ")";
}

template <class T> class DistributedMorphology : public ::testing::Test {};
using PixelTypes = ::testing::Types<std::uint8_t, std::int16_t, float>;
TYPED_TEST_SUITE(DistributedMorphology, PixelTypes);

TYPED_TEST(DistributedMorphology, EveryGrayscaleOperationMatchesTheWholeVolume) {
  using T = TypeParam;
  const Communicator world;
  const ImageGeometry global = Volume(17);
  const std::vector<T> whole = test::RandomVolume<T>(global.numberOfPixels(), 5);
  std::vector<std::pair<std::string, morph::GrayscaleOptions>> variants(3);
  variants[0].first = "default options";
  variants[1].first = "no safe border";
  variants[1].second.safeBorder = false;
  variants[2].first = "boundary 7";
  variants[2].second.boundary = 7;
  const GrayscaleOperation operations[] = {
      GrayscaleOperation::Dilate,  GrayscaleOperation::Erode,       GrayscaleOperation::Open,
      GrayscaleOperation::Close,   GrayscaleOperation::WhiteTopHat, GrayscaleOperation::BlackTopHat,
      GrayscaleOperation::Gradient};
  for (const auto& partition : test::Partitions(17, world.size()))
    for (const auto& element : Elements())
      for (const auto operation : operations)
        for (const auto& [variant, options] : variants)
          ExpectIdentical<T>(
              world, partition.slabs, global, whole,
              CaseName(morph::ToString(operation), partition, element, variant),
              [&](ImageView<const T> in, ImageView<T> out) {
                DistributedGrayscale<T>(world, partition.slabs, in, out, global, element.element,
                                        operation, options);
              },
              [&](ImageView<const T> in, ImageView<T> out) {
                morph::Grayscale<T>(in, out, element.element, operation, options);
              });
}

TYPED_TEST(DistributedMorphology, EveryBinaryOperationMatchesTheWholeVolume) {
  using T = TypeParam;
  const Communicator world;
  const ImageGeometry global = Volume(17);
  const std::vector<T> whole = test::RandomMaskVolume<T>(global.numberOfPixels(), 9);
  std::vector<std::pair<std::string, morph::BinaryOptions>> variants(3);
  variants[0].first = "foreground 1";
  variants[1].first = "foreground 1, background 2, no safe border";
  variants[1].second.background = 2;
  variants[1].second.safeBorder = false;
  variants[2].first = "foreground 2, boundary to foreground flipped";
  variants[2].second.foreground = 2;
  variants[2].second.boundaryToForeground = true;
  const BinaryOperation operations[] = {BinaryOperation::Dilate, BinaryOperation::Erode,
                                        BinaryOperation::Open, BinaryOperation::Close};
  for (const auto& partition : test::Partitions(17, world.size()))
    for (const auto& element : Elements())
      for (const auto operation : operations)
        for (auto [variant, options] : variants) {
          if (operation == BinaryOperation::Erode && options.boundaryToForeground)
            options.boundaryToForeground = false; // flip ITK's default for erosion too
          ExpectIdentical<T>(
              world, partition.slabs, global, whole,
              CaseName(morph::ToString(operation), partition, element, variant),
              [&](ImageView<const T> in, ImageView<T> out) {
                DistributedBinary<T>(world, partition.slabs, in, out, global, element.element,
                                     operation, options);
              },
              [&](ImageView<const T> in, ImageView<T> out) {
                morph::Binary<T>(in, out, element.element, operation, options);
              });
        }
}

TEST(DistributedMorphologyEdges, MoreRanksThanPlanesAndTypeErasedImages) {
  const Communicator world;
  const ImageGeometry global = Volume(2); // ranks 2 and 3 hold nothing with 4 ranks
  const auto slabs = PartitionPlanes(2, world.size());
  const std::vector<std::int16_t> whole =
      test::RandomVolume<std::int16_t>(global.numberOfPixels(), 3);
  const Slab own = slabs[std::size_t(world.rank())];
  const StructuringElement ball = StructuringElement::Ball({1, 1, 2});
  for (const auto operation : {GrayscaleOperation::Close, GrayscaleOperation::Gradient}) {
    std::vector<std::int16_t> input = test::OwnPlanes(whole, global, own);
    Image owned;
    if (!own.empty())
      owned = Image::Adopt(input.data(), PixelType::Int16, PlanesGeometry(global, own),
                           MemoryLocation::Host);
    const Image result =
        DistributedGrayscale(world, slabs, owned, PixelType::Int16, global, ball, operation);
    EXPECT_EQ(result.empty(), own.empty());
    std::vector<std::int16_t> mine(input.size());
    if (!own.empty()) std::memcpy(mine.data(), result.data(), result.sizeInBytes());
    const auto gathered = test::Gathered(world, slabs, global, mine);
    if (world.rank() != 0) continue;
    std::vector<std::int16_t> expected(whole.size());
    morph::Grayscale<std::int16_t>({whole.data(), global}, {expected.data(), global}, ball,
                                   operation);
    EXPECT_EQ(gathered, expected) << morph::ToString(operation);
  }
}

// Every operation by name, with the options that apply to it, equals ApplyOperation on the whole
// volume; a binary operation without a foreground is refused on every rank.
TEST(DistributedMorphologyEdges, EveryOperationByNameMatchesApplyOperation) {
  const Communicator world;
  const ImageGeometry global = Volume(7);
  const auto slabs = PartitionPlanes(7, world.size());
  std::vector<std::int16_t> whole = test::RandomVolume<std::int16_t>(global.numberOfPixels(), 5);
  for (std::size_t i = 0; i < whole.size(); i += 3) whole[i] = 9; // the binary foreground
  const Slab own = slabs[std::size_t(world.rank())];
  const StructuringElement ball = StructuringElement::Ball({1, 2, 1});
  for (const char* name :
       {"dilate", "erode", "open", "close", "white-top-hat", "black-top-hat", "gradient",
        "binary-dilate", "binary-erode", "binary-open", "binary-close"}) {
    const morph::Operation& operation = *morph::FindOperation(name);
    morph::OperationOptions options;
    options.backend = Backend::CPU;
    options.safeBorder = !operation.takesSafeBorder; // the non-default where it applies
    if (operation.takesBoundary) options.boundary = 50;
    if (operation.binary) options.foreground = 9;
    std::vector<std::int16_t> input = test::OwnPlanes(whole, global, own);
    Image owned;
    if (!own.empty())
      owned = Image::Adopt(input.data(), PixelType::Int16, PlanesGeometry(global, own),
                           MemoryLocation::Host);
    const Image result = DistributedOperation(world, slabs, owned, PixelType::Int16, global, ball,
                                              operation, options);
    std::vector<std::int16_t> mine(input.size());
    if (!own.empty()) std::memcpy(mine.data(), result.data(), result.sizeInBytes());
    const auto gathered = test::Gathered(world, slabs, global, mine);
    if (world.rank() != 0) continue;
    std::vector<std::int16_t> expected(whole.size());
    morph::ApplyOperation<std::int16_t>(operation, {whole.data(), global},
                                        {expected.data(), global}, ball, options);
    EXPECT_EQ(gathered, expected) << name;
    EXPECT_NE(expected, whole) << name << " changed nothing: the case tests nothing";
  }
  morph::OperationOptions noForeground;
  noForeground.backend = Backend::CPU;
  std::vector<std::int16_t> input = test::OwnPlanes(whole, global, own);
  Image owned;
  if (!own.empty())
    owned = Image::Adopt(input.data(), PixelType::Int16, PlanesGeometry(global, own),
                         MemoryLocation::Host);
  try {
    DistributedOperation(world, slabs, owned, PixelType::Int16, global, ball,
                         *morph::FindOperation("binary-open"), noForeground);
    ADD_FAILURE() << "binary-open without a foreground ran";
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("binary-open needs a foreground value"), std::string::npos)
        << e.what();
  }
}

// Rank 0's pixel type and geometry reach every rank exactly (an oblique direction,
// non-integral spacings and origins, an axis of 70001 planes).
TEST(DistributedMorphologyEdges, ImageLayoutIsBroadcastFromRankZero) {
  const Communicator world;
  ImageGeometry sent;
  sent.size = {513, 1, 70001};
  sent.spacing = {0.7, 1.0 / 3.0, 2.5e-3};
  sent.origin = {-12.5, 3.25, 1e6 + 0.125};
  sent.direction = {0, 1, 0, -1, 0, 0, 0, 0, 1};
  PixelType type = PixelType::UInt8;
  ImageGeometry geometry; // the defaults on the other ranks
  if (world.rank() == 0) {
    type = PixelType::UInt16;
    geometry = sent;
  }
  BroadcastImageLayout(world, type, geometry);
  EXPECT_EQ(type, PixelType::UInt16);
  EXPECT_EQ(geometry.size, sent.size);
  EXPECT_EQ(geometry.spacing, sent.spacing);
  EXPECT_EQ(geometry.origin, sent.origin);
  EXPECT_EQ(geometry.direction, sent.direction);
}

TEST(DistributedMorphologyEdges, HaloIsTheReachOrTwiceItForTwoPassOperations) {
  const StructuringElement ball = StructuringElement::Ball({1, 1, 3});
  EXPECT_EQ(HaloPlanes(ball, GrayscaleOperation::Dilate), 3);
  EXPECT_EQ(HaloPlanes(ball, GrayscaleOperation::Gradient), 3);
  EXPECT_EQ(HaloPlanes(ball, GrayscaleOperation::BlackTopHat), 6);
  EXPECT_EQ(HaloPlanes(ball, BinaryOperation::Erode), 3);
  EXPECT_EQ(HaloPlanes(ball, BinaryOperation::Close), 6);
  EXPECT_EQ(HaloPlanes(StructuringElement::Ball({4, 4, 0}), GrayscaleOperation::Open), 0);
}

} // namespace
} // namespace cumed::parallel
