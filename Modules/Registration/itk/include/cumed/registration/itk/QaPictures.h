#pragma once
// A registration's QA pictures (cumed-register --png): the middle axial slice (z = size / 2; a 2D
// image whole) of FIXED against MOVING before the registration (through the initial affine
// alone) and against the warped image after it, as 8-bit PNG pictures: a checkerboard of 8 tiles
// along the longer side (FIXED in the even tiles), and |FIXED - other|. Both use FIXED's slice's
// range as the window, so the four pictures compare.
#include "cumed/registration/itk/RegistrationInputs.h"

#include <filesystem>

namespace cumed::registration {

struct QaPictureFiles {
  std::filesystem::path checkerboardBefore, checkerboardAfter, differenceBefore, differenceAfter;
};

/// Writes the four pictures. `initial` may be null (the identity). Throws cumed::Error naming
/// the file when ITK's PNG writer fails.
template <unsigned D>
void WriteQaPictures(const FloatImage<D>* fixed, const FloatImage<D>* moving,
                     const AffineTransformType<D>* initial, const FloatImage<D>* warped,
                     const QaPictureFiles& files);

} // namespace cumed::registration
