#pragma once
// A registration's outputs as files, as cumed-register writes them: the warped image, the
// displacement field and the Jacobian determinant as images (MetaImage, NRRD or NIfTI by the
// extension), the transform as an ITK transform file (.tfm text, .h5 HDF5), each staged
// (CuMed::OutputSafety) so that the caller commits them with its other outputs, all or none.
#include "cumed/output/SafeOutput.h"
#include "cumed/registration/itk/BSplineRegistrationFilter.h"
#include "cumed/registration/itk/RegistrationInputs.h"

#include <filesystem>

namespace cumed::registration {

struct RegistrationOutputFiles {
  std::filesystem::path warped, field, transform, jacobian;
};

/// Writes the outputs of `filter` (after Update(); only read here: ITK's getters are not const) to
/// `staged.Stage(file)` for each file of `files`, in the order warped, field, transform, jacobian;
/// `compress`: zlib-compressed images. The transform is the filter's composite (the affine, then
/// the B-spline applied first) when it ran with an initial transform or the affine stage, else its
/// B-spline transform. Throws cumed::Error naming the file when one cannot be written.
template <unsigned D>
void WriteRegistrationOutputs(BSplineRegistrationFilter<FloatImage<D>>& filter,
                              const RegistrationOutputFiles& files, output::StagedFiles& staged,
                              bool compress = false);

/// `image` written to `file` (named `name` in messages; the same when not staged), an ITK image
/// file by its extension; `compress`: zlib. Throws cumed::Error naming `name` when it cannot.
void WriteFloatImage(const FloatImage<2>* image, const std::filesystem::path& file,
                     const std::filesystem::path& name, bool compress = false);
void WriteFloatImage(const FloatImage<3>* image, const std::filesystem::path& file,
                     const std::filesystem::path& name, bool compress = false);

} // namespace cumed::registration
