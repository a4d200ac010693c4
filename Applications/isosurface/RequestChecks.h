#pragma once
// Requests the data or the machine cannot fully meet, answered with a warning while the run goes
// on: labels that do not occur in the volume, more GPUs than are usable.
#include <vector>

class vtkImageData;

namespace cumed::isosurfaceapp {

/// The values of `labels` that no voxel of `image`'s active scalars equals, in the given order.
std::vector<double> AbsentLabels(vtkImageData* image, const std::vector<double>& labels);

/// The GPUs to use for `requested` (--gpus; 0 = every usable one) when CUDA may run: at most the
/// usable devices, with a warning naming both numbers when fewer are usable than requested.
int GpusToUse(int requested);

} // namespace cumed::isosurfaceapp
