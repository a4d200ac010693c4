#include "src/RegistrationOutputs.h"

#include "cumed/registration/DisplacementField.h"
#include "cumed/registration/Jacobian.h"
#include "src/MovingSampler.h"
#include "src/OutputBackends.h"
#include "src/RegistrationEngine.h"

#include <cstring>

namespace cumed::registration::detail {

Image TotalDisplacementField(const BSplineGrid& grid, const AffineTransform& affine,
                             const ImageGeometry& fixed, Backend backend) {
  Image field = DisplacementField(grid, fixed, {backend, MemoryLocation::Host});
  if (affine.isIdentity()) return field;
  ComposeAffineCpu(DescribeFixedGrid(fixed), affine.matrix.data(), affine.offset.data(),
                   field.view<float>().data);
  return field;
}

Image ResampleMoving(const LevelImage& moving, const Image& totalField, float outsideValue) {
  const ImageGeometry& fixed = totalField.geometry();
  Image warped = Image::Allocate(PixelType::Float32, fixed, MemoryLocation::Host);
  ResampleMovingCpu(DescribeFixedGrid(fixed), DescribeMovingGrid(moving.geometry),
                    moving.pixels.data(), totalField.view<float>().data, outsideValue,
                    warped.view<float>().data);
  return warped;
}

TransformOutputs ComputeTransformOutputs(const BSplineGrid& grid, const AffineTransform& affine,
                                         const ImageGeometry& fixed, const LevelImage& moving,
                                         float outsideValue, Backend backend) {
  const auto engine = MakeRegistrationEngine(backend);
  const MemoryLocation memory = engine->memory();
  TransformOutputs out;
  out.field = DisplacementField(grid, fixed, {backend, memory});
  if (!affine.isIdentity())
    engine->composeAffine(DescribeFixedGrid(fixed), affine.matrix.data(), affine.offset.data(),
                          out.field.view<float>().data);
  out.jacobian = JacobianDeterminant(out.field, {backend});
  // The moving pixels where the engine reads them: wrapped on the host, one upload otherwise.
  Image pixels = Image::Adopt(const_cast<float*>(moving.pixels.data()), PixelType::Float32,
                              moving.geometry, MemoryLocation::Host);
  if (memory == MemoryLocation::Device) pixels = pixels.toDevice();
  out.warped = Image::Allocate(PixelType::Float32, fixed, memory);
  engine->resampleMoving(DescribeFixedGrid(fixed), DescribeMovingGrid(moving.geometry),
                         pixels.view<float>().data, out.field.view<float>().data, outsideValue,
                         out.warped.view<float>().data);
  return out;
}

} // namespace cumed::registration::detail
