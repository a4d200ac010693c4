// The host's L-BFGS vectors (src/LbfgsSpace.h): OpenMP over elements, dot products added in
// fixed-size chunks in a fixed order so every run (and every thread count) gives the same bits.
// These are the operations MinimiseLbfgs ran on std::vectors before it took a space: the CPU
// optimiser's iterates are unchanged.
#include "src/LbfgsSpace.h"

#include "cumed/core/Error.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

namespace cumed::registration::detail {
namespace {

constexpr std::int64_t kChunk = 8192;

class LbfgsSpaceHost final : public LbfgsSpace {
public:
  LbfgsSpaceHost(std::size_t size, int count)
      : n_(static_cast<std::int64_t>(size)), vectors_(count, std::vector<double>(size)) {}
  MemoryLocation memory() const noexcept override { return MemoryLocation::Host; }
  std::size_t size() const noexcept override { return static_cast<std::size_t>(n_); }
  int count() const noexcept override { return static_cast<int>(vectors_.size()); }
  double* data(int v) override { return at(v).data(); }
  void read(int v, double* host) override { std::copy(at(v).begin(), at(v).end(), host); }
  void write(int v, const double* host) override { std::copy(host, host + n_, at(v).begin()); }

  double dot(int a, int b) override {
    const double* x = at(a).data();
    const double* y = at(b).data();
    const std::int64_t chunks = (n_ + kChunk - 1) / kChunk;
    partials_.resize(static_cast<std::size_t>(chunks));
#pragma omp parallel for schedule(static) if (n_ > 4 * kChunk)
    for (std::int64_t c = 0; c < chunks; ++c) {
      double s = 0.0;
      for (std::int64_t i = c * kChunk; i < std::min(n_, (c + 1) * kChunk); ++i) s += x[i] * y[i];
      partials_[c] = s;
    }
    double sum = 0.0;
    for (double p : partials_) sum += p;
    return sum;
  }
  void axpy(double alpha, int x, int y) override {
    const double* a = at(x).data();
    double* b = at(y).data();
#pragma omp parallel for schedule(static) if (n_ > 4 * kChunk)
    for (std::int64_t i = 0; i < n_; ++i) b[i] += alpha * a[i];
  }
  void scale(double alpha, int x) override {
    for (double& v : at(x)) v *= alpha;
  }
  void copy(int from, int to) override {
    at(to) = at(from);
  }
  void difference(int a, int b, int out) override {
    const double* x = at(a).data();
    const double* y = at(b).data();
    double* z = at(out).data();
    for (std::int64_t i = 0; i < n_; ++i) z[i] = x[i] - y[i];
  }
  double maxAbs(int a) override {
    double m = 0.0;
    for (double v : at(a)) m = std::max(m, std::fabs(v));
    return m;
  }

private:
  std::vector<double>& at(int v) {
    if (v < 0 || v >= count())
      throw InvalidArgument("LbfgsSpace: vector " + std::to_string(v) + " of " +
                            std::to_string(count()));
    return vectors_[static_cast<std::size_t>(v)];
  }
  std::int64_t n_;
  std::vector<std::vector<double>> vectors_;
  std::vector<double> partials_;
};

} // namespace

std::unique_ptr<LbfgsSpace> MakeLbfgsSpaceHost(std::size_t size, int count) {
  return std::make_unique<LbfgsSpaceHost>(size, count);
}

} // namespace cumed::registration::detail
