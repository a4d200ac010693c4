// Validation and replacement on the device, step for step as ValidateArrays on the host
// (src/FieldValidation.cxx) with the same per-vector functions (src/VectorValidation.h). The
// replacement sweeps all run: a sweep that changes nothing leaves the state as it was, so the
// host's early stop gives the same field.
#include "cuda/PivKernels.h"

#include "cumed/core/CudaCheck.h"

namespace cumed::piv::detail {

namespace {

constexpr int kThreads = 256;

__global__ void ElementwiseKernel(DeviceFieldView f, ValidationParameters p, std::uint8_t* before,
                                  int count) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= count) return;
  const std::uint8_t flags = ElementwiseFlags(f.u[i], f.v[i], f.peakToPeak[i], f.flags[i], p);
  f.flags[i] = flags;
  before[i] = flags;
}

__global__ void MedianKernel(DeviceFieldView f, ValidationParameters p, const std::uint8_t* before,
                             int count) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= count) return;
  if (p.medianTest && !before[i] &&
      FailsMedianTest(f.u, f.v, before, f.columns, f.rows, i % f.columns, i / f.columns, p))
    f.flags[i] |= MedianOutlier;
}

/// Masked vectors are zero; the usable ones (no flag) seed the replacement.
__global__ void PrepareReplacementKernel(DeviceFieldView f, std::uint8_t* usable, int count) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= count) return;
  if (f.flags[i] & Masked) f.u[i] = f.v[i] = 0.f;
  usable[i] = !(f.flags[i] & (Masked | kOutlierFlags));
}

__global__ void ReplacementSweepKernel(const float* u, const float* v, const std::uint8_t* usable,
                                       float* nextU, float* nextV, std::uint8_t* nextUsable,
                                       std::uint8_t* flags, int columns, int rows,
                                       ValidationParameters p) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= columns * rows) return;
  nextU[i] = u[i];
  nextV[i] = v[i];
  nextUsable[i] = usable[i];
  if (usable[i] || (flags[i] & Masked)) return;
  float ru, rv;
  if (ReplacementAt(u, v, usable, columns, rows, i % columns, i / columns, p, ru, rv)) {
    nextU[i] = ru;
    nextV[i] = rv;
    nextUsable[i] = 1;
    flags[i] |= Replaced;
  }
}

/// The final state into the field; vectors left without a usable neighbour become zero.
__global__ void FinishReplacementKernel(DeviceFieldView f, const float* u, const float* v,
                                        const std::uint8_t* usable, int count) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= count) return;
  f.u[i] = usable[i] ? u[i] : 0.f;
  f.v[i] = usable[i] ? v[i] : 0.f;
}

} // namespace

void LaunchValidate(const DeviceFieldView& f, const ValidationParameters& p,
                    const ValidationScratch& s, CUstream_st* stream) {
  const int count = f.columns * f.rows;
  const int blocks = (count + kThreads - 1) / kThreads;
  ElementwiseKernel<<<blocks, kThreads, 0, stream>>>(f, p, s.before, count);
  CUMED_CHECK_LAUNCH("ElementwiseKernel");
  if (p.medianTest) {
    MedianKernel<<<blocks, kThreads, 0, stream>>>(f, p, s.before, count);
    CUMED_CHECK_LAUNCH("MedianKernel");
  }
  PrepareReplacementKernel<<<blocks, kThreads, 0, stream>>>(f, s.usable, count);
  CUMED_CHECK_LAUNCH("PrepareReplacementKernel");
  if (p.replacement == Replacement::None) return;
  // Ping-pong between the field's arrays and the scratch arrays.
  const float* u = f.u;
  const float* v = f.v;
  const std::uint8_t* usable = s.usable;
  float* targets[2][2] = {{s.u, s.v}, {f.u, f.v}};
  std::uint8_t* usableTargets[2] = {s.nextUsable, s.usable};
  for (int sweep = 0; sweep < p.iterations; ++sweep) {
    float* nu = targets[sweep % 2][0];
    float* nv = targets[sweep % 2][1];
    std::uint8_t* nextUsable = usableTargets[sweep % 2];
    ReplacementSweepKernel<<<blocks, kThreads, 0, stream>>>(u, v, usable, nu, nv, nextUsable,
                                                            f.flags, f.columns, f.rows, p);
    CUMED_CHECK_LAUNCH("ReplacementSweepKernel");
    u = nu;
    v = nv;
    usable = nextUsable;
  }
  FinishReplacementKernel<<<blocks, kThreads, 0, stream>>>(f, u, v, usable, count);
  CUMED_CHECK_LAUNCH("FinishReplacementKernel");
}

} // namespace cumed::piv::detail
