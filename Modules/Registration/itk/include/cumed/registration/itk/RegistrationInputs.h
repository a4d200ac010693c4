#pragma once
// A registration's inputs from files, as cumed-register reads them: the fixed and moving images
// (DICOM series directories or image files: .mha, .mhd, .nrrd, .nii, .nii.gz), masks and an
// initial affine transform file. Located and checked from their headers (CuMed::ImageInput)
// before any pixels are read; read as float (masks as unsigned char) in the dimension they share.
#include "cumed/output/SafeOutput.h"

#include <itkImage.h>
#include <itkMatrixOffsetTransformBase.h>

#include <filesystem>
#include <string>
#include <vector>

namespace cumed::registration {

struct InputImage {
  std::string label; ///< names it in messages, e.g. "FIXED", "--mask"
  std::filesystem::path path;
  bool dicom = false;     ///< a DICOM series directory (3D int16 HU)
  unsigned dimension = 3; ///< 2 or 3
  /// DICOM: which series (cumed::io::DicomReadOptions::series); empty: the best axial CT.
  std::string series;
};

/// Checks that `path` exists and is a directory (a DICOM series) or an image file of a supported
/// extension, and reads the file's header (sizes, geometry, scalar pixels, memory:
/// io::ReadItkImageHeader). Throws cumed::Error naming LABEL and the path otherwise.
InputImage LocateImage(const std::string& label, const std::string& path);

/// Throws cumed::Error "FIXED 'a' is 3D and MOVING 'b' is 2D; ..." when the dimensions differ.
void CheckSameDimension(const InputImage& a, const InputImage& b);

/// The inputs' files and directories (so that no output replaces or lies inside them); `files`:
/// the other inputs named on the command line (masks, transform; empty names are skipped).
output::ProtectedInputs ProtectedInputsOf(const InputImage& fixed, const InputImage& moving,
                                          const std::vector<std::string>& files);

template <unsigned D> using FloatImage = itk::Image<float, D>;
template <unsigned D> using MaskImage = itk::Image<unsigned char, D>;
template <unsigned D> using AffineTransformType = itk::MatrixOffsetTransformBase<double, D, D>;

/// The whole image as float: image files through ITK, DICOM series through CuMed's reader (HU).
template <unsigned D> typename FloatImage<D>::Pointer ReadFloatImage(const InputImage& input);
/// The mask as unsigned char (nonzero = counted).
template <unsigned D> typename MaskImage<D>::Pointer ReadMask(const InputImage& input);
/// The one transform of a .tfm file, which must be a MatrixOffsetTransformBase of dimension D
/// (AffineTransform, Euler3DTransform, Similarity2DTransform...). Throws cumed::Error naming
/// `label` (e.g. "--initial-transform"), the file and what it holds otherwise.
template <unsigned D>
typename AffineTransformType<D>::Pointer
ReadInitialTransform(const std::filesystem::path& file,
                     const std::string& label = "initial transform file");

} // namespace cumed::registration
