// Normals of closed surfaces next to the padding (issue 25): ExtractClosedSurface pads with the
// type's lowest value, where the float gradient arithmetic of vtkFlyingEdges3D overflows (a
// difference passes FLT_MAX, or the float length of the normal does) and VTK's normal comes out
// NaN or zero from finite scalars. Seeded random float32 volumes (half of them with values
// anywhere in float's range, +-FLT_MAX and near it often), spacings below and above 1, rotated and
// reflected directions:
//  - every normal is finite, of unit length or the zero vector;
//  - where vtkFlyingEdges3D's normal of the same padded volume is finite and non-zero, CuMed's
//    equals it bit for bit (negated on a reflected grid: Winding::Outward);
//  - elsewhere (VTK's arithmetic overflowed), for voxels in -1000..1000 (half of the cases),
//    it matches the float path's normal of the padded volume scaled by 2^-70 (no overflow there)
//    within 1e-4 where that gives the same point (not where the float s1 - s0 of the edge
//    overflowed: t is 0 there, as in VTK);
//  - the CUDA backend gives the CPU's mesh bit for bit.
// float64 volumes are not a CuMed pixel type (uint8, int16, uint16, float32): ExtractClosedSurface
// cannot be given one; the fallback's arithmetic is written for +-DBL_MAX all the same.
#include "MeshChecks.h"
#include "TestVolumes.h"
#include "VtkReference.h"

#include "cumed/surface/ClosedSurface.h"
#include "cumed/test/RandomCases.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

