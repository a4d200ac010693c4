// The affine stage (src/AffineStage.h): its kernels on CUDA against the CPU, its gradient against
// central finite differences of its cost for every metric, recovery of a known affine (2D and
// 3D), bitwise repeats, and Register() with the stage before the B-spline levels on a known
// affine + B-spline warp.
#include "SyntheticImages.h"

#include "cumed/core/Config.h"
#include "cumed/core/Error.h"
#include "cumed/registration/Registration.h"
#include "cumed/test/Backends.h"
#include "src/AffineKernels.h"
#include "src/AffineObjective.h"
#include "src/AffineStage.h"
#include "src/LevelGeometryBuilder.h"
#include "src/Matrix3.h"
#include "src/RegistrationGrid.h"
#include "src/RegistrationOutputs.h"
#if CUMED_WITH_CUDA
#include "cumed/core/DeviceBuffer.h"
#endif

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

namespace cumed::registration {
namespace {

using detail::AffineParameters;
using detail::LevelImage;

LevelImage ToLevel(const Image& image, float scale = 1.0f) {
  const float* p = image.view<float>().data;
  LevelImage l{image.geometry(), std::vector<float>(p, p + image.geometry().numberOfPixels())};
  for (float& v : l.pixels) v *= scale;
  return l;
}

std::array<double, 3> PointOf(const ImageGeometry& g, double i, double j, double k) {
  const detail::Matrix3 m = detail::IndexToPhysical(g.direction, g.spacing);
  std::array<double, 3> x{};
  for (int r = 0; r < 3; ++r)
    x[r] = g.origin[r] + m[3 * r] * i + m[3 * r + 1] * j + m[3 * r + 2] * k;
  return x;
}

std::array<double, 3> Apply(const AffineTransform& a, const std::array<double, 3>& x) {
  std::array<double, 3> y{};
  for (int r = 0; r < 3; ++r)
    y[r] = a.matrix[3 * r] * x[0] + a.matrix[3 * r + 1] * x[1] + a.matrix[3 * r + 2] * x[2] +
           a.offset[r];
  return y;
}

/// x -> c + 1.05 R (x - c) + t: R 5 degrees about an oblique axis (z in 2D), |t| = 8 mm (in the
/// plane in 2D), c the image centre; 2D scales only in the plane.
AffineTransform KnownAffine(const ImageGeometry& g, bool planar) {
  const double angle = 5.0 * M_PI / 180.0;
  std::array<double, 3> axis =
      planar ? std::array<double, 3>{0, 0, 1} : std::array<double, 3>{0.3, 0.4, std::sqrt(0.75)};
  const double c = std::cos(angle), s = std::sin(angle), v = 1.0 - c;
  const double x = axis[0], y = axis[1], z = axis[2];
  const double rotation[9] = {c + x * x * v,     x * y * v - z * s, x * z * v + y * s,
                              y * x * v + z * s, c + y * y * v,     y * z * v - x * s,
                              z * x * v - y * s, z * y * v + x * s, c + z * z * v};
  const double scale[3] = {1.05, 1.05, planar ? 1.0 : 1.05};
  const std::array<double, 3> t =
      planar ? std::array<double, 3>{6.4, -4.8, 0.0} : std::array<double, 3>{6.0, -4.0, 3.4641016};
  const std::array<double, 3> centre =
      PointOf(g, 0.5 * (g.size[0] - 1.0), 0.5 * (g.size[1] - 1.0), 0.5 * (g.size[2] - 1.0));
  AffineTransform a;
  for (int r = 0; r < 3; ++r) {
    a.offset[r] = centre[r] + t[r];
    for (int k = 0; k < 3; ++k) {
      a.matrix[3 * r + k] = scale[r] * rotation[3 * r + k];
      a.offset[r] -= a.matrix[3 * r + k] * centre[k];
    }
  }
  return a;
}

/// RMS over the fixed voxel centres of |a(x) - b(x)| (mm).
double RmsDistance(const AffineTransform& a, const AffineTransform& b, const ImageGeometry& g) {
  double sum = 0.0;
  for (std::size_t k = 0; k < g.size[2]; ++k)
    for (std::size_t j = 0; j < g.size[1]; ++j)
      for (std::size_t i = 0; i < g.size[0]; ++i) {
        const auto x = PointOf(g, double(i), double(j), double(k));
        const auto p = Apply(a, x), q = Apply(b, x);
        for (int r = 0; r < 3; ++r) sum += (p[r] - q[r]) * (p[r] - q[r]);
      }
  return std::sqrt(sum / double(g.numberOfPixels()));
}

/// moving = blobs; fixed(x) = moving(affine(x + u(x))), u a random B-spline (amplitude 0: none).
struct KnownPair {
  Image fixed, moving, trueField;
};

KnownPair MakePair(bool planar, const AffineTransform& affine, double warpAmplitude) {
  const ImageGeometry g = test::BlobGeometry(planar);
  KnownPair p;
  p.moving = test::Blobs(g, 11);
  BSplineGrid truth = detail::MakeRegistrationGrid(g, 24.0);
  if (warpAmplitude > 0.0) test::RandomCoefficients(truth, warpAmplitude, 5, planar);
  p.trueField = detail::TotalDisplacementField(truth, affine, g, Backend::CPU);
  p.fixed = detail::ResampleMoving(ToLevel(p.moving), p.trueField, 100.0f);
  return p;
}

struct Pyramid {
  std::vector<LevelImage> fixed, moving;
  std::vector<std::vector<std::uint8_t>> masks;
  detail::AffinePyramid view() const { return {fixed, moving, masks}; }
};

/// Three levels of the pair, intensities / 1000 (as Register's SSD scaling would, roughly).
Pyramid PyramidOf(const KnownPair& p) {
  Pyramid y;
  y.fixed = {ToLevel(p.fixed, 1e-3f)};
  y.moving = {ToLevel(p.moving, 1e-3f)};
  for (int l = 0; l < 2; ++l) {
    y.fixed.insert(y.fixed.begin(), detail::HalveResolution(y.fixed.front()));
    y.moving.insert(y.moving.begin(), detail::HalveResolution(y.moving.front()));
  }
  y.masks.resize(3);
  return y;
}

RegistrationOptions StageOptions(Backend backend) {
  RegistrationOptions o;
  o.backend = backend;
  o.metric = SimilarityMetric::SSD; // the stage's cases were written for SSD
  o.maximumIterations = 100;
  return o;
}

/// The stage on the options' backend (CPU or CUDA, as Register resolves it).
detail::AffineStageResult RunStage(const detail::AffinePyramid& pyramid,
                                   const AffineTransform& initial, const RegistrationOptions& o) {
  return detail::RunAffineStage(pyramid, initial, o, o.backend);
}

// ---- the objective's gradient ------------------------------------------------------------------

class AffineObjectiveGradient : public ::testing::TestWithParam<detail::MetricKind> {};

TEST_P(AffineObjectiveGradient, MatchesFiniteDifferences) {
  ImageGeometry g = test::BlobGeometry();
  g.size = {20, 18, 16};
  const LevelImage fixed = ToLevel(test::Blobs(g, 1), 1e-3f);
  const LevelImage moving = ToLevel(test::Blobs(g, 2), 1e-3f);
  // Interior voxels only: no voxel enters or leaves the moving image within a difference step.
  std::vector<std::uint8_t> mask(g.numberOfPixels(), 0);
  for (std::size_t k = 3; k + 3 < g.size[2]; ++k)
    for (std::size_t j = 3; j + 3 < g.size[1]; ++j)
      for (std::size_t i = 3; i + 3 < g.size[0]; ++i) mask[(k * g.size[1] + j) * g.size[0] + i] = 1;
  detail::LevelProblem problem;
  problem.geometry = detail::DescribeWarp(g, g, AffineTransform{});
  problem.fixed = &fixed;
  problem.moving = &moving;
  problem.mask = &mask;
  problem.metric.kind = GetParam();
  for (int a = 0; a < 3; ++a) problem.metric.size[a] = static_cast<std::int64_t>(g.size[a]);
  problem.metric.fixedRange[0] = problem.metric.movingRange[0] = -1.0f;
  problem.metric.fixedRange[1] = problem.metric.movingRange[1] = 1.5f;
  const double R = detail::AffinePreconditioning(g);
  auto objective = detail::MakeAffineObjectiveCpu(problem, detail::AffineFrameOf(g, g));
  std::mt19937 random(7);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  AffineParameters a{};
  for (double& l : a.L) l = 0.02 * unit(random);
  for (double& t : a.t) t = 1.5 * unit(random);
  double gradient[detail::kAffineSums];
  objective->evaluate(a, gradient);
  // Trilinear interpolation's kinks make the differences noisy: errors are measured against the
  // largest entry too (in mm of displacement, L's entries per preconditioning length).
  double largest = 0.0;
  for (int e = 0; e < detail::kAffineSums; ++e)
    largest = std::max(largest, std::fabs(gradient[e]) / (e < 9 ? R : 1.0));
  for (int e = 0; e < detail::kAffineSums; ++e) {
    // Steps of 0.01 mm of displacement: L's at the preconditioning length.
    const double h = e < 9 ? 0.01 / R : 0.01;
    AffineParameters plus = a, minus = a;
    (e < 9 ? plus.L[e] : plus.t[e - 9]) += h;
    (e < 9 ? minus.L[e] : minus.t[e - 9]) -= h;
    const double numeric =
        (objective->evaluate(plus, nullptr) - objective->evaluate(minus, nullptr)) / (2.0 * h);
    const double scale = e < 9 ? R : 1.0;
    EXPECT_NEAR(gradient[e], numeric, 0.03 * std::fabs(numeric) + 2e-3 * largest * scale)
        << "parameter " << e;
  }
}

INSTANTIATE_TEST_SUITE_P(EveryMetric, AffineObjectiveGradient,
                         testing::Values(detail::MetricKind::SSD, detail::MetricKind::NCC,
                                         detail::MetricKind::LocalNCC, detail::MetricKind::NMI));

// ---- composition -------------------------------------------------------------------------------

TEST(AffineStageComposition, FoldsTheStageIntoTheInitialAffine) {
  // A0(x + L (x - c) + t) at every voxel equals ComposeAffine's single affine there.
  const ImageGeometry g = test::BlobGeometry();
  const AffineTransform initial = KnownAffine(g, false);
  AffineParameters a{};
  std::mt19937 random(3);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  for (double& l : a.L) l = 0.05 * unit(random);
  for (double& t : a.t) t = 4.0 * unit(random);
  const AffineTransform composed = detail::ComposeAffine(initial, a, g);
  const detail::AffineFrame frame = detail::AffineFrameOf(g, g);
  for (const auto& index : {std::array<double, 3>{0, 0, 0}, std::array<double, 3>{47, 10, 39},
                            std::array<double, 3>{5, 43, 20}}) {
    const auto x = PointOf(g, index[0], index[1], index[2]);
    double q[3];
    detail::RelativePoint(frame, std::int64_t(index[0]), std::int64_t(index[1]),
                          std::int64_t(index[2]), q);
    std::array<double, 3> moved{};
    for (int r = 0; r < 3; ++r)
      moved[r] = x[r] + a.L[3 * r] * q[0] + a.L[3 * r + 1] * q[1] + a.L[3 * r + 2] * q[2] + a.t[r];
    const auto expected = Apply(initial, moved), actual = Apply(composed, x);
    for (int r = 0; r < 3; ++r) EXPECT_NEAR(actual[r], expected[r], 1e-9);
  }
}

// ---- the stage on every backend ----------------------------------------------------------------

class AffineStageOnBackend : public cumed::test::BackendTest<> {};

TEST_P(AffineStageOnBackend, RecoversAKnownAffine) {
  for (bool planar : {false, true}) {
    const ImageGeometry g = test::BlobGeometry(planar);
    const AffineTransform truth = KnownAffine(g, planar);
    const Pyramid pyramid = PyramidOf(MakePair(planar, truth, 0.0));
    const double before = RmsDistance(AffineTransform{}, truth, g);
    const detail::AffineStageResult r =
        RunStage(pyramid.view(), AffineTransform{}, StageOptions(backend()));
    EXPECT_LT(RmsDistance(r.affine, truth, g), 0.3)
        << (planar ? "2D" : "3D") << ", before " << before;
    EXPECT_EQ(r.iterations.size(), 2u);
    if (planar) { // a 2D stage leaves z alone exactly (ITK's 2D affine cannot move it)
      for (int e : {2, 5, 6, 7}) EXPECT_EQ(r.affine.matrix[e], 0.0) << "matrix " << e;
      EXPECT_EQ(r.affine.matrix[8], 1.0);
      EXPECT_EQ(r.affine.offset[2], 0.0);
    }
  }
}

TEST_P(AffineStageOnBackend, StartsFromTheInitialAffine) {
  // The truth is the initial affine followed by a shift of 6 mm: the stage keeps A0's part.
  const ImageGeometry g = test::BlobGeometry();
  AffineTransform initial = KnownAffine(g, false);
  AffineTransform truth = initial;
  for (int r = 0; r < 3; ++r) truth.offset[r] += initial.matrix[3 * r] * 6.0;
  const Pyramid pyramid = PyramidOf(MakePair(false, truth, 0.0));
  const detail::AffineStageResult r = RunStage(pyramid.view(), initial, StageOptions(backend()));
  EXPECT_LT(RmsDistance(r.affine, truth, g), 0.3);
}

TEST_P(AffineStageOnBackend, RepeatsBitwise) {
  const ImageGeometry g = test::BlobGeometry();
  const Pyramid pyramid = PyramidOf(MakePair(false, KnownAffine(g, false), 0.0));
  RegistrationOptions o = StageOptions(backend());
  o.maximumIterations = 15;
  const detail::AffineStageResult a = RunStage(pyramid.view(), {}, o);
  const detail::AffineStageResult b = RunStage(pyramid.view(), {}, o);
  EXPECT_EQ(a.affine.matrix, b.affine.matrix);
  EXPECT_EQ(a.affine.offset, b.affine.offset);
  EXPECT_EQ(a.similarityBefore, b.similarityBefore);
}

/// The fixed voxels the true transform maps at least a voxel inside the moving image (elsewhere
/// the fixed image holds ResampleMoving's fill value, no anatomy to align).
Image OverlapMask(const KnownPair& p) {
  const ImageGeometry& g = p.fixed.geometry();
  const detail::Matrix3 toIndex =
      detail::Inverse(detail::IndexToPhysical(g.direction, g.spacing)); // moving shares g
  Image mask = Image::Allocate(PixelType::UInt8, g, MemoryLocation::Host);
  std::uint8_t* m = mask.view<std::uint8_t>().data;
  const float* d = p.trueField.view<float>().data;
  for (std::size_t k = 0, v = 0; k < g.size[2]; ++k)
    for (std::size_t j = 0; j < g.size[1]; ++j)
      for (std::size_t i = 0; i < g.size[0]; ++i, ++v) {
        const auto x = PointOf(g, double(i), double(j), double(k));
        bool inside = true;
        for (int r = 0; r < 3; ++r) {
          double index = 0.0;
          for (int c = 0; c < 3; ++c)
            index += toIndex[3 * r + c] * (x[c] + d[3 * v + c] - g.origin[c]);
          inside = inside && (g.size[r] == 1 || (index >= 1.0 && index <= g.size[r] - 2.0));
        }
        m[v] = inside ? 1 : 0;
      }
  return mask;
}

/// RMS of the field error over the mask's voxels.
double RmsError(const Image& a, const Image& b, const Image& mask) {
  const float* u = a.view<float>().data;
  const float* v = b.view<float>().data;
  const std::uint8_t* m = mask.view<std::uint8_t>().data;
  double sum = 0.0;
  std::size_t n = 0;
  for (std::size_t voxel = 0; voxel < mask.geometry().numberOfPixels(); ++voxel) {
    if (!m[voxel]) continue;
    for (int d = 0; d < 3; ++d) {
      const double e = double(u[3 * voxel + d]) - v[3 * voxel + d];
      sum += e * e;
    }
    ++n;
  }
  return std::sqrt(sum / double(n));
}

TEST_P(AffineStageOnBackend, RegisterRecoversAnAffinePlusBSplineWarp) {
  const ImageGeometry g = test::BlobGeometry();
  const AffineTransform truth = KnownAffine(g, false);
  const KnownPair p = MakePair(false, truth, 3.0);
  const Image overlap = OverlapMask(p);
  RegistrationOptions o = StageOptions(backend());
  o.gridSpacing = 12.0;
  o.affineStage = true;
  int affineReports = 0, bsplineReports = 0;
  o.observer = [&](const IterationReport& report) {
    if (report.affine) {
      EXPECT_EQ(bsplineReports, 0) << "the affine stage runs before the B-spline levels";
      EXPECT_LT(report.level, 2);
      EXPECT_EQ(report.regularisation, 0.0);
      ++affineReports;
    } else {
      ++bsplineReports;
    }
    return true;
  };
  const RegistrationResult r = Register(p.fixed, p.moving, o, &overlap);
  EXPECT_GT(affineReports, 0);
  EXPECT_GT(bsplineReports, 0);
  EXPECT_EQ(r.affineIterations.size(), 2u);
  EXPECT_EQ(r.iterations.size(), 3u);
  EXPECT_FALSE(r.affine.isIdentity());
  const double error = RmsError(r.displacementField, p.trueField, overlap);
  EXPECT_LT(error, 0.3); // 8.6 mm before
  // similarityBefore is the initial transform's, as without the stage.
  RegistrationOptions none = StageOptions(backend());
  none.gridSpacing = 12.0;
  none.maximumIterations = 0;
  EXPECT_EQ(r.similarityBefore, Register(p.fixed, p.moving, none, &overlap).similarityBefore);
  EXPECT_LT(r.similarityAfter, 0.01 * r.similarityBefore);
}

TEST(AffineStageRegister, OneLevelRunsTheStageOnItAndTheObserverCanStopIt) {
  const ImageGeometry g = test::BlobGeometry();
  const KnownPair p = MakePair(false, KnownAffine(g, false), 0.0);
  RegistrationOptions o = StageOptions(Backend::CPU);
  o.levels = 1;
  o.maximumIterations = 3;
  o.gridSpacing = 12.0;
  o.affineStage = true;
  const RegistrationResult r = Register(p.fixed, p.moving, o);
  EXPECT_EQ(r.affineIterations, std::vector<int>{3});
  o.observer = [](const IterationReport& report) { return !report.affine; };
  try {
    Register(p.fixed, p.moving, o);
    ADD_FAILURE() << "no Cancelled";
  } catch (const Cancelled& e) {
    EXPECT_NE(std::string(e.what()).find("in the affine stage at level 0, iteration 1"),
              std::string::npos)
        << e.what();
  }
}

CUMED_INSTANTIATE_ON_EVERY_BACKEND(AffineStageOnBackend);

// ---- CUDA against the CPU ----------------------------------------------------------------------

#if CUMED_WITH_CUDA
/// The CUDA kernels of the accelerated backend against the CPU's (instantiated for it alone).
class AffineKernelsVsCpu : public cumed::test::BackendTest<> {};

TEST_P(AffineKernelsVsCpu, MatchTheCpuOnRandomInputs) {
  ImageGeometry g = test::BlobGeometry();
  g.size = {37, 23, 19};
  const detail::LevelGeometry level = detail::DescribeWarp(g, g, AffineTransform{});
  const ImageGeometry finest = test::BlobGeometry();
  const detail::AffineFrame frame = detail::AffineFrameOf(g, finest);
  std::mt19937 random(9);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  AffineParameters a{};
  for (double& l : a.L) l = 0.1 * unit(random);
  for (double& t : a.t) t = 10.0 * unit(random);
  const std::size_t n = g.numberOfPixels();
  std::vector<float> voxelGradient(3 * n);
  for (std::size_t e = 0; e < voxelGradient.size(); ++e)
    voxelGradient[e] = (e / 3) % 5 == 0 ? 0.0f : static_cast<float>(unit(random));

  std::vector<float> cpuField(3 * n);
  detail::AffineFieldCpu(level, frame, a, cpuField.data());
  double cpuSums[detail::kAffineSums];
  detail::AffineGradientCpu(level, frame, voxelGradient.data(), cpuSums);

  DeviceBuffer field(3 * n * sizeof(float)), gradient(3 * n * sizeof(float));
  DeviceBuffer partials(detail::AffineGradientScratchDoubles(level) * sizeof(double));
  DeviceBuffer sums(detail::kAffineSums * sizeof(double));
  gradient.upload(voxelGradient.data(), 3 * n * sizeof(float));
  detail::AffineFieldCuda(level, frame, a, field.as<float>(), nullptr);
  std::vector<float> cudaField(3 * n);
  field.download(cudaField.data(), 3 * n * sizeof(float));
  // The same double formulas per voxel (no contraction on either side): the same bits.
  EXPECT_EQ(cudaField, cpuField);
  double cudaSums[detail::kAffineSums], again[detail::kAffineSums];
  for (double* out : {cudaSums, again}) {
    detail::AffineGradientCuda(level, frame, gradient.as<float>(), partials.as<double>(),
                               sums.as<double>(), nullptr);
    sums.download(out, sizeof(cudaSums));
  }
  for (int e = 0; e < detail::kAffineSums; ++e) {
    // Sums of ~1e4 terms in another order: rounding of doubles only.
    EXPECT_NEAR(cudaSums[e], cpuSums[e], 1e-9 * (std::fabs(cpuSums[e]) + 1e3)) << "sum " << e;
    EXPECT_EQ(cudaSums[e], again[e]) << "sum " << e << " repeats its bits";
  }
}

CUMED_INSTANTIATE_ON_EVERY_ACCELERATED_BACKEND(AffineKernelsVsCpu);

/// An accelerated backend (backend()) against the CPU reference.
class AffineStageVsCpu : public cumed::test::BackendTest<> {};

TEST_P(AffineStageVsCpu, AgreesWithTheCpu) {
  const ImageGeometry g = test::BlobGeometry();
  const Pyramid pyramid = PyramidOf(MakePair(false, KnownAffine(g, false), 0.0));
  const auto cpu = RunStage(pyramid.view(), {}, StageOptions(Backend::CPU));
  const auto cuda = RunStage(pyramid.view(), {}, StageOptions(backend()));
  // Float warps and sums in another order move the optimiser's path by rounding only.
  EXPECT_LT(RmsDistance(cpu.affine, cuda.affine, g), 0.05);
  EXPECT_NEAR(cpu.similarityBefore, cuda.similarityBefore, 1e-6 * cpu.similarityBefore);
}

CUMED_INSTANTIATE_ON_EVERY_ACCELERATED_BACKEND(AffineStageVsCpu);
#endif

} // namespace
} // namespace cumed::registration
