#pragma once
// A level's axis tables in device memory, for the CUDA transform kernels.
#include "cumed/core/DeviceBuffer.h"
#include "src/LevelGeometry.h"
#include "src/LevelTables.h"

namespace cumed::registration::detail {

struct DeviceLevelTables {
  DeviceBuffer start[3], weight[3], firstVoxel[3], lastVoxel[3];
};

/// Copies `tables` to the device (synchronously, once per level) and points g.axis[] at the
/// copies, which stay valid while the returned object lives. Defined in
/// cuda/TransformKernelsCuda.cu, only in CUDA builds.
DeviceLevelTables UploadLevelTables(const LevelTables& tables, LevelGeometry& g);

} // namespace cumed::registration::detail
