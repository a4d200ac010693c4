#pragma once
// Constant padding (itk::ConstantPadImageFilter): the image surrounded by `pad` voxels of one
// value on every side, e.g. so an isosurface closes over structures that touch the volume's faces.
// Runs where the images are: device views on the GPU, host views on the CPU. It lives beside
// morphology, whose engines already pad for SafeBorder.
#include "cumed/core/Execution.h"
#include "cumed/core/Image.h"

#include <array>

namespace cumed::morphology {

/// The geometry of `geometry` padded by `pad` voxels per side: larger size, the origin moved out
/// along the direction by pad * spacing, so every input voxel keeps its world position.
ImageGeometry PaddedGeometry(const ImageGeometry& geometry, const std::array<int, 3>& pad);

/// Writes `input` surrounded by `value` into `output`, whose geometry must be
/// PaddedGeometry(input.geometry, pad); both in the same memory. options.stream: device views
/// queue on it and return without waiting. Returns the backend that ran (CUDA for device views).
template <class T>
Backend PadConstant(ImageView<const T> input, ImageView<T> output, const std::array<int, 3>& pad,
                    double value, const ExecutionOptions& options = {});

} // namespace cumed::morphology
