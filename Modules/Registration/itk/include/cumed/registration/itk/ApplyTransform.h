#pragma once
// A saved transform applied as transformix applies elastix's: read from an ITK transform file
// (e.g. a registration's transform.tfm: fixed -> moving), mapping points of the fixed space into
// the moving space, or resampling an image of the moving space onto a grid of the fixed space
// (linear, a default value outside).
#include "cumed/registration/ElastixFiles.h"
#include "cumed/registration/itk/RegistrationInputs.h"

#include <itkTransformBase.h>

#include <filesystem>
#include <string>

namespace cumed::registration {

using TransformBaseType = itk::TransformBaseTemplate<double>;

/// The transform of an ITK transform file (.tfm or .txt, .h5); of a composite file the first
/// (the composite, which the file lists before its parts). Throws cumed::Error naming `label` and
/// the file when it cannot be read, holds no transform, or holds none of 2D or 3D points.
TransformBaseType::ConstPointer ReadTransformFile(const std::filesystem::path& file,
                                                  const std::string& label = "transform file");

/// Maps every point through `transform` (its dimension: 2 or 3; 2D points keep z). Throws
/// InvalidArgument "a TYPE, which cannot map points" when it is no itk::Transform of its points.
void MapPoints(const TransformBaseType& transform, PointList& points);

/// `image` (moving space) resampled onto `reference`'s grid through `transform` (fixed ->
/// moving), linear, `defaultValue` outside. Throws InvalidArgument "a TYPE, which does not map
/// DD points" when `transform` is no itk::Transform of D-dimensional points.
template <unsigned D>
typename FloatImage<D>::Pointer
ResampleOntoReference(const TransformBaseType& transform, const FloatImage<D>* image,
                      const FloatImage<D>* reference, double defaultValue = 0.0);

} // namespace cumed::registration
