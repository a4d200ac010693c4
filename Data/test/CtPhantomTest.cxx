// The phantom synthesis itself: tissue values at anatomical landmarks, closed bone, HU range,
// determinism, geometry, argument checks, and isosurface/voxel-count volume agreement.
#include "cumed/data/CtPhantom.h"
#include "PhantomTestSupport.h"
#include "cumed/core/Error.h"

#include <gtest/gtest.h>
#include <vtkFlyingEdges3D.h>
#include <vtkImageData.h>
#include <vtkMassProperties.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkShortArray.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

namespace cumed::data {
namespace {

using test::HuAt;
using test::MaximumHuNearFaces;

/// A coarse phantom (fast to make) that still covers an adult-sized field of view.
CtPhantomParameters SmallParameters() {
  CtPhantomParameters p;
  p.size = {96, 96, 40};
  p.spacing = {3.6, 3.6, 7.0};
  return p;
}

std::int64_t VoxelCount(const CtPhantomImage& image) {
  return static_cast<std::int64_t>(image.GetLargestPossibleRegion().GetNumberOfPixels());
}

TEST(CtPhantom, GeometryIsCenteredWithIdentityDirection) {
  const CtPhantomParameters p = SmallParameters();
  const auto image = MakeCtPhantom(p);
  const auto size = image->GetLargestPossibleRegion().GetSize();
  for (unsigned axis = 0; axis < 3; ++axis) {
    EXPECT_EQ(size[axis], p.size[axis]);
    EXPECT_DOUBLE_EQ(image->GetSpacing()[axis], p.spacing[axis]);
    // The first and last voxel centres are symmetric about 0.
    EXPECT_NEAR(image->GetOrigin()[axis], -0.5 * (p.size[axis] - 1) * p.spacing[axis], 1e-9);
    for (unsigned other = 0; other < 3; ++other) {
      EXPECT_EQ(image->GetDirection()[axis][other], axis == other ? 1.0 : 0.0);
    }
  }
}

TEST(CtPhantom, LandmarksHaveTheirTissueValues) {
  const CtPhantomParameters p = SmallParameters();
  const auto image = MakeCtPhantom(p);
  const CtPhantomLandmarks at = DescribeCtPhantom(p);

  EXPECT_NEAR(HuAt(*image, at.outsideBody), -1000, 30);
  EXPECT_LT(HuAt(*image, at.rightLung), -700);
  EXPECT_LT(HuAt(*image, at.leftLung), -700);
  EXPECT_GT(HuAt(*image, at.rightLung), -950); // parenchyma, not air
  EXPECT_LT(HuAt(*image, at.trachea), -900);
  const int fat = HuAt(*image, at.subcutaneousFat);
  EXPECT_GE(fat, -140);
  EXPECT_LE(fat, -60);
  const int muscle = HuAt(*image, at.muscle);
  EXPECT_GE(muscle, 10);
  EXPECT_LE(muscle, 80);
  const int blood = HuAt(*image, at.heartBloodPool);
  EXPECT_GE(blood, 110);
  EXPECT_LE(blood, 190);
  const int aorta = HuAt(*image, at.descendingAorta);
  EXPECT_GE(aorta, 140);
  EXPECT_LE(aorta, 220);

  ASSERT_GE(at.vertebralBodyCenters.size(), 8u);
  for (const PhysicalPoint& center : at.vertebralBodyCenters) {
    EXPECT_GE(HuAt(*image, center), 400) << "vertebral body at z = " << center[2];
  }
  EXPECT_EQ(at.discCenters.size() + 1, at.vertebralBodyCenters.size());
  EXPECT_EQ(at.ribPoints.size(), 12u);
}

TEST(CtPhantom, HuStaysWithinTheScannerRange) {
  const auto image = MakeCtPhantom(SmallParameters());
  const std::int16_t* begin = image->GetBufferPointer();
  const auto [low, high] = std::minmax_element(begin, begin + VoxelCount(*image));
  EXPECT_GE(*low, -1024);
  EXPECT_LE(*low, -990); // air is there
  EXPECT_LE(*high, 3000);
  EXPECT_GE(*high, 800); // and so is cortical bone
}

// Bone (>= 300 HU) never comes within two voxels of a face, so bone isosurfaces are closed.
// Covers fields of view smaller than, equal to and larger than the adult thorax, and
// anisotropic voxels.
TEST(CtPhantom, BoneStaysAwayFromTheFaces) {
  const std::vector<CtPhantomParameters> cases = [] {
    std::vector<CtPhantomParameters> list;
    const std::array<std::array<unsigned, 3>, 5> sizes{
        {{96, 96, 40}, {64, 48, 32}, {40, 40, 100}, {32, 32, 32}, {80, 72, 48}}};
    const std::array<std::array<double, 3>, 5> spacings{
        {{3.6, 3.6, 7.0}, {1.0, 1.0, 1.0}, {5.0, 5.0, 2.0}, {1.4, 1.4, 2.5}, {6.0, 6.0, 9.0}}};
    for (std::size_t i = 0; i < sizes.size(); ++i) {
      CtPhantomParameters p;
      p.size = sizes[i];
      p.spacing = spacings[i];
      list.push_back(p);
    }
    return list;
  }();
  for (const CtPhantomParameters& p : cases) {
    const auto image = MakeCtPhantom(p);
    EXPECT_LT(MaximumHuNearFaces(*image, 2), 300)
        << "size " << p.size[0] << "x" << p.size[1] << "x" << p.size[2] << " spacing "
        << p.spacing[0] << "x" << p.spacing[1] << "x" << p.spacing[2];
  }
}

TEST(CtPhantom, SameSeedGivesTheSameVolume) {
  const auto a = MakeCtPhantom(SmallParameters());
  const auto b = MakeCtPhantom(SmallParameters());
  EXPECT_EQ(std::memcmp(a->GetBufferPointer(), b->GetBufferPointer(),
                        sizeof(std::int16_t) * VoxelCount(*a)),
            0);
}

// Another seed changes only the noise: the difference of two volumes over the body (away from
// the -1024 clamp) has zero mean and the spread of two independent 6 HU noises.
TEST(CtPhantom, DifferentSeedGivesDifferentNoiseOnly) {
  CtPhantomParameters p = SmallParameters();
  const auto a = MakeCtPhantom(p);
  p.seed = 2;
  const auto b = MakeCtPhantom(p);
  double sum = 0, sumSquares = 0;
  std::int64_t count = 0, differing = 0;
  for (std::int64_t i = 0; i < VoxelCount(*a); ++i) {
    const int va = a->GetBufferPointer()[i], vb = b->GetBufferPointer()[i];
    differing += va != vb;
    if (va < -950 || vb < -950) continue; // near the clamp, noise is cut off
    const double d = va - vb;
    sum += d;
    sumSquares += d * d;
    ++count;
  }
  ASSERT_GT(count, 10000);
  EXPECT_GT(differing, VoxelCount(*a) * 8 / 10);
  const double mean = sum / count;
  const double deviation = std::sqrt(sumSquares / count - mean * mean);
  EXPECT_NEAR(mean, 0.0, 0.2);
  EXPECT_NEAR(deviation, std::sqrt(2.0) * p.noiseSigmaHu, 0.5);
}

TEST(CtPhantom, ZeroNoiseGivesTheCleanVolume) {
  CtPhantomParameters p = SmallParameters();
  p.noiseSigmaHu = 0;
  const auto clean = MakeCtPhantom(p);
  const CtPhantomLandmarks at = DescribeCtPhantom(p);
  EXPECT_EQ(HuAt(*clean, at.outsideBody), -1000);
  EXPECT_EQ(HuAt(*clean, at.trachea), -1000);
}

TEST(CtPhantom, RejectsUnusableParameters) {
  const auto expectRejected = [](CtPhantomParameters p, const char* expectedInMessage) {
    try {
      MakeCtPhantom(p);
      ADD_FAILURE() << "accepted parameters that should fail with '" << expectedInMessage << "'";
    } catch (const cumed::InvalidArgument& error) {
      EXPECT_NE(std::string(error.what()).find(expectedInMessage), std::string::npos)
          << error.what();
    }
  };
  CtPhantomParameters p;
  p.size = {256, 31, 120};
  expectRejected(p, "size along y is 31");
  p = {};
  p.size = {0, 256, 120};
  expectRejected(p, "size along x is 0");
  p = {};
  p.spacing = {1.4, 1.4, 0.0};
  expectRejected(p, "spacing along z");
  p = {};
  p.spacing = {std::numeric_limits<double>::quiet_NaN(), 1.4, 2.5};
  expectRejected(p, "spacing along x");
  p = {};
  p.noiseSigmaHu = -1;
  expectRejected(p, "noise sigma");
  p = {};
  p.noiseSigmaHu = 100;
  expectRejected(p, "noise sigma");
  p = {};
  p.size = {32, 32, 32};
  p.spacing = {20.0, 20.0, 0.5}; // 15.5 mm long: no room for a vertebra between the end margins
  expectRejected(p, "too short for the spine");
}

/// The phantom at its default size, shared by the tests that need full resolution.
class DefaultCtPhantom : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    CtPhantomParameters p;
    p.noiseSigmaHu = 0;
    cleanImage_ = MakeCtPhantom(p);
  }
  static void TearDownTestSuite() { cleanImage_ = nullptr; }
  static CtPhantomImage::Pointer cleanImage_;
};
CtPhantomImage::Pointer DefaultCtPhantom::cleanImage_;

