// The per-iteration transform kernels (src/TransformKernels.h): the separable field against
// DisplacementField's double-precision evaluation, the adjoint against the field (<Bc, g> =
// <c, B^T g>), the warp against images it must reproduce exactly and against finite differences
// of itself; TransformKernelsVsCpu compares the CUDA kernels with the CPU's, and every backend
// repeats its bits.
#include "RandomGrids.h"

#include "cumed/core/Config.h"
#include "cumed/core/Error.h"
#include "cumed/registration/DisplacementField.h"
#include "cumed/test/Backends.h"
#include "src/DisplacementFieldBackends.h"
#include "src/LevelTables.h"
#include "src/TransformKernels.h"
#if CUMED_WITH_CUDA
#include "src/DeviceLevelTables.h"
#endif

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

namespace cumed::registration {
namespace {

using detail::LevelGeometry;
using detail::LevelTables;

/// A one-slice fixed image inside a thin domain (mesh 1 along z): every voxel of the slice lies
/// in the B-spline's support along z, and the grid's axes are the fixed image's.
struct SliceCase {
  BSplineGrid grid;
  ImageGeometry fixed;
};

SliceCase Slice(unsigned seed) {
  TransformDomain domain;
  domain.origin = {4.0, -20.0, 11.0};
  domain.physicalDimensions = {90.0, 70.0, 8.0};
  domain.direction = test::Rotation(0.1, 0.2, 1.0, 0.6);
  domain.meshSize = {6, 5, 1};
  BSplineGrid grid(domain);
  std::mt19937 random(seed);
  std::uniform_real_distribution<double> value(-6.0, 6.0);
  for (int c = 0; c < 3; ++c)
    for (std::size_t p = 0; p < grid.numberOfControlPoints(); ++p)
      grid.coefficientData(c)[p] = value(random);
  ImageGeometry fixed;
  fixed.size = {47, 39, 1};
  fixed.spacing = {2.2, 2.05, 3.0};
  fixed.direction = domain.direction;
  const double offset[3] = {-3.3 * fixed.spacing[0], -2.6 * fixed.spacing[1], 3.7};
  for (int r = 0; r < 3; ++r) {
    fixed.origin[r] = domain.origin[r];
    for (int c = 0; c < 3; ++c) fixed.origin[r] += domain.direction[3 * r + c] * offset[c];
  }
  return {grid, fixed};
}

/// One level: its tables and geometry (host pointers), the grid's coefficients as floats (SoA),
/// a random moving image and an affine map into it.
struct Level {
  BSplineGrid grid;
  ImageGeometry fixed;
  LevelTables tables;
  LevelGeometry g{};
  std::vector<float> coefficients;
  std::vector<float> moving;

  Level(BSplineGrid grid_, const ImageGeometry& fixed_, unsigned seed)
      : grid(std::move(grid_)), fixed(fixed_),
        tables(detail::MakeLevelTables(detail::DescribeSampling(grid, fixed))) {
    const ImageGeometry& cg = grid.coefficientGeometry();
    for (int a = 0; a < 3; ++a) {
      g.fixedSize[a] = static_cast<std::int64_t>(fixed.size[a]);
      g.gridSize[a] = static_cast<std::int64_t>(cg.size[a]);
    }
    // The moving image a little larger and shifted, so that some indices leave it (clamped).
    g.movingSize[0] = g.fixedSize[0] + 3;
    g.movingSize[1] = g.fixedSize[1] - 2;
    g.movingSize[2] = g.fixedSize[2] == 1 ? 1 : g.fixedSize[2] + 1;
    const float voxelToMoving[9] = {0.97f, 0.05f, -0.02f, -0.04f, 1.02f,
                                    0.03f, 0.01f, -0.03f, 0.99f};
    const float movingOffset[3] = {1.3f, -0.6f, 0.4f};
    const float displacementToMoving[9] = {0.31f, 0.02f, -0.03f, -0.01f, 0.27f,
                                           0.04f, 0.02f, -0.02f, 0.22f};
    std::copy(voxelToMoving, voxelToMoving + 9, g.voxelToMoving);
    std::copy(movingOffset, movingOffset + 3, g.movingOffset);
    std::copy(displacementToMoving, displacementToMoving + 9, g.displacementToMoving);
    if (g.fixedSize[2] == 1) { // a 2D level stays in its slice
      g.voxelToMoving[2] = g.voxelToMoving[5] = g.voxelToMoving[6] = g.voxelToMoving[7] = 0.0f;
      g.voxelToMoving[8] = 1.0f;
      g.movingOffset[2] = 0.0f;
      g.displacementToMoving[6] = g.displacementToMoving[7] = g.displacementToMoving[8] = 0.0f;
    }
    detail::PointAxes(g, tables);
    for (int c = 0; c < 3; ++c)
      for (double v : grid.coefficients(c)) coefficients.push_back(static_cast<float>(v));
    std::mt19937 random(seed);
    std::uniform_real_distribution<float> value(0.0f, 100.0f);
    moving.resize(static_cast<std::size_t>(g.movingSize[0] * g.movingSize[1] * g.movingSize[2]));
    for (float& m : moving) m = value(random);
  }

