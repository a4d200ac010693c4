// Large balls on the GPU (issue 28): centred elements with x half-length above 8 take the plane
// kernel (cuda/CentredPlaneKernels.cu: doubling levels, one plane per distinct chord length,
// plane batches), the others the unrolled centred kernel with tall or deep halos. Each case draws
// a pixel type, an operation, SafeBorder and a volume (sizes 1.. a little over the element, so
// volumes smaller than the element are drawn too) and compares CUDA with the CPU chord filter
// (itself equal to ITK: RandomizedVsItkTest) on every voxel; where ITK's BASIC filter is cheap
// enough (small balls, small volumes) ITK is compared too. Seeds: cumed/test/RandomCases.h.
#include "ItkReference.h"
#include "cumed/morphology/GrayscaleMorphology.h"
#include "cumed/test/Backends.h"
#include "cumed/test/RandomCases.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

namespace {

using namespace cumed::morphology;

struct BallCase {
  const char* name;
  std::array<int, 3> radius;
};

const BallCase kBalls[] = {
    {"r9", {9, 9, 9}},         // just past the unrolled kernel (half-length 8)
    {"r15", {15, 15, 15}},     // the benchmark's ball
    {"r40", {40, 40, 40}},     // plane batches: not every plane fits shared memory at once
    {"r40x3x2", {40, 3, 2}},   // long flat chords, few rows
    {"r1x40x1", {1, 40, 1}},   // short chords, tall halo (unrolled kernel)
    {"r20x20x5", {20, 20, 5}}, // 3D, shallow in z (8-slice sliding)
    {"r12x17x9", {12, 17, 9}}, // 3D, 16-slice sliding, x < y reach
    {"disk_r30", {30, 30, 0}}, // 2D (one-slice tiles)
    {"line_r33", {33, 0, 0}},  // one chord
};

/// A volume with many ties (a few distinct values) or the whole range, as drawn.
template <class T> std::vector<T> DrawVolume(cumed::test::RandomDraw& draw, std::size_t count) {
  std::vector<T> values(count);
  const bool ties = draw.chance(0.3);
  for (T& v : values) {
    if constexpr (std::is_floating_point_v<T>) {
      v = ties ? static_cast<T>(draw.integer(-2, 2)) : static_cast<T>(draw.real(-1e4, 1e4));
    } else {
      v = ties ? static_cast<T>(std::numeric_limits<T>::lowest() + draw.integer(0, 3))
               : static_cast<T>(
                     draw.integer(std::numeric_limits<T>::lowest(), std::numeric_limits<T>::max()));
    }
  }
  return values;
}

const GrayscaleOperation kOperations[] = {GrayscaleOperation::Dilate, GrayscaleOperation::Erode,
                                          GrayscaleOperation::Close, GrayscaleOperation::Open};

template <class T>
void CompareOnce(cumed::test::RandomDraw& draw, cumed::Backend backend, const BallCase& ball,
                 const StructuringElement& element) {
  const GrayscaleOperation operation =
      draw.pick(std::vector<GrayscaleOperation>(std::begin(kOperations), std::end(kOperations)));
  const bool composite =
      operation == GrayscaleOperation::Close || operation == GrayscaleOperation::Open;
  GrayscaleOptions options;
  options.safeBorder = draw.chance(0.6);
  if (!composite && draw.chance(0.3))
    options.boundary = static_cast<double>(std::numeric_limits<T>::is_integer ? 7 : 0.5);

  // Sizes 1 .. reach + 6 per axis (capped): smaller than the element, equal, a little larger.
  // The CPU reference costs about (chords x padded voxels x passes): the largest axis is halved
  // until a case stays under a few seconds (SafeBorder pads even a 1-voxel volume by the reach).
  const std::array<int, 3> reach = element.reach();
  const double chords = static_cast<double>(element.chords().size());
  const bool padded = composite && options.safeBorder;
  const auto cost = [&](const std::array<std::size_t, 3>& s) {
    double voxels = composite ? 2 : 1;
    for (int a = 0; a < 3; ++a) voxels *= static_cast<double>(s[a]) + (padded ? 2 * reach[a] : 0);
    return voxels * chords;
  };
  std::array<std::size_t, 3> size{};
  for (int a = 0; a < 3; ++a)
    size[a] = static_cast<std::size_t>(draw.edgy(1, std::min(reach[a] + 6, 72)));
  const double budget = std::max(4e8, 2 * cost({1, 1, 1}));
  while (cost(size) > budget) {
    std::size_t& largest = *std::max_element(size.begin(), size.end());
    if (largest == 1) break;
    largest = (largest + 1) / 2;
  }
  const std::size_t count = size[0] * size[1] * size[2];
  const std::vector<T> input = DrawVolume<T>(draw, count);
  cumed::ImageGeometry geometry;
  geometry.size = size;

  SCOPED_TRACE(testing::Message() << ball.name << " " << ToString(operation) << " "
                                  << cumed::ToString(cumed::PixelTypeOf<T>()) << " size " << size[0]
                                  << "x" << size[1] << "x" << size[2] << " safeBorder "
                                  << options.safeBorder << " boundary "
                                  << (options.boundary ? *options.boundary : -1.0));
  std::vector<T> expected(count), actual(count);
  options.backend = cumed::Backend::CPU;
  Grayscale<T>({input.data(), geometry, cumed::MemoryLocation::Host},
               {expected.data(), geometry, cumed::MemoryLocation::Host}, element, operation,
               options);
  options.backend = backend;
  EXPECT_EQ(Grayscale<T>({input.data(), geometry, cumed::MemoryLocation::Host},
                         {actual.data(), geometry, cumed::MemoryLocation::Host}, element, operation,
                         options),
            backend);
  std::size_t mismatches = 0, first = 0;
  for (std::size_t i = 0; i < count; ++i)
    if (expected[i] != actual[i] && mismatches++ == 0) first = i;
  EXPECT_EQ(mismatches, 0u) << "first at x " << first % size[0] << ", y "
                            << first / size[0] % size[1] << ", z " << first / size[0] / size[1]
                            << ": CPU " << +expected[first] << ", " << cumed::ToString(backend)
                            << " " << +actual[first];

  // ITK's filters (BASIC for a ball: members x voxels) with ITK's defaults, where affordable.
  const double members = chords * (2.0 * reach[0] + 1);
  double itkVoxels = 1;
  for (int a = 0; a < 3; ++a) itkVoxels *= static_cast<double>(size[a]) + 2.0 * reach[a];
  if (options.safeBorder && !options.boundary && members * itkVoxels < 5e7) {
    const std::vector<T> itk = test::ItkGrayscale<T>(input, size, element, operation);
    std::size_t itkMismatches = 0;
    for (std::size_t i = 0; i < count; ++i) itkMismatches += itk[i] != actual[i];
    EXPECT_EQ(itkMismatches, 0u) << "against ITK";
  }
}

/// Parameter: the index in kBalls.
class LargeBallCuda : public cumed::test::BackendTest<int> {};

TEST_P(LargeBallCuda, EqualsCpuEveryTypeAndOperation) {
  const BallCase& ball = kBalls[param<0>()];
  const StructuringElement element = StructuringElement::Ball(ball.radius);
  cumed::test::ForEachRandomCase(8, [&](cumed::test::RandomDraw& draw) {
    switch (draw.integer(0, 3)) {
    case 0:
      return CompareOnce<std::uint8_t>(draw, backend(), ball, element);
    case 1:
      return CompareOnce<std::int16_t>(draw, backend(), ball, element);
    case 2:
      return CompareOnce<std::uint16_t>(draw, backend(), ball, element);
    default:
      return CompareOnce<float>(draw, backend(), ball, element);
    }
  });
}

std::string BallName(const testing::TestParamInfo<std::tuple<cumed::Backend, int>>& info) {
  return kBalls[std::get<1>(info.param)].name;
}

CUMED_INSTANTIATE_FOR_EVERY_ACCELERATED_BACKEND(
    LargeBallCuda, BallName, testing::Range(0, static_cast<int>(std::size(kBalls))));

} // namespace
