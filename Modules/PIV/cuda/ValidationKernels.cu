// Validation and replacement on the device, step for step as ValidateArrays on the host
// (src/FieldValidation.cxx) with the same per-vector functions (src/VectorValidation.h), in one
// cooperative launch: the steps are separated by grid-wide barriers instead of a launch each
// (a pass took 14 launches, more time than the correlation itself). Like the host, the sweeps
// stop after the first one that replaces nothing (later ones would change nothing either).
#include "cuda/PivKernels.h"

#include "cumed/core/CudaCheck.h"
#include "cumed/core/Device.h"

#include <atomic>
#include <cooperative_groups.h>
#include <cuda_runtime.h>

namespace cumed::piv::detail {

namespace {

namespace cg = cooperative_groups;

// Small blocks: a field of a few thousand vectors spreads over many SMs.
constexpr int kThreads = 64;

__global__ void __launch_bounds__(kThreads)
    ValidateKernel(DeviceFieldView f, ValidationParameters p, ValidationScratch s, int* replaced) {
  cg::grid_group grid = cg::this_grid();
  const int count = f.columns * f.rows;
  const int first = blockIdx.x * blockDim.x + threadIdx.x, stride = gridDim.x * blockDim.x;

  // replaced[0 .. iterations) per sweep, replaced[iterations]: any vector flagged at all.
  int* flaggedAny = replaced + p.iterations;
  for (int i = first; i <= p.iterations; i += stride) replaced[i] = 0;
  for (int i = first; i < count; i += stride) {
    const std::uint8_t flags = ElementwiseFlags(f.u[i], f.v[i], f.peakToPeak[i], f.flags[i], p);
    f.flags[i] = flags;
    s.before[i] = flags;
  }
  grid.sync();
  bool flagged = false;
  for (int i = first; i < count; i += stride) {
    if (p.medianTest && !s.before[i] &&
        FailsMedianTest(f.u, f.v, s.before, f.columns, f.rows, i % f.columns, i / f.columns, p))
      f.flags[i] |= MedianOutlier;
    flagged = flagged || f.flags[i];
  }
  if (flagged) *flaggedAny = 1;
  grid.sync();
  // A field without a flag (the common case) is final: nothing is masked, nothing to replace.
  if (!*static_cast<volatile int*>(flaggedAny)) return;
  // Masked vectors are zero; the usable ones (no flag) seed the replacement.
  for (int i = first; i < count; i += stride) {
    if (f.flags[i] & Masked) f.u[i] = f.v[i] = 0.f;
    s.usable[i] = !(f.flags[i] & (Masked | kOutlierFlags));
  }
  if (p.replacement == Replacement::None) return;
  grid.sync();

  // Sweeps ping-pong between the field's arrays and the scratch arrays; replaced[sweep] says
  // whether a sweep filled anything.
  float* u = f.u;
  float* v = f.v;
  std::uint8_t* usable = s.usable;
  float* targets[2][2] = {{s.u, s.v}, {f.u, f.v}};
  std::uint8_t* usableTargets[2] = {s.nextUsable, s.usable};
  for (int sweep = 0; sweep < p.iterations; ++sweep) {
    float* nu = targets[sweep % 2][0];
    float* nv = targets[sweep % 2][1];
    std::uint8_t* nextUsable = usableTargets[sweep % 2];
    bool any = false;
    for (int i = first; i < count; i += stride) {
      nu[i] = u[i];
      nv[i] = v[i];
      nextUsable[i] = usable[i];
      if (usable[i] || (f.flags[i] & Masked)) continue;
      float ru, rv;
      if (ReplacementAt(u, v, usable, f.columns, f.rows, i % f.columns, i / f.columns, p, ru, rv)) {
        nu[i] = ru;
        nv[i] = rv;
        nextUsable[i] = 1;
        f.flags[i] |= Replaced;
        any = true;
      }
    }
    if (any) replaced[sweep] = 1;
    grid.sync();
    u = nu;
    v = nv;
    usable = nextUsable;
    if (!*static_cast<volatile int*>(&replaced[sweep])) break; // the same for every block
  }
  // The final state into the field; vectors left without a usable neighbour become zero.
  for (int i = first; i < count; i += stride) {
    const float fu = u[i], fv = v[i];
    f.u[i] = usable[i] ? fu : 0.f;
    f.v[i] = usable[i] ? fv : 0.f;
  }
}

/// Blocks of ValidateKernel the current device holds at once, asked once per device and kept
/// (the occupancy query cost a few microseconds of every pass's host time).
int ResidentBlocks() {
  constexpr int kDevices = 64;
  static std::atomic<int> known[kDevices] = {};
  const int device = CurrentDevice();
  if (device >= 0 && device < kDevices) {
    if (const int resident = known[device].load(std::memory_order_relaxed)) return resident;
  }
  int perMultiprocessor = 0, multiprocessors = 0;
  CUMED_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perMultiprocessor, ValidateKernel,
                                                                 kThreads, 0));
  CUMED_CUDA_CHECK(
      cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, device));
  const int resident = perMultiprocessor * multiprocessors;
  if (device >= 0 && device < kDevices && resident > 0)
    known[device].store(resident, std::memory_order_relaxed);
  return resident;
}

/// Blocks that can all be resident at once (a cooperative launch needs that), at most one
/// thread per vector.
int CooperativeBlocks(int count) {
  const int resident = ResidentBlocks();
  const int needed = (count + kThreads - 1) / kThreads;
  return needed < resident ? needed : resident;
}

} // namespace

void LaunchValidate(const DeviceFieldView& f, const ValidationParameters& p,
                    const ValidationScratch& s, CUstream_st* stream) {
  const int count = f.columns * f.rows;
  if (count == 0) return;
  DeviceFieldView field = f;
  ValidationParameters parameters = p;
  ValidationScratch scratch = s;
  void* arguments[] = {&field, &parameters, &scratch, &scratch.replaced};
  CUMED_CUDA_CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(ValidateKernel),
                                               dim3(CooperativeBlocks(count)), dim3(kThreads),
                                               arguments, 0, stream));
}

} // namespace cumed::piv::detail