  std::size_t voxels() const { return static_cast<std::size_t>(g.voxels()); }
  std::size_t controlPoints() const { return static_cast<std::size_t>(g.controlPoints()); }
  std::vector<float> scratch() const {
    return std::vector<float>(static_cast<std::size_t>(detail::TransformScratchFloats(g)));
  }
  std::vector<float> field(const std::vector<float>& c) const {
    std::vector<float> out(3 * voxels()), work = scratch();
    detail::FieldFromCoefficientsCpu(g, c.data(), work.data(), out.data());
    return out;
  }
  std::vector<float> adjoint(const std::vector<float>& voxelGradient) const {
    std::vector<float> out(3 * controlPoints()), work = scratch();
    detail::AdjointToCoefficientsCpu(g, voxelGradient.data(), work.data(), out.data());
    return out;
  }
};

/// RandomGrid's domain with a finer mesh (control spacing close to the fixed spacing, 14 control
/// planes along z: the CUDA passes' chunks of slices and planes end inside the grid).
BSplineGrid FineGrid(unsigned seed) {
  TransformDomain domain = test::RandomGrid(0).domain();
  domain.meshSize = {13, 9, 11};
  BSplineGrid grid(domain);
  std::mt19937 random(seed);
  std::uniform_real_distribution<double> value(-4.0, 4.0);
  for (int c = 0; c < 3; ++c)
    for (std::size_t p = 0; p < grid.numberOfControlPoints(); ++p)
      grid.coefficientData(c)[p] = value(random);
  return grid;
}

std::vector<Level> Levels(unsigned seed) {
  std::vector<Level> levels;
  levels.emplace_back(test::RandomGrid(seed, 10.0), test::AlignedFixedGeometry(), seed);
  levels.emplace_back(FineGrid(seed), test::AlignedFixedGeometry(), seed + 50);
  SliceCase slice = Slice(seed);
  levels.emplace_back(std::move(slice.grid), slice.fixed, seed + 100);
  return levels;
}

std::vector<float> Random(std::size_t n, unsigned seed, float amplitude) {
  std::mt19937 random(seed);
  std::uniform_real_distribution<float> value(-amplitude, amplitude);
  std::vector<float> out(n);
  for (float& v : out) v = value(random);
  return out;
}

TEST(LevelTables, RangesHoldExactlyTheVoxelsWhoseSupportHoldsThem) {
  for (const Level& level : Levels(1))
    for (int axis = 0; axis < 3; ++axis) {
      const LevelTables& t = level.tables;
      for (std::int64_t c = 0; c < level.g.gridSize[axis]; ++c)
        for (std::int64_t i = 0; i < level.g.fixedSize[axis]; ++i) {
          const std::int32_t start = t.start[axis][i];
          const bool holds = start >= 0 && start <= c && c < start + 4;
          const bool inRange = t.firstVoxel[axis][c] <= i && i <= t.lastVoxel[axis][c];
          ASSERT_EQ(holds, inRange) << "axis " << axis << " control " << c << " voxel " << i;
        }
    }
}

TEST(LevelTables, RotatedFixedGridIsRefused) {
  const detail::Sampling s = detail::DescribeSampling(test::RandomGrid(1), test::FixedGeometry());
  try {
    detail::MakeLevelTables(s);
    FAIL() << "no InvalidArgument";
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("not the control grid's"), std::string::npos) << e.what();
  }
}

TEST(TransformKernels, FieldMatchesTheDoublePrecisionDisplacementField) {
  for (unsigned seed = 1; seed < 4; ++seed)
    for (const Level& level : Levels(seed)) {
      DisplacementFieldOptions options;
      options.backend = Backend::CPU;
      const Image reference = DisplacementField(level.grid, level.fixed, options);
      const float* expected = reference.view<float>().data;
      const std::vector<float> field = level.field(level.coefficients);
      const std::size_t n = level.voxels();
      std::size_t inside = 0;
      double worst = 0.0;
      for (std::size_t v = 0; v < n; ++v) {
        bool moved = false;
        for (int c = 0; c < 3; ++c) {
          worst =
              std::max(worst, std::fabs(double(field[c * n + v]) - double(expected[3 * v + c])));
          moved = moved || expected[3 * v + c] != 0.0f;
        }
        inside += moved;
      }
      EXPECT_LE(worst, 1e-4) << "seed " << seed << ", " << n << " voxels";
      // Both inside and outside the support are exercised.
      EXPECT_GT(inside, n / 4) << "seed " << seed;
      EXPECT_LT(inside, n) << "seed " << seed;
    }
}

TEST(TransformKernels, AdjointIsTheTransposeOfTheField) {
  for (unsigned seed = 1; seed < 4; ++seed)
    for (const Level& level : Levels(seed)) {
      const std::vector<float> c = Random(3 * level.controlPoints(), seed, 5.0f);
      const std::vector<float> g = Random(3 * level.voxels(), seed + 7, 2.0f);
      const std::vector<float> bc = level.field(c);
      const std::vector<float> btg = level.adjoint(g);
      double lhs = 0.0, lhsScale = 0.0, rhs = 0.0;
      for (std::size_t v = 0; v < g.size(); ++v) {
        lhs += double(bc[v]) * g[v];
        lhsScale += std::fabs(double(bc[v]) * g[v]);
      }
      for (std::size_t p = 0; p < c.size(); ++p) rhs += double(c[p]) * btg[p];
      EXPECT_NEAR(lhs, rhs, 1e-5 * lhsScale) << "seed " << seed;
      EXPECT_GT(std::fabs(lhs), 1e-3 * lhsScale) << "seed " << seed; // not a cancellation
    }
}

TEST(TransformKernels, AdjointOfOneVoxelIsItsWeights) {
  // B^T e_v (component 1) = the voxel's tensor weights on its 64 control points, 0 elsewhere.
  const Level level(test::RandomGrid(5), test::AlignedFixedGeometry(), 5);
  const std::int64_t i = 13, j = 9, k = 17;
  const std::size_t v =
      static_cast<std::size_t>((k * level.g.fixedSize[1] + j) * level.g.fixedSize[0] + i);
  std::vector<float> g(3 * level.voxels(), 0.0f);
  g[level.voxels() + v] = 1.0f;
  const std::vector<float> btg = level.adjoint(g);
  const LevelTables& t = level.tables;
  const std::int32_t sx = t.start[0][i], sy = t.start[1][j], sz = t.start[2][k];
  ASSERT_GE(std::min({sx, sy, sz}), 0);
  const std::int64_t gx = level.g.gridSize[0], gy = level.g.gridSize[1];
  double total = 0.0;
  for (std::size_t p = 0; p < btg.size(); ++p) total += btg[p];
  EXPECT_NEAR(total, 1.0, 1e-6);
  for (int c = 0; c < 4; ++c)
    for (int b = 0; b < 4; ++b)
      for (int a = 0; a < 4; ++a) {
        const float expected =
            t.weight[2][4 * k + c] * t.weight[1][4 * j + b] * t.weight[0][4 * i + a];
        const std::size_t p = level.controlPoints() +
                              static_cast<std::size_t>(((sz + c) * gy + sy + b) * gx + sx + a);
        EXPECT_NEAR(btg[p], expected, 1e-7) << a << b << c;
      }
}

/// The warp of `level` with `field`: (warped, gradient).
std::pair<std::vector<float>, std::vector<float>> Warp(const Level& level,
                                                       const std::vector<float>& field) {
  std::vector<float> warped(level.voxels()), gradient(3 * level.voxels());
  detail::WarpCpu(level.g, level.moving.data(), field.data(), warped.data(), gradient.data());
  return {warped, gradient};
}

TEST(TransformKernels, IdentityWarpReturnsTheImageAndIntegerShiftsRepeatTheBorder) {
  for (Level& level : Levels(2)) {
    LevelGeometry& g = level.g;
    for (int a = 0; a < 3; ++a) g.movingSize[a] = g.fixedSize[a];
    std::fill(g.voxelToMoving, g.voxelToMoving + 9, 0.0f);
    std::fill(g.displacementToMoving, g.displacementToMoving + 9, 0.0f);
    g.voxelToMoving[0] = g.voxelToMoving[4] = g.voxelToMoving[8] = 1.0f;
    std::fill(g.movingOffset, g.movingOffset + 3, 0.0f);
    level.moving = Random(level.voxels(), 3, 50.0f);
    std::vector<float> field(3 * level.voxels(), 0.0f);
    std::vector<float> warped = Warp(level, field).first;
    for (std::size_t v = 0; v < warped.size(); ++v) ASSERT_EQ(warped[v], level.moving[v]) << v;
    // u = (2, -4) mm with 0.5 and 0.25 voxel per mm: one voxel further along x, one back along y.
    g.displacementToMoving[0] = 0.5f;
    g.displacementToMoving[4] = 0.25f;
    const std::size_t n = level.voxels();
    std::fill(field.begin(), field.begin() + n, 2.0f);
    std::fill(field.begin() + n, field.begin() + 2 * n, -4.0f);
    warped = Warp(level, field).first;
    const std::int64_t nx = g.fixedSize[0], ny = g.fixedSize[1];
    for (std::int64_t k = 0; k < g.fixedSize[2]; ++k)
      for (std::int64_t j = 0; j < ny; ++j)
        for (std::int64_t i = 0; i < nx; ++i) {
          const std::int64_t si = std::min(i + 1, nx - 1), sj = std::max<std::int64_t>(j - 1, 0);
          ASSERT_EQ(warped[(k * ny + j) * nx + i], level.moving[(k * ny + sj) * nx + si])
              << i << " " << j << " " << k;
        }
  }
}

/// The moving continuous index of voxel v (double precision), to tell interior voxels apart.
void MovingIndex(const LevelGeometry& g, const std::vector<float>& field, std::int64_t v,
                 double index[3]) {
  const std::int64_t n = g.voxels(), nx = g.fixedSize[0], ny = g.fixedSize[1];
  const double p[3] = {double(v % nx), double((v / nx) % ny), double(v / (nx * ny))};
  for (int r = 0; r < 3; ++r) {
    index[r] = g.movingOffset[r];
    for (int c = 0; c < 3; ++c)
      index[r] +=
          g.voxelToMoving[3 * r + c] * p[c] + g.displacementToMoving[3 * r + c] * field[c * n + v];
  }
}

TEST(TransformKernels, LinearImagesInterpolateExactlyWithTheirGradient) {
  for (Level& level : Levels(3)) {
    const LevelGeometry& g = level.g;
    const double slope[3] = {1.5, -0.75, g.movingSize[2] > 1 ? 2.25 : 0.0};
    for (std::int64_t z = 0, m = 0; z < g.movingSize[2]; ++z)
      for (std::int64_t y = 0; y < g.movingSize[1]; ++y)
        for (std::int64_t x = 0; x < g.movingSize[0]; ++x, ++m)
          level.moving[m] = static_cast<float>(10.0 + slope[0] * x + slope[1] * y + slope[2] * z);
    const std::vector<float> field = level.field(level.coefficients);
    const auto [warped, gradient] = Warp(level, field);
    const std::int64_t n = g.voxels();
    std::int64_t interior = 0;
    for (std::int64_t v = 0; v < n; ++v) {
      double index[3];
      MovingIndex(g, field, v, index);
      bool inside = true;
      for (int a = 0; a < 3; ++a)
        inside = inside && (g.movingSize[a] == 1 ||
                            (index[a] > 1e-3 && index[a] < double(g.movingSize[a] - 1) - 1e-3));
      if (!inside) continue;
      ++interior;
      double expected = 10.0;
      for (int a = 0; a < 3; ++a) expected += slope[a] * (g.movingSize[a] == 1 ? 0.0 : index[a]);
      ASSERT_NEAR(warped[v], expected, 1e-3) << "voxel " << v;
      for (int d = 0; d < 3; ++d) {
        double du = 0.0; // D^T slope
        for (int r = 0; r < 3; ++r) du += g.displacementToMoving[3 * r + d] * slope[r];
        ASSERT_NEAR(gradient[d * n + v], du, 1e-4) << "voxel " << v << " component " << d;
      }
    }
    EXPECT_GT(interior, n / 2);
  }
}

TEST(TransformKernels, GradientMatchesCentralDifferencesOfTheWarp) {
  for (const Level& level : Levels(4)) {
    const LevelGeometry& g = level.g;
    const std::vector<float> field = level.field(level.coefficients);
    const std::vector<float> gradient = Warp(level, field).second;
    const std::int64_t n = g.voxels();
    // h mm moves an index by at most 0.02 voxel; the float rounding of an index (about 2e-6 voxel)
    // then changes the difference quotient by up to 2 * 2e-6 * 100 / (2 h), 4e-3 for values in
    // [0, 100].
    const float h = 0.05f;
    for (int d = 0; d < 3; ++d) {
      std::vector<float> plus = field, minus = field;
      for (std::int64_t v = 0; v < n; ++v) plus[d * n + v] += h, minus[d * n + v] -= h;
      const std::vector<float> up = Warp(level, plus).first, down = Warp(level, minus).first;
      std::int64_t compared = 0;
      for (std::int64_t v = 0; v < n; ++v) {
        double index[3];
        MovingIndex(g, field, v, index);
        bool awayFromBoundaries =
            true; // every axis inside the image and away from its cells' faces
        for (int a = 0; a < 3; ++a) {
          if (g.movingSize[a] == 1) continue;
          const double f = index[a] - std::floor(index[a]);
          awayFromBoundaries = awayFromBoundaries && index[a] > 0.0 &&
                               index[a] < double(g.movingSize[a] - 1) && f > 0.03 && f < 0.97;
        }
        if (!awayFromBoundaries) continue;
        ++compared;
        const double difference = (double(up[v]) - double(down[v])) / (2.0 * h);
        ASSERT_NEAR(gradient[d * n + v], difference, 5e-3 + 1e-3 * std::fabs(difference))
            << "voxel " << v << " component " << d;
      }
      EXPECT_GT(compared, n / 2);
    }
  }
}

TEST(TransformKernels, ClampedAxesHaveNoGradient) {
  Level level(test::RandomGrid(6), test::AlignedFixedGeometry(), 6);
  std::fill(level.g.movingOffset, level.g.movingOffset + 3, -1000.0f); // every index below 0
  const std::vector<float> field = level.field(level.coefficients);
  const auto [warped, gradient] = Warp(level, field);
  for (float v : gradient) ASSERT_EQ(v, 0.0f);
  for (float w : warped) ASSERT_EQ(w, level.moving[0]);
}

TEST(TransformKernels, ScaleGradientMultipliesEachComponent) {
  const Level level(test::RandomGrid(7), test::AlignedFixedGeometry(), 7);
  const std::size_t n = level.voxels();
  const std::vector<float> derivative = Random(n, 1, 3.0f);
  std::vector<float> gradient = Random(3 * n, 2, 3.0f);
  const std::vector<float> before = gradient;
  detail::ScaleGradientCpu(level.g, derivative.data(), gradient.data());
  for (std::size_t v = 0; v < 3 * n; ++v) ASSERT_EQ(gradient[v], before[v] * derivative[v % n]);
}

TEST(TransformKernels, RunsRepeatTheirBits) {
  for (const Level& level : Levels(8)) {
    const std::vector<float> voxelGradient = Random(3 * level.voxels(), 9, 1.0f);
    EXPECT_EQ(level.field(level.coefficients), level.field(level.coefficients));
    EXPECT_EQ(level.adjoint(voxelGradient), level.adjoint(voxelGradient));
    const std::vector<float> field = level.field(level.coefficients);
    EXPECT_EQ(Warp(level, field), Warp(level, field));
  }
}

#if CUMED_WITH_CUDA
DeviceBuffer ToDevice(const std::vector<float>& host) {
  DeviceBuffer buffer(host.size() * sizeof(float));
  buffer.upload(host.data(), host.size() * sizeof(float));
  return buffer;
}

std::vector<float> ToHost(const DeviceBuffer& buffer) {
  std::vector<float> host(buffer.size() / sizeof(float));
  buffer.download(host.data(), buffer.size());
  return host;
}

/// max |cuda - cpu| <= 1e-5 * max |cpu| (relative to the array's scale).
void ExpectClose(const std::vector<float>& cuda, const std::vector<float>& cpu, const char* what) {
  ASSERT_EQ(cuda.size(), cpu.size()) << what;
  double worst = 0.0, scale = 0.0;
  for (std::size_t v = 0; v < cpu.size(); ++v) {
    worst = std::max(worst, std::fabs(double(cuda[v]) - double(cpu[v])));
    scale = std::max(scale, std::fabs(double(cpu[v])));
  }
  EXPECT_GT(scale, 0.0) << what;
  EXPECT_LE(worst, 1e-5 * scale) << what;
}

/// The four CUDA kernels on one level, each from the CPU's inputs: field, warped, gradient (of
/// the warp), scaled gradient, coefficient gradient.
std::vector<std::vector<float>> RunCuda(const Level& level, const std::vector<float>& cpuField,
                                        const std::vector<float>& cpuGradient,
                                        const std::vector<float>& derivative,
                                        const std::vector<float>& voxelGradient) {
  LevelGeometry g = level.g;
  const detail::DeviceLevelTables tables = detail::UploadLevelTables(level.tables, g);
  const std::size_t n = level.voxels();
  DeviceBuffer coefficients = ToDevice(level.coefficients), moving = ToDevice(level.moving);
  DeviceBuffer scratch(static_cast<std::size_t>(detail::TransformScratchFloats(g)) * sizeof(float));
  DeviceBuffer field(3 * n * sizeof(float)), warped(n * sizeof(float));
  DeviceBuffer gradient(3 * n * sizeof(float)),
      coefficientGradient(3 * level.controlPoints() * sizeof(float));
  detail::FieldFromCoefficientsCuda(g, coefficients.as<float>(), scratch.as<float>(),
                                    field.as<float>(), nullptr);
  std::vector<std::vector<float>> out{ToHost(field)};
  const DeviceBuffer inputField = ToDevice(cpuField);
  detail::WarpCuda(g, moving.as<float>(), inputField.as<float>(), warped.as<float>(),
                   gradient.as<float>(), nullptr);
  out.push_back(ToHost(warped));
  out.push_back(ToHost(gradient));
  gradient.upload(cpuGradient.data(), cpuGradient.size() * sizeof(float));
  const DeviceBuffer deviceDerivative = ToDevice(derivative);
  detail::ScaleGradientCuda(g, deviceDerivative.as<float>(), gradient.as<float>(), nullptr);
  out.push_back(ToHost(gradient));
  const DeviceBuffer deviceVoxelGradient = ToDevice(voxelGradient);
  detail::AdjointToCoefficientsCuda(g, deviceVoxelGradient.as<float>(), scratch.as<float>(),
                                    coefficientGradient.as<float>(), nullptr);
  out.push_back(ToHost(coefficientGradient));
  return out;
}

/// The CUDA kernels of the accelerated backend against the CPU's (instantiated for it alone).
class TransformKernelsVsCpu : public cumed::test::BackendTest<> {};

TEST_P(TransformKernelsVsCpu, MatchesTheCpuOnRandomInputs) {
  for (unsigned seed = 11; seed < 14; ++seed)
    for (const Level& level : Levels(seed)) {
      const std::size_t n = level.voxels();
      const std::vector<float> field = level.field(level.coefficients);
      const auto [warped, gradient] = Warp(level, field);
      const std::vector<float> derivative = Random(n, seed, 4.0f);
      std::vector<float> scaled = gradient;
      detail::ScaleGradientCpu(level.g, derivative.data(), scaled.data());
      const std::vector<float> voxelGradient = Random(3 * n, seed + 1, 2.0f);
      const std::vector<float> adjoint = level.adjoint(voxelGradient);
      const std::vector<std::vector<float>> cuda =
          RunCuda(level, field, gradient, derivative, voxelGradient);
      SCOPED_TRACE("seed " + std::to_string(seed) + ", " + std::to_string(n) + " voxels");
      ExpectClose(cuda[0], field, "field");
      ExpectClose(cuda[1], warped, "warped");
      ExpectClose(cuda[2], gradient, "warp gradient");
      ExpectClose(cuda[3], scaled, "scaled gradient");
      ExpectClose(cuda[4], adjoint, "coefficient gradient");
    }
}

TEST_P(TransformKernelsVsCpu, RunsRepeatTheirBits) {
  for (const Level& level : Levels(15)) {
    const std::size_t n = level.voxels();
    const std::vector<float> field = level.field(level.coefficients);
    const std::vector<float> gradient = Warp(level, field).second;
    const std::vector<float> derivative = Random(n, 16, 4.0f);
    const std::vector<float> voxelGradient = Random(3 * n, 17, 2.0f);
    EXPECT_EQ(RunCuda(level, field, gradient, derivative, voxelGradient),
              RunCuda(level, field, gradient, derivative, voxelGradient));
  }
}

CUMED_INSTANTIATE_ON_EVERY_ACCELERATED_BACKEND(TransformKernelsVsCpu);
#endif

} // namespace
} // namespace cumed::registration
