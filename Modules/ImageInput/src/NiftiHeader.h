#pragma once
// The parts of a NIfTI-1 or NIfTI-2 header (.nii, .nii.gz, .hdr/.img) that ITK does not pass on:
// vox_offset, the stored size (dim x bitpix) and the geometry floats as written.
#include "ImageFileData.h"

#include <filesystem>

namespace cumed::io::detail {

/// Where the data of the NIfTI `file` are, their stored byte count, and whether they are gzip.
/// Throws cumed::Error naming the file and the field for a header that is not NIfTI, a NaN or
/// infinite pixdim, quaternion, qoffset or srow value, a pixdim <= 0, or sizes that overflow.
ImageDataLocation LocateNiftiData(const std::filesystem::path& file);

} // namespace cumed::io::detail
