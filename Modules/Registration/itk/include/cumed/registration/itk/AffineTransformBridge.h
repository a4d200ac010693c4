#pragma once
// The one place where ITK's affine transforms and cumed::registration::AffineTransform meet.
// Both are "moving point = matrix * fixed point + offset" (ITK's MatrixOffsetTransformBase
// GetMatrix()/GetOffset()), so the numbers are copied. A 2D transform is the registration's 3D
// affine that leaves z alone (the registration treats a 2D image as one slice).
#include "cumed/core/Error.h"
#include "cumed/registration/Registration.h"

#include <itkAffineTransform.h>
#include <itkMatrixOffsetTransformBase.h>

#include <cmath>

#include <string>

namespace cumed::registration {

/// The transform as CuMed's affine (2D: embedded in 3D, z unchanged). Throws InvalidArgument
/// naming the value when a matrix or offset entry is not finite.
template <unsigned int D>
AffineTransform ToAffineTransform(const itk::MatrixOffsetTransformBase<double, D, D>& transform) {
  static_assert(D == 2 || D == 3, "the registration is 2D or 3D");
  AffineTransform affine;
  const auto& matrix = transform.GetMatrix();
  const auto& offset = transform.GetOffset();
  for (unsigned r = 0; r < D; ++r) {
    for (unsigned c = 0; c < D; ++c) affine.matrix[3 * r + c] = matrix(r, c);
    affine.offset[r] = offset[r];
  }
  for (double value : affine.matrix)
    if (!std::isfinite(value))
      throw InvalidArgument("the initial affine transform's matrix holds " + std::to_string(value) +
                            "; expected finite numbers");
  for (double value : affine.offset)
    if (!std::isfinite(value))
      throw InvalidArgument("the initial affine transform's offset holds " + std::to_string(value) +
                            "; expected finite numbers");
  return affine;
}

/// CuMed's affine as an itk::AffineTransform<double, D>. For D = 2, throws InvalidArgument when
/// the affine moves or mixes z (it then has no 2D equivalent).
template <unsigned int D>
typename itk::AffineTransform<double, D>::Pointer
ToItkAffineTransform(const AffineTransform& affine) {
  static_assert(D == 2 || D == 3, "the registration is 2D or 3D");
  if (D == 2) {
    const bool keepsZ = affine.matrix[2] == 0 && affine.matrix[5] == 0 && affine.matrix[6] == 0 &&
                        affine.matrix[7] == 0 && affine.matrix[8] == 1 && affine.offset[2] == 0;
    if (!keepsZ)
      throw InvalidArgument(
          "the affine transform moves or mixes z (matrix row 3 = " +
          std::to_string(affine.matrix[6]) + " " + std::to_string(affine.matrix[7]) + " " +
          std::to_string(affine.matrix[8]) + ", offset z = " + std::to_string(affine.offset[2]) +
          "); a 2D transform cannot hold it");
  }
  auto transform = itk::AffineTransform<double, D>::New();
  typename itk::AffineTransform<double, D>::MatrixType matrix;
  typename itk::AffineTransform<double, D>::OutputVectorType offset;
  for (unsigned r = 0; r < D; ++r) {
    for (unsigned c = 0; c < D; ++c) matrix(r, c) = affine.matrix[3 * r + c];
    offset[r] = affine.offset[r];
  }
  transform->SetMatrix(matrix);
  transform->SetOffset(offset); // after the matrix: SetMatrix recomputes the offset
  return transform;
}

} // namespace cumed::registration