TEST_F(DefaultCtPhantom, BonesHaveCortexAndRibsAreBone) {
  const CtPhantomImage& image = *cleanImage_;
  const CtPhantomLandmarks at = DescribeCtPhantom({});
  for (const PhysicalPoint& rib : at.ribPoints) {
    EXPECT_GE(HuAt(image, rib), 700) << "rib at z = " << rib[2];
  }
  for (const PhysicalPoint& disc : at.discCenters) {
    const int hu = HuAt(image, disc);
    EXPECT_GE(hu, 40) << "disc at z = " << disc[2];
    EXPECT_LT(hu, 300) << "disc at z = " << disc[2];
  }
  // From the centre of a vertebral body outwards: cancellous core, then a cortical rim well above
  // it, then soft tissue.
  for (const PhysicalPoint& center : at.vertebralBodyCenters) {
    const int core = HuAt(image, center);
    EXPECT_GE(core, 450);
    EXPECT_LE(core, 520);
    int rim = core;
    PhysicalPoint p = center;
    for (int step = 0; step < 20; ++step, p[0] += 1.4) rim = std::max(rim, HuAt(image, p));
    EXPECT_GE(rim, 900) << "vertebral body at z = " << center[2];
    EXPECT_LT(HuAt(image, p), 300); // 28 mm out: past the body
  }
  EXPECT_LT(MaximumHuNearFaces(image, 2), 300);
}

