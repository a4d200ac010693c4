#include "cumed/parallel/RankDevice.h"

#include "cumed/core/Config.h"
#include "cumed/core/Device.h"
#include "cumed/core/Error.h"

#if CUMED_WITH_CUDA
#include <cuda_runtime_api.h>
#endif

#include <string>

namespace cumed::parallel {

int LocalRank(const Communicator& comm) {
  MPI_Comm local;
  CUMED_MPI_CHECK(
      MPI_Comm_split_type(comm.native(), MPI_COMM_TYPE_SHARED, comm.rank(), MPI_INFO_NULL, &local));
  int rank = 0;
  CUMED_MPI_CHECK(MPI_Comm_rank(local, &rank));
  CUMED_MPI_CHECK(MPI_Comm_free(&local));
  return rank;
}

int UseDeviceOfLocalRank(int localRank) {
  const DeviceProbeResult& probe = ProbeDevices();
  if (!probe.usable || probe.devices.empty()) return -1;
  const int device = probe.devices[localRank % probe.devices.size()].index;
#if CUMED_WITH_CUDA
  const cudaError_t status = cudaSetDevice(device);
  if (status != cudaSuccess)
    throw cumed::Error("cudaSetDevice(" + std::to_string(device) +
                       ") failed: " + cudaGetErrorString(status));
#endif
  return device;
}

} // namespace cumed::parallel
