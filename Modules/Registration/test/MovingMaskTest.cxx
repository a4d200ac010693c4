// The moving-image mask (Register's `movingMask`): a bright artefact in the moving image that
// misleads the registration of a known shift is ignored once the mask excludes it (every
// backend; the CUDA case skips without a device), CUDA against the CPU with a mask, the mask on
// another grid read at its nearest voxel (0 outside it), and the named errors.
#include "SyntheticImages.h"

#include "cumed/core/Error.h"
#include "cumed/registration/Registration.h"
#include "cumed/test/Backends.h"
#include "src/MovingMask.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace cumed::registration {
namespace {

using cumed::test::BackendTest;

/// A 2 mm grid, small enough for a few seconds on two cores.
ImageGeometry SmallGeometry() {
  ImageGeometry g;
  g.size = {40, 36, 24};
  g.spacing = {2.0, 2.0, 2.0};
  g.origin = {-10.0, 4.0, 7.0};
  return g;
}

constexpr double kShift[3] = {2.6, -1.8, 1.2}; // mm, fixed point x maps to x + kShift

/// The artefact's box in the moving image (voxel index ranges, inclusive-exclusive).
constexpr std::size_t kBox[3][2] = {{14, 24}, {12, 22}, {8, 16}};

bool InBox(std::size_t i, std::size_t j, std::size_t k) {
  return i >= kBox[0][0] && i < kBox[0][1] && j >= kBox[1][0] && j < kBox[1][1] &&
         k >= kBox[2][0] && k < kBox[2][1];
}

struct ArtefactPair {
  Image fixed, moving, movingMask;
};

/// fixed(x) = blobs(x + kShift); moving = blobs with a bright box added (a metal-like artefact
/// the fixed image does not have); the mask is 0 on the box, 1 elsewhere.
ArtefactPair MakeArtefactPair() {
  const ImageGeometry g = SmallGeometry();
  ImageGeometry shifted = g;
  for (int a = 0; a < 3; ++a) shifted.origin[a] -= kShift[a];
  ArtefactPair p;
  // The blobs are placed by voxel index, so the same seed on the shifted grid is the same
  // anatomy moved: fixed voxel i lies at x = o - kShift + 2 i mm and shows what the moving image
  // shows at x + kShift, its own voxel i.
  p.fixed = test::Blobs(shifted, 21);
  p.moving = test::Blobs(g, 21);
  p.movingMask = Image::Allocate(PixelType::UInt8, g, MemoryLocation::Host);
  float* m = p.moving.view<float>().data;
  std::uint8_t* mask = p.movingMask.view<std::uint8_t>().data;
  std::size_t v = 0;
  for (std::size_t k = 0; k < g.size[2]; ++k)
    for (std::size_t j = 0; j < g.size[1]; ++j)
      for (std::size_t i = 0; i < g.size[0]; ++i, ++v) {
        mask[v] = InBox(i, j, k) ? 0 : 1;
        if (InBox(i, j, k)) m[v] += 3000.0f;
      }
  return p;
}

RegistrationOptions ArtefactOptions(Backend backend) {
  RegistrationOptions o;
  o.backend = backend;
  o.metric = SimilarityMetric::SSD; // intensities match outside the artefact
  o.levels = 2;
  o.gridSpacing = 10.0;
  o.maximumIterations = 40;
  o.bendingEnergyWeight = 1.0;
  return o;
}

/// RMS distance (mm) of the field from kShift over the fixed voxels that map into the artefact's
/// box or next to it (within 3 voxels), where a misled registration goes wrong.
double ErrorNearTheBox(const Image& field) {
  const ImageGeometry& g = field.geometry();
  const float* u = field.view<float>().data;
  double sum = 0.0;
  std::size_t n = 0, v = 0;
  for (std::size_t k = 0; k < g.size[2]; ++k)
    for (std::size_t j = 0; j < g.size[1]; ++j)
      for (std::size_t i = 0; i < g.size[0]; ++i, ++v) {
        const double at[3] = {double(i), double(j), double(k)}; // the moving voxel it maps to
        bool near = true;
        for (int a = 0; a < 3; ++a)
          near = near && at[a] >= double(kBox[a][0]) - 3.0 && at[a] < double(kBox[a][1]) + 3.0;
        if (!near) continue;
        for (int c = 0; c < 3; ++c) {
          const double e = u[3 * v + c] - kShift[c];
          sum += e * e;
        }
        ++n;
      }
  return std::sqrt(sum / double(n));
}

class MovingMaskOnBackend : public BackendTest<> {};

TEST_P(MovingMaskOnBackend, ExcludesABrightArtefactThatMisleadsTheRegistration) {
  const ArtefactPair p = MakeArtefactPair();
  const RegistrationOptions o = ArtefactOptions(backend());
  const RegistrationResult misled = Register(p.fixed, p.moving, o);
  const RegistrationResult masked = Register(p.fixed, p.moving, o, nullptr, &p.movingMask);
  const double before =
      std::sqrt(kShift[0] * kShift[0] + kShift[1] * kShift[1] + kShift[2] * kShift[2]); // 3.38 mm
  const double misledError = ErrorNearTheBox(misled.displacementField);
  const double maskedError = ErrorNearTheBox(masked.displacementField);
  RecordProperty("misled_error_mm", std::to_string(misledError));
  RecordProperty("masked_error_mm", std::to_string(maskedError));
  // Without the mask the warp bends around the box to hide it; with it the shift comes back.
  EXPECT_GT(misledError, 1.0) << "the artefact no longer misleads: the test proves nothing";
  EXPECT_LT(maskedError, 0.1) << "misled " << misledError; // measured 0.011
  EXPECT_LT(maskedError, 0.2 * misledError);
  EXPECT_LT(maskedError, 0.1 * before);
  EXPECT_EQ(masked.jacobian.foldedVoxels, 0u);
  // The end-of-run check leaves out what maps into the box under either transform.
  EXPECT_LT(masked.quality.voxelsCompared, misled.quality.voxelsCompared);
  EXPECT_GT(masked.quality.nccAfter, 0.99);
  EXPECT_TRUE(masked.quality.ok());
}

TEST_P(MovingMaskOnBackend, AffineStageIgnoresTheArtefactToo) {
  const ArtefactPair p = MakeArtefactPair();
  RegistrationOptions o = ArtefactOptions(backend());
  o.affineStage = true;
  o.bendingEnergyWeight = 1e6; // the B-spline levels barely move: the affine carries the shift
  const RegistrationResult misled = Register(p.fixed, p.moving, o);
  const RegistrationResult masked = Register(p.fixed, p.moving, o, nullptr, &p.movingMask);
  double misledError = 0.0, maskedError = 0.0;
  for (int a = 0; a < 3; ++a) {
    misledError = std::max(misledError, std::fabs(misled.affine.offset[a] - kShift[a]));
    maskedError = std::max(maskedError, std::fabs(masked.affine.offset[a] - kShift[a]));
  }
  RecordProperty("misled_offset_error_mm", std::to_string(misledError));
  RecordProperty("masked_offset_error_mm", std::to_string(maskedError));
  EXPECT_LT(maskedError, 0.05) << "misled " << misledError; // measured 1e-6
  EXPECT_LT(maskedError, 0.5 * misledError);
}

CUMED_INSTANTIATE_ON_EVERY_BACKEND(MovingMaskOnBackend);

/// An accelerated backend (backend()) against the CPU reference.
class RegisterMovingMaskVsCpu : public cumed::test::BackendTest<> {};

TEST_P(RegisterMovingMaskVsCpu, AgreesWithTheCpu) {
  const ArtefactPair p = MakeArtefactPair();
  const RegistrationResult cpu =
      Register(p.fixed, p.moving, ArtefactOptions(Backend::CPU), nullptr, &p.movingMask);
  const RegistrationResult cuda =
      Register(p.fixed, p.moving, ArtefactOptions(backend()), nullptr, &p.movingMask);
  const float* a = cpu.displacementField.view<float>().data;
  const float* b = cuda.displacementField.view<float>().data;
  const std::size_t n = 3 * cpu.displacementField.geometry().numberOfPixels();
  double sum = 0.0;
  for (std::size_t e = 0; e < n; ++e) sum += double(a[e] - b[e]) * (a[e] - b[e]);
  // The same counting rule on both (src/TransformKernelMath.h): rounding alone separates them.
  EXPECT_LT(std::sqrt(3.0 * sum / double(n)), 0.05);
  // The check counts on the host from each backend's field: rounding may move a voxel at the
  // mask's edge across it, no more.
  EXPECT_NEAR(double(cpu.quality.voxelsCompared), double(cuda.quality.voxelsCompared),
              0.005 * double(cpu.quality.voxelsCompared));
}

CUMED_INSTANTIATE_ON_EVERY_ACCELERATED_BACKEND(RegisterMovingMaskVsCpu);

TEST(MovingMaskGeometry, AnotherGridIsReadAtTheNearestVoxelAndZeroOutsideIt) {
  ImageGeometry moving;
  moving.size = {10, 8, 6};
  moving.spacing = {1.0, 1.0, 1.0};
  // The mask: 2 x 2 x 2 voxels of 4 mm from (2.4, 0, 0) mm; only its voxel (1, 0, 0) is set.
  ImageGeometry grid;
  grid.size = {2, 2, 2};
  grid.spacing = {4.0, 4.0, 4.0};
  grid.origin = {2.4, 0.0, 0.0};
  Image mask = Image::Allocate(PixelType::UInt8, grid, MemoryLocation::Host);
  std::uint8_t* m = mask.view<std::uint8_t>().data;
  for (std::size_t v = 0; v < grid.numberOfPixels(); ++v) m[v] = 0;
  m[1] = 1;
  const std::vector<std::uint8_t> out = detail::ToMovingLevelMask(mask, moving);
  ASSERT_EQ(out.size(), moving.numberOfPixels());
  for (std::size_t k = 0; k < 6; ++k)
    for (std::size_t j = 0; j < 8; ++j)
      for (std::size_t i = 0; i < 10; ++i) {
        // Nearest mask index floor((p - origin) / 4 + 0.5); inside when 0 or 1 on every axis.
        const long ix = long(std::floor((double(i) - 2.4) / 4.0 + 0.5));
        const long iy = long(std::floor(double(j) / 4.0 + 0.5));
        const long iz = long(std::floor(double(k) / 4.0 + 0.5));
        const bool expected = ix == 1 && iy == 0 && iz == 0;
        EXPECT_EQ(out[(k * 8 + j) * 10 + i], expected ? 1 : 0) << i << " " << j << " " << k;
      }
  // The same geometry: taken as it is.
  Image same = Image::Allocate(PixelType::UInt8, moving, MemoryLocation::Host);
  std::uint8_t* s = same.view<std::uint8_t>().data;
  for (std::size_t v = 0; v < moving.numberOfPixels(); ++v) s[v] = std::uint8_t(v % 3);
  const std::vector<std::uint8_t> copied = detail::ToMovingLevelMask(same, moving);
  for (std::size_t v = 0; v < moving.numberOfPixels(); ++v) ASSERT_EQ(copied[v], v % 3) << v;
}

std::string ErrorOf(const Image& fixed, const Image& moving, const Image& movingMask) {
  try {
    Register(fixed, moving, ArtefactOptions(Backend::CPU), nullptr, &movingMask);
  } catch (const InvalidArgument& e) {
    return e.what();
  }
  return "no InvalidArgument";
}

TEST(MovingMaskErrors, NameTheProblem) {
  const ArtefactPair p = MakeArtefactPair();
  const ImageGeometry g = SmallGeometry();
  Image zero = Image::Allocate(PixelType::UInt8, g, MemoryLocation::Host);
  std::fill_n(zero.view<std::uint8_t>().data, g.numberOfPixels(), std::uint8_t(0));
  EXPECT_NE(ErrorOf(p.fixed, p.moving, zero).find("moving mask has no nonzero voxel"),
            std::string::npos);

  ImageGeometry far = g;
  far.origin[0] += 1000.0; // all ones, but nowhere near the moving image
  Image distant = Image::Allocate(PixelType::UInt8, far, MemoryLocation::Host);
  std::fill_n(distant.view<std::uint8_t>().data, far.numberOfPixels(), std::uint8_t(1));
  EXPECT_NE(ErrorOf(p.fixed, p.moving, distant).find("no nonzero voxel over the moving image"),
            std::string::npos);

  ImageGeometry flat = g;
  flat.size[2] = 1;
  Image planar = Image::Allocate(PixelType::UInt8, flat, MemoryLocation::Host);
  std::fill_n(planar.view<std::uint8_t>().data, flat.numberOfPixels(), std::uint8_t(1));
  EXPECT_NE(ErrorOf(p.fixed, p.moving, planar).find("moving mask is 2D"), std::string::npos);

  EXPECT_NE(ErrorOf(p.fixed, p.moving, p.moving).find("moving mask must be a scalar UInt8"),
            std::string::npos);
}

} // namespace
} // namespace cumed::registration