// The 300 HU isosurface (VTK flying edges) encloses the same volume as the voxels >= 300 HU:
// the partial-volume edges make the isosurface follow the anatomy, not the voxel grid.
TEST_F(DefaultCtPhantom, BoneIsosurfaceVolumeMatchesVoxelCount) {
  const CtPhantomImage& image = *cleanImage_;
  const auto size = image.GetLargestPossibleRegion().GetSize();
  vtkNew<vtkImageData> volume;
  volume->SetDimensions(size[0], size[1], size[2]);
  volume->SetSpacing(image.GetSpacing()[0], image.GetSpacing()[1], image.GetSpacing()[2]);
  volume->SetOrigin(image.GetOrigin()[0], image.GetOrigin()[1], image.GetOrigin()[2]);
  vtkNew<vtkShortArray> scalars;
  const std::int64_t count = VoxelCount(image);
  scalars->SetNumberOfValues(count);
  std::int64_t boneVoxels = 0;
  for (std::int64_t i = 0; i < count; ++i) {
    scalars->SetValue(i, image.GetBufferPointer()[i]);
    boneVoxels += image.GetBufferPointer()[i] >= 300;
  }
  volume->GetPointData()->SetScalars(scalars);

  vtkNew<vtkFlyingEdges3D> surface;
  surface->SetInputData(volume);
  surface->SetValue(0, 300);
  surface->ComputeNormalsOff();
  vtkNew<vtkMassProperties> properties;
  properties->SetInputConnection(surface->GetOutputPort());
  properties->Update();

  const auto spacing = image.GetSpacing();
  const double voxelVolume = spacing[0] * spacing[1] * spacing[2];
  const double countedVolume = boneVoxels * voxelVolume;
  RecordProperty("isosurface_volume_mm3", std::to_string(properties->GetVolume()));
  RecordProperty("voxel_count_volume_mm3", std::to_string(countedVolume));
  ASSERT_GT(countedVolume, 100e3); // mm^3: spine and ribs are there
  EXPECT_NEAR(properties->GetVolume() / countedVolume, 1.0, 0.03)
      << "isosurface " << properties->GetVolume() << " mm^3, voxels " << countedVolume << " mm^3";
}

} // namespace
} // namespace cumed::data
