// Surfaces with known answers: a sphere and a torus sampled at 128^3 as float distance fields on
// a grid with non-unit, unequal spacing. The mesh must be closed and consistently oriented, its
// enclosed volume and area within 0.5% of the analytic values, and its orientation must agree with
// the normals. Normals point to decreasing values (-gradient, as VTK's); inside a distance field
// values decrease, so here they point inwards and the triangles wind inwards (negative volume).
#include "MeshChecks.h"
#include "TestVolumes.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>

namespace {

using namespace cumed::surface;
using namespace cumed::surface::test;

constexpr double kSphereRadius = 40.0;
constexpr double kTorusMajor = 30.0, kTorusMinor = 12.0;

/// 128^3 points, spacing 0.8 x 0.9 x 1.1, the world origin at the volume's centre (between
/// grid points).
Volume<float> Sample(const std::function<double(double, double, double)>& f) {
  cumed::ImageGeometry g;
  g.size = {128, 128, 128};
  g.spacing = {0.8, 0.9, 1.1};
  for (int a = 0; a < 3; ++a) g.origin[a] = -63.5 * g.spacing[a];
  Volume<float> v{g, std::vector<float>(g.numberOfPixels())};
#pragma omp parallel for
  for (int z = 0; z < 128; ++z)
    for (int y = 0; y < 128; ++y)
      for (int x = 0; x < 128; ++x)
        v.data[(z * 128 + y) * 128 + x] =
            static_cast<float>(f(g.origin[0] + x * g.spacing[0], g.origin[1] + y * g.spacing[1],
                                 g.origin[2] + z * g.spacing[2]));
  return v;
}

const Volume<float>& Sphere() {
  static const Volume<float> v =
      Sample([](double x, double y, double z) { return std::sqrt(x * x + y * y + z * z); });
  return v;
}

const Volume<float>& Torus() {
  static const Volume<float> v = Sample([](double x, double y, double z) {
    const double ring = std::sqrt(x * x + y * y) - kTorusMajor;
    return std::sqrt(ring * ring + z * z);
  });
  return v;
}

/// Points whose normal does not point towards decreasing distance, i.e. towards `core(p)`.
std::int64_t NormalsNotTowardsCore(const SurfaceMesh& mesh,
                                   const std::function<std::array<double, 3>(const float*)>& core) {
  std::int64_t wrong = 0;
  for (std::int64_t i = 0; i < mesh.numberOfPoints(); ++i) {
    const float* p = &mesh.points[3 * i];
    const auto c = core(p);
    double dot = 0.0;
    for (int a = 0; a < 3; ++a) dot += mesh.normals[3 * i + a] * (c[a] - p[a]);
    if (!(dot > 0.0)) ++wrong;
  }
  return wrong;
}

void CheckSurface(const Volume<float>& volume, double iso, double volumeExpected,
                  double areaExpected,
                  const std::function<std::array<double, 3>(const float*)>& core,
                  cumed::Backend backend) {
  IsosurfaceOptions options;
  options.values = {iso};
  options.computeNormals = true;
  const SurfaceMesh mesh = Extract(volume.view(), options, backend);
  ASSERT_GT(mesh.numberOfTriangles(), 10000);
  EXPECT_TRUE(ValidTriangles(mesh));
  EXPECT_TRUE(Watertight(mesh));
  const double signedVolume = SignedVolume(mesh), area = SurfaceArea(mesh);
  EXPECT_LT(signedVolume, 0.0) << "triangles wind towards decreasing values (inwards here)";
  EXPECT_NEAR(-signedVolume / volumeExpected, 1.0, 0.005)
      << "enclosed volume " << -signedVolume << ", analytic " << volumeExpected;
  EXPECT_NEAR(area / areaExpected, 1.0, 0.005) << "area " << area << ", analytic " << areaExpected;
  EXPECT_EQ(TrianglesAgainstNormals(mesh), 0) << "of " << mesh.numberOfTriangles();
  EXPECT_EQ(NormalsNotTowardsCore(mesh, core), 0) << "of " << mesh.numberOfPoints();
}

void CheckSphere(cumed::Backend backend) {
  const double r = kSphereRadius;
  CheckSurface(
      Sphere(), r, 4.0 / 3.0 * M_PI * r * r * r, 4.0 * M_PI * r * r,
      [](const float*) {
        return std::array<double, 3>{0, 0, 0};
      },
      backend);
}

void CheckTorus(cumed::Backend backend) {
  const double R = kTorusMajor, r = kTorusMinor;
  CheckSurface(
      Torus(), r, 2.0 * M_PI * M_PI * R * r * r, 4.0 * M_PI * M_PI * R * r,
      [R](const float* p) {
        const double rho = std::hypot(p[0], p[1]);
        return std::array<double, 3>{R * p[0] / rho, R * p[1] / rho, 0.0};
      },
      backend);
}

class Analytic : public cumed::test::BackendTest<> {};

TEST_P(Analytic, SphereVolumeAreaWatertightOrientation) {
  CheckSphere(backend());
}
TEST_P(Analytic, TorusVolumeAreaWatertightOrientation) {
  CheckTorus(backend());
}
CUMED_INSTANTIATE_ON_EVERY_BACKEND(Analytic);

} // namespace