namespace {

using namespace cumed;
using namespace cumed::surface;
using namespace cumed::surface::test;

class ClosedSurfaceNormals : public cumed::test::BackendTest<> {};

constexpr float kLowest = std::numeric_limits<float>::lowest();
constexpr float kMax = std::numeric_limits<float>::max();

/// The volume with one voxel of `fill` around it, the origin moved out by one voxel.
Volume<float> Padded(const Volume<float>& v, float fill) {
  Volume<float> p{v.geometry, {}};
  const auto& n = v.geometry.size;
  for (int a = 0; a < 3; ++a) p.geometry.size[a] = n[a] + 2;
  for (int r = 0; r < 3; ++r) {
    for (int a = 0; a < 3; ++a) {
      p.geometry.origin[r] -= v.geometry.direction[3 * r + a] * v.geometry.spacing[a];
    }
  }
  const auto& m = p.geometry.size;
  p.data.assign(m[0] * m[1] * m[2], fill);
  for (std::size_t z = 0; z < n[2]; ++z)
    for (std::size_t y = 0; y < n[1]; ++y)
      for (std::size_t x = 0; x < n[0]; ++x)
        p.data[((z + 1) * m[1] + y + 1) * m[0] + x + 1] = v.data[(z * n[1] + y) * n[0] + x];
  return p;
}

/// With `extremes`, a value anywhere in float's range, +-FLT_MAX and near it often; without, in
/// -1000..1000 (only the padding then overflows: no cancellation between huge gradients, so the
/// scaled volume's float normals are a reference).
float DrawValue(cumed::test::RandomDraw& draw, bool extremes) {
  const int kind = extremes ? draw.integer(0, 9) : 0;
  const double sign = draw.chance(0.5) ? 1.0 : -1.0;
  if (kind < 4) return static_cast<float>(draw.real(-1000.0, 1000.0));
  if (kind < 7) return static_cast<float>(sign * kMax * draw.real(0.5, 1.0));
  if (kind == 7) return draw.chance(0.5) ? kMax : kLowest;
  return static_cast<float>(sign * std::pow(10.0, draw.real(-3.0, 38.0)));
}

struct Case {
  Volume<float> volume;
  std::vector<double> values;
  bool reflect = false;
  bool extremes = false;
  std::string text;
};

Case DrawCase(cumed::test::RandomDraw& draw) {
  Case c;
  const int turn = draw.integer(0, 2); // identity, rotation, rotation and reflection
  c.reflect = turn == 2;
  const Size3 size{std::size_t(draw.integer(2, 9)), std::size_t(draw.integer(2, 9)),
                   std::size_t(draw.integer(2, 9))};
  ImageGeometry g = turn == 0 ? ImageGeometry{} : ObliqueGeometry(size, c.reflect);
  g.size = size;
  const int scale = draw.integer(0, 2); // all below 1, all above 1, mixed
  for (int a = 0; a < 3; ++a) {
    const double exponent = scale == 0   ? draw.real(-3.0, -0.1)
                            : scale == 1 ? draw.real(0.1, 3.0)
                                         : draw.real(-3, 3);
    g.spacing[a] = std::pow(10.0, exponent);
    g.origin[a] = draw.real(-100.0, 100.0);
  }
  c.volume = {g, std::vector<float>(g.numberOfPixels())};
  c.extremes = draw.chance(0.5);
  for (float& value : c.volume.data) value = DrawValue(draw, c.extremes);
  // Values reached by a voxel and above the padding; a midpoint now and then.
  for (int k = draw.integer(1, 2); k > 0; --k) {
    float value = kLowest;
    while (value == kLowest) value = c.volume.data[draw.integer(0, int(c.volume.data.size()) - 1)];
    double chosen = value;
    if (draw.chance(0.3)) chosen = 0.5 * value + 0.5 * DrawValue(draw, c.extremes);
    if (!(chosen > kLowest) || chosen > value) chosen = value;
    c.values.push_back(chosen);
  }
  std::ostringstream text;
  text.precision(9);
  text << size[0] << "x" << size[1] << "x" << size[2] << " spacing " << g.spacing[0] << ","
       << g.spacing[1] << "," << g.spacing[2] << (turn == 0 ? " identity" : " rotated")
       << (c.reflect ? " reflected" : "") << (c.extremes ? " extreme" : " moderate") << " values";
  for (const double v : c.values) text << " " << v;
  c.text = text.str();
  return c;
}

bool Finite3(const float* n) {
  return std::isfinite(n[0]) && std::isfinite(n[1]) && std::isfinite(n[2]);
}
double Length3(const float* n) {
  return std::sqrt(double(n[0]) * n[0] + double(n[1]) * n[1] + double(n[2]) * n[2]);
}

TEST_P(ClosedSurfaceNormals, FiniteUnitAndVtksWhereVtkIsFinite) {
  std::int64_t points = 0, vtkFinite = 0, overflowed = 0, otherPoint = 0;
  cumed::test::ForEachRandomCase(150, [&](cumed::test::RandomDraw& draw) {
    const Case c = DrawCase(draw);
    SCOPED_TRACE(c.text);
    IsosurfaceOptions options;
    options.values = c.values;
    options.computeNormals = true;
    options.backend = backend();
    const SurfaceMesh mesh = ExtractClosedSurface(c.volume.view(), options).mesh;
    if (backend() != Backend::CPU) {
      options.backend = Backend::CPU;
      const SurfaceMesh cpu = ExtractClosedSurface(c.volume.view(), options).mesh;
      ASSERT_TRUE(IdenticalMeshes(mesh, cpu));
    }
    const Volume<float> padded = Padded(c.volume, kLowest);
    VtkContourRequest request;
    request.values = c.values;
    request.normals = true;
    const SurfaceMesh vtk = VtkFlyingEdges(padded.view(), request);
    // The padded volume scaled by 2^-70 (exact): the same points, gradients far from overflow.
    Volume<float> small = padded;
    for (float& value : small.data) value = std::ldexp(value, -70);
    IsosurfaceOptions scaledOptions;
    scaledOptions.values.clear();
    for (const double v : c.values) scaledOptions.values.push_back(std::ldexp(v, -70));
    scaledOptions.computeNormals = true;
    scaledOptions.winding = Winding::Outward;
    const SurfaceMesh scaled = Extract(small.view(), scaledOptions, Backend::CPU);

    const std::int64_t count = mesh.numberOfPoints();
    ASSERT_EQ(count, vtk.numberOfPoints());
    ASSERT_EQ(count, scaled.numberOfPoints());
    ASSERT_EQ(mesh.normals.size(), std::size_t(3 * count));
    const float sign = c.reflect ? -1.0f : 1.0f;
    for (std::int64_t p = 0; p < count; ++p) {
      const float* ours = &mesh.normals[3 * p];
      const float* theirs = &vtk.normals[3 * p];
      const float* reference = &scaled.normals[3 * p];
      ASSERT_TRUE(Finite3(ours)) << "point " << p << " normal " << ours[0] << " " << ours[1] << " "
                                 << ours[2];
      const double length = Length3(ours);
      ASSERT_TRUE(length == 0.0 || std::fabs(length - 1.0) < 1e-5)
          << "point " << p << " normal length " << length;
      ++points;
      if (Finite3(theirs) && (theirs[0] != 0 || theirs[1] != 0 || theirs[2] != 0)) {
        ++vtkFinite;
        for (int a = 0; a < 3; ++a) {
          ASSERT_EQ(ours[a], sign * theirs[a])
              << "point " << p << " component " << a << ": VTK's normal is finite";
        }
      } else if (length != 0.0) {
        ++overflowed;
        // Where s1 - s0 overflowed float (t = 0 then, as in VTK), the scaled volume has
        // another t and so another point: its normal is not this one's reference. Extreme
        // values: huge gradients of both signs cancel, float's normal is no reference.
        if (c.extremes ||
            std::memcmp(&mesh.points[3 * p], &scaled.points[3 * p], 3 * sizeof(float)) != 0) {
          ++otherPoint;
          continue;
        }
        for (int a = 0; a < 3; ++a) {
          ASSERT_NEAR(ours[a], reference[a], 1e-4)
              << "point " << p << " component " << a << ": " << ours[0] << " " << ours[1] << " "
              << ours[2] << ", reference " << reference[0] << " " << reference[1] << " "
              << reference[2] << ", VTK's " << theirs[0] << " " << theirs[1] << " " << theirs[2]
              << ", at " << mesh.points[3 * p] << " " << mesh.points[3 * p + 1] << " "
              << mesh.points[3 * p + 2];
        }
      }
    }
  });
  std::printf("[ normals  ] %lld points: %lld with VTK's finite normal, %lld recomputed (%lld of "
              "them not compared)\n",
              static_cast<long long>(points), static_cast<long long>(vtkFinite),
              static_cast<long long>(overflowed), static_cast<long long>(otherPoint));
  if (!HasFailure() && points > 1000) {
    EXPECT_GT(overflowed, 0) << "no case overflowed VTK's arithmetic: the test lost its point";
    EXPECT_GT(vtkFinite, 0);
  }
}

// The closed surface of a smooth float32 field of ordinary values on a small spacing: next to
// the -FLT_MAX padding VTK's float arithmetic gave NaN or zero normals (fuzz 2:8011 in the
// Python tests); now every normal is a unit vector, VTK's wherever VTK's is finite and non-zero.
TEST_P(ClosedSurfaceNormals, SmallSpacingNextToThePadding) {
  for (const bool reflect : {false, true}) {
    auto volume = SmoothField<float>(ObliqueGeometry({21, 17, 13}, reflect), 3u, -1000, 1000);
    volume.geometry.spacing = {0.5, 0.02, 3.0};
    IsosurfaceOptions options;
    options.values = {0.0};
    options.computeNormals = true;
    options.backend = backend();
    const SurfaceMesh mesh = ExtractClosedSurface(volume.view(), options).mesh;
    VtkContourRequest request;
    request.values = options.values;
    request.normals = true;
    const SurfaceMesh vtk = VtkFlyingEdges(Padded(volume, kLowest).view(), request);
    ASSERT_GT(mesh.numberOfPoints(), 100);
    ASSERT_EQ(mesh.numberOfPoints(), vtk.numberOfPoints());
    std::int64_t vtkFinite = 0;
    for (std::int64_t p = 0; p < mesh.numberOfPoints(); ++p) {
      const float* n = &mesh.normals[3 * p];
      const float* theirs = &vtk.normals[3 * p];
      ASSERT_TRUE(Finite3(n)) << "reflect " << reflect << " point " << p;
      ASSERT_NEAR(Length3(n), 1.0, 1e-5) << "reflect " << reflect << " point " << p;
      if (Finite3(theirs) && Length3(theirs) != 0.0) {
        ++vtkFinite;
        for (int a = 0; a < 3; ++a) ASSERT_EQ(n[a], (reflect ? -1.0f : 1.0f) * theirs[a]);
      }
    }
    EXPECT_GT(vtkFinite, 0);
    EXPECT_LT(vtkFinite, mesh.numberOfPoints()) << "VTK's normals overflowed nowhere";
  }
}

CUMED_INSTANTIATE_ON_EVERY_BACKEND(ClosedSurfaceNormals);

} // namespace
