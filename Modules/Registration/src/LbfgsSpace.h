#pragma once
// The vectors L-BFGS works on (src/Lbfgs.h), behind one interface so the optimiser is written
// once and its vectors live where the cost is computed: the host (HostLbfgsSpace, OpenMP, the
// reference) or the device (cuda/LbfgsSpaceCuda.cu: kernels, deterministic dot products). Vectors
// are numbered 0..count()-1 and all hold size() doubles; only scalars (dot products, the largest
// magnitude) come back to the caller, so on CUDA no vector crosses to the host while optimising.
#include "cumed/core/Image.h"

#include <cstddef>
#include <memory>
#include <vector>

namespace cumed::registration::detail {

class LbfgsSpace {
public:
  virtual ~LbfgsSpace() = default;
  /// Where data() points: the host or the device.
  virtual MemoryLocation memory() const noexcept = 0;
  virtual std::size_t size() const noexcept = 0;
  virtual int count() const noexcept = 0;
  /// Vector v's storage in memory() (what the cost reads and writes). When it returns, all the
  /// work queued on the space is done, so the cost may use the vector from any stream.
  virtual double* data(int v) = 0;
  /// Copies vector v to / from the host (size() doubles).
  virtual void read(int v, double* host) = 0;
  virtual void write(int v, const double* host) = 0;
  /// a . b, the same bits every run (fixed chunks added in a fixed order).
  virtual double dot(int a, int b) = 0;
  /// y += alpha x
  virtual void axpy(double alpha, int x, int y) = 0;
  /// x *= alpha
  virtual void scale(double alpha, int x) = 0;
  /// to = from
  virtual void copy(int from, int to) = 0;
  /// out = a - b
  virtual void difference(int a, int b, int out) = 0;
  /// max |a_i| (NaN entries ignored)
  virtual double maxAbs(int a) = 0;
};

/// `count` host vectors of `size` doubles: the CPU engine's, and the reference for the others.
std::unique_ptr<LbfgsSpace> MakeLbfgsSpaceHost(std::size_t size, int count);
/// `count` device vectors (defined in CUDA builds only).
std::unique_ptr<LbfgsSpace> MakeLbfgsSpaceCuda(std::size_t size, int count);

} // namespace cumed::registration::detail
