// JacobianDeterminant against ITK 5.2's DisplacementFieldJacobianDeterminantFilter (computing in
// double) on random fields: every voxel, the border included, on a rotated anisotropic image
// (ITK ignores the direction; so does CuMed) and on a one voxel thick one.
#include "RandomGrids.h"

#include "cumed/itk/ItkImageBridge.h"
#include "cumed/registration/Jacobian.h"

#include <itkDisplacementFieldJacobianDeterminantFilter.h>
#include <itkImage.h>
#include <itkImageRegionConstIterator.h>
#include <itkVector.h>

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace cumed::registration {
namespace {

using ItkField = itk::Image<itk::Vector<float, 3>, 3>;
using ItkDeterminant = itk::Image<float, 3>;

Image RandomField(const ImageGeometry& g, unsigned seed) {
  Image field = Image::Allocate(PixelType::Float32, g, MemoryLocation::Host, 3);
  std::mt19937 random(seed);
  std::uniform_real_distribution<float> value(-3.0f, 3.0f);
  float* u = field.view<float>().data;
  for (std::size_t i = 0; i < 3 * g.numberOfPixels(); ++i) u[i] = value(random);
  return field;
}

void ExpectSameAsItk(const ImageGeometry& g, unsigned seed) {
  const Image field = RandomField(g, seed);
  JacobianOptions options;
  options.backend = Backend::CPU;
  const Image ours = JacobianDeterminant(field, options);

  auto filter =
      itk::DisplacementFieldJacobianDeterminantFilter<ItkField, double, ItkDeterminant>::New();
  filter->SetInput(ToItkImage<ItkField>(field.clone()));
  filter->Update();
  const float* det = ours.view<float>().data;
  itk::ImageRegionConstIterator<ItkDeterminant> it(filter->GetOutput(),
                                                   filter->GetOutput()->GetBufferedRegion());
  std::size_t v = 0, folded = 0;
  for (it.GoToBegin(); !it.IsAtEnd(); ++it, ++v) {
    ASSERT_NEAR(det[v], it.Get(), 1e-5) << "voxel " << v;
    folded += it.Get() <= 0.0f;
  }
  EXPECT_EQ(v, g.numberOfPixels());
  EXPECT_GT(folded, 0u); // the random field folds: both signs compared
}

TEST(RegistrationItk, JacobianDeterminantIsItksOnARotatedAnisotropicImage) {
  ImageGeometry g;
  g.size = {17, 13, 11};
  g.spacing = {1.5, 2.25, 3.0};
  g.origin = {-10.0, 4.0, 2.5};
  g.direction = test::Rotation(0.3, -0.5, 0.8, 0.4);
  ExpectSameAsItk(g, 3);
}

TEST(RegistrationItk, JacobianDeterminantIsItksOnAOneVoxelThickImage) {
  ImageGeometry g;
  g.size = {19, 14, 1};
  g.spacing = {0.8, 1.3, 2.0};
  ExpectSameAsItk(g, 4);
}

} // namespace
} // namespace cumed::registration
