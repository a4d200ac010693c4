// CuMed's B-spline against ITK's BSplineTransform<double, 3, 3>: the coefficient layout ITK builds
// from a transform domain, the displacement field against TransformPoint(x) - x at every voxel
// (inside and outside the support), and exact round trips through the bridge.
#include "RandomGrids.h"

#include "cumed/core/Error.h"
#include "cumed/registration/DisplacementField.h"
#include "cumed/registration/itk/BSplineTransformBridge.h"

#include <itkImage.h>

#include <gtest/gtest.h>

#include <cmath>

namespace cumed::registration {
namespace {

ItkBSplineTransform::Pointer ItkFromDomain(const TransformDomain& domain) {
  ItkBSplineTransform::OriginType origin;
  ItkBSplineTransform::PhysicalDimensionsType dimensions;
  ItkBSplineTransform::MeshSizeType mesh;
  ItkBSplineTransform::DirectionType direction;
  for (unsigned a = 0; a < 3; ++a) {
    origin[a] = domain.origin[a];
    dimensions[a] = domain.physicalDimensions[a];
    mesh[a] = domain.meshSize[a];
    for (unsigned c = 0; c < 3; ++c) direction[a][c] = domain.direction[3 * a + c];
  }
  auto transform = ItkBSplineTransform::New();
  transform->SetTransformDomainOrigin(origin);
  transform->SetTransformDomainPhysicalDimensions(dimensions);
  transform->SetTransformDomainDirection(direction);
  transform->SetTransformDomainMeshSize(mesh);
  return transform;
}

TEST(RegistrationItk, CoefficientGeometryIsItksForTheSameDomain) {
  const TransformDomain domain = test::RandomGrid(1).domain();
  const BSplineGrid ours(domain);
  const BSplineGrid itks = FromItkBSplineTransform(*ItkFromDomain(domain));
  const ImageGeometry &a = ours.coefficientGeometry(), &b = itks.coefficientGeometry();
  EXPECT_EQ(a.size, b.size);
  EXPECT_EQ(a.spacing, b.spacing);
  EXPECT_EQ(a.direction, b.direction);
  EXPECT_EQ(a.origin, b.origin); // the same operations in the same order
  EXPECT_EQ(ItkFromDomain(domain)->GetNumberOfParameters(), 3 * ours.numberOfControlPoints());
}

struct Counts {
  std::size_t inside = 0, outside = 0;
};

/// Compares CuMed's CPU field with ITK's TransformPoint(x) - x at every voxel of `fixed` (ITK's
/// own physical points): within 1e-4 mm, and exactly 0 where ITK leaves x unchanged.
Counts ExpectFieldMatchesItk(const BSplineGrid& grid, const ImageGeometry& fixed) {
  const auto transform = ToItkBSplineTransform(grid);
  DisplacementFieldOptions options;
  options.backend = Backend::CPU;
  const Image field = DisplacementField(grid, fixed, options);
  const float* u = field.view<float>().data;

  using FixedImage = itk::Image<float, 3>;
  auto image = FixedImage::New();
  FixedImage::SpacingType spacing;
  FixedImage::PointType origin;
  FixedImage::DirectionType direction;
  for (unsigned a = 0; a < 3; ++a) {
    spacing[a] = fixed.spacing[a];
    origin[a] = fixed.origin[a];
    for (unsigned c = 0; c < 3; ++c) direction[a][c] = fixed.direction[3 * a + c];
  }
  image->SetSpacing(spacing);
  image->SetOrigin(origin);
  image->SetDirection(direction);

  Counts counts;
  std::size_t v = 0;
  for (std::size_t k = 0; k < fixed.size[2]; ++k)
    for (std::size_t j = 0; j < fixed.size[1]; ++j)
      for (std::size_t i = 0; i < fixed.size[0]; ++i, ++v) {
        FixedImage::IndexType index = {{static_cast<itk::IndexValueType>(i),
                                        static_cast<itk::IndexValueType>(j),
                                        static_cast<itk::IndexValueType>(k)}};
        FixedImage::PointType x;
        image->TransformIndexToPhysicalPoint(index, x);
        const auto y = transform->TransformPoint(x);
        const bool unchanged = y[0] == x[0] && y[1] == x[1] && y[2] == x[2];
        unchanged ? ++counts.outside : ++counts.inside;
        for (unsigned c = 0; c < 3; ++c) {
          if (unchanged)
            EXPECT_EQ(u[3 * v + c], 0.0f) << "voxel " << i << "," << j << "," << k;
          else
            EXPECT_NEAR(u[3 * v + c], y[c] - x[c], 1e-4)
                << "voxel " << i << "," << j << "," << k << " component " << c;
        }
      }
  return counts;
}

TEST(RegistrationItk, FieldIsTransformPointMinusPointAtEveryVoxel) {
  for (unsigned seed = 1; seed <= 3; ++seed) {
    const Counts counts = ExpectFieldMatchesItk(test::RandomGrid(seed), test::FixedGeometry());
    EXPECT_GT(counts.inside, 1000u) << "seed " << seed;
    EXPECT_GT(counts.outside, 1000u) << "seed " << seed;
  }
}

TEST(RegistrationItk, FieldOnAFixedGridAlignedWithTheDomainIsItks) {
  // The separable path: supports computed once per index along each axis.
  for (unsigned seed = 4; seed <= 5; ++seed) {
    const Counts counts =
        ExpectFieldMatchesItk(test::RandomGrid(seed), test::AlignedFixedGeometry());
    EXPECT_GT(counts.inside, 1000u) << "seed " << seed;
    EXPECT_GT(counts.outside, 1000u) << "seed " << seed;
  }
}

TEST(RegistrationItk, SupportEdgesFollowItk) {
  // Domain [0, 8]^3 mm in 2 cells: coefficient grid 5^3, spacing 4, origin -4. The fixed voxels
  // at -1, 0, ..., 9 mm have continuous indices 0.75, 1, ..., 3.25 exactly: 1 is inside, the
  // upper limit 3 counts as inside (ITK's ULP rule), 0.75 and 3.25 are outside.
  TransformDomain domain;
  domain.physicalDimensions = {8.0, 8.0, 8.0};
  domain.meshSize = {2, 2, 2};
  BSplineGrid grid(domain);
  for (int c = 0; c < 3; ++c)
    for (std::size_t p = 0; p < grid.numberOfControlPoints(); ++p)
      grid.coefficientData(c)[p] = 1.0 + 0.1 * double(p % 7) + c;
  ImageGeometry fixed;
  fixed.size = {11, 11, 11};
  fixed.origin = {-1.0, -1.0, -1.0};
  const Counts counts = ExpectFieldMatchesItk(grid, fixed);
  EXPECT_EQ(counts.inside, 9u * 9u * 9u);
  EXPECT_EQ(counts.outside, 11u * 11u * 11u - 9u * 9u * 9u);
}

TEST(RegistrationItk, RoundTripFromCuMedIsExact) {
  const BSplineGrid grid = test::RandomGrid(7);
  const BSplineGrid back = FromItkBSplineTransform(*ToItkBSplineTransform(grid));
  EXPECT_EQ(back.coefficientGeometry(), grid.coefficientGeometry());
  for (int c = 0; c < 3; ++c) EXPECT_EQ(back.coefficients(c), grid.coefficients(c)) << c;
}

TEST(RegistrationItk, RoundTripFromItkIsExact) {
  const auto transform = ItkFromDomain(test::RandomGrid(8).domain());
  ItkBSplineTransform::ParametersType parameters(transform->GetNumberOfParameters());
  for (unsigned p = 0; p < parameters.size(); ++p) parameters[p] = std::sin(0.37 * p) * 4.0;
  transform->SetParametersByValue(parameters);
  const auto back = ToItkBSplineTransform(FromItkBSplineTransform(*transform));
  EXPECT_EQ(back->GetFixedParameters(), transform->GetFixedParameters());
  EXPECT_EQ(back->GetParameters(), transform->GetParameters());
}

TEST(RegistrationItk, TooSmallItkGridIsNamed) {
  auto transform = ItkBSplineTransform::New();
  auto fixed = transform->GetFixedParameters();
  fixed[1] = 3.0; // 3 control points along y: no cubic support
  transform->SetFixedParameters(fixed);
  try {
    FromItkBSplineTransform(*transform);
    FAIL() << "no InvalidArgument";
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("grid size along y is 3"), std::string::npos) << e.what();
  }
}

TEST(RegistrationItk, FractionalItkGridSizeIsNamed) {
  auto transform = ItkBSplineTransform::New();
  auto fixed = transform->GetFixedParameters();
  fixed[2] = 4.5; // ITK keeps 4.5 in its fixed parameters and sizes its images by truncation
  transform->SetFixedParameters(fixed);
  try {
    FromItkBSplineTransform(*transform);
    FAIL() << "no InvalidArgument";
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("grid size along z is 4.5"), std::string::npos)
        << e.what();
  }
}

} // namespace
} // namespace cumed::registration
