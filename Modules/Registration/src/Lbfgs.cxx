#include "src/Lbfgs.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace cumed::registration::detail {
namespace {

// The vectors hold three values per control point (10^5 to 10^6): the vector operations run in
// parallel, and dot products add fixed-size chunks in a fixed order so every run (and every
// thread count) gives the same bits.
constexpr std::int64_t kChunk = 8192;

double Dot(const std::vector<double>& a, const std::vector<double>& b,
           std::vector<double>& partials) {
  const std::int64_t n = static_cast<std::int64_t>(a.size());
  const std::int64_t chunks = (n + kChunk - 1) / kChunk;
  partials.resize(static_cast<std::size_t>(chunks));
#pragma omp parallel for schedule(static) if (n > 4 * kChunk)
  for (std::int64_t c = 0; c < chunks; ++c) {
    double s = 0.0;
    for (std::int64_t i = c * kChunk; i < std::min(n, (c + 1) * kChunk); ++i) s += a[i] * b[i];
    partials[c] = s;
  }
  double sum = 0.0;
  for (double p : partials) sum += p;
  return sum;
}

/// y += alpha * x
void Axpy(double alpha, const std::vector<double>& x, std::vector<double>& y) {
  const std::int64_t n = static_cast<std::int64_t>(x.size());
#pragma omp parallel for schedule(static) if (n > 4 * kChunk)
  for (std::int64_t i = 0; i < n; ++i) y[i] += alpha * x[i];
}

double MaxAbs(const std::vector<double>& a) {
  double m = 0.0;
  for (double v : a) m = std::max(m, std::fabs(v));
  return m;
}

/// The correction pairs, kept in preallocated storage used as a ring.
class Memory {
public:
  Memory(int capacity, std::size_t n)
      : s_(capacity, std::vector<double>(n)), y_(capacity, std::vector<double>(n)), rho_(capacity),
        alpha_(capacity) {}
  int size() const { return size_; }
  void clear() { size_ = 0; }
  /// Keeps the pair (s, y) with rho = 1 / s'y, dropping the oldest when full; the vectors are
  /// swapped in, the caller gets the dropped (or unused) storage back to fill next time.
  void push(std::vector<double>& s, std::vector<double>& y, double rho) {
    int k;
    if (size_ < capacity()) {
      k = slot(size_++);
    } else {
      k = slot(0);
      first_ = (first_ + 1) % capacity();
    }
    s_[k].swap(s);
    y_[k].swap(y);
    rho_[k] = rho;
  }
  /// d = -H g by the two-loop recursion, H scaled by s'y / y'y of the newest pair.
  void direction(const std::vector<double>& g, std::vector<double>& d,
                 std::vector<double>& partials) {
    d = g;
    for (int n = size_ - 1; n >= 0; --n) {
      const int k = slot(n);
      alpha_[k] = rho_[k] * Dot(s_[k], d, partials);
      Axpy(-alpha_[k], y_[k], d);
    }
    if (size_ > 0) {
      const int k = slot(size_ - 1);
      const double gamma = 1.0 / (rho_[k] * Dot(y_[k], y_[k], partials));
      for (double& v : d) v *= gamma;
    }
    for (int n = 0; n < size_; ++n) {
      const int k = slot(n);
      const double beta = rho_[k] * Dot(y_[k], d, partials);
      Axpy(alpha_[k] - beta, s_[k], d);
    }
    for (double& v : d) v = -v;
  }

private:
  int capacity() const { return static_cast<int>(s_.size()); }
  int slot(int n) const { return (first_ + n) % capacity(); }
  std::vector<std::vector<double>> s_, y_;
  std::vector<double> rho_, alpha_;
  int first_ = 0, size_ = 0;
};

} // namespace

LbfgsOutcome MinimiseLbfgs(const CostFunction& cost, std::vector<double>& x,
                           const LbfgsSettings& settings, const IterationCallback& onIteration) {
  constexpr double kArmijo = 1e-4;
  LbfgsOutcome outcome;
  const std::size_t n = x.size();
  std::vector<double> g(n), gNext(n), xNext(n), d(n), s(n), y(n), partials;
  double f = cost(x, &g);
  outcome.evaluations = 1;
  outcome.cost = f;
  Memory memory(std::max(1, settings.memory), n);
  while (outcome.iterations < settings.maximumIterations) {
    memory.direction(g, d, partials);
    double slope = Dot(g, d, partials);
    if (!(slope < 0.0)) { // not a descent direction: restart from steepest descent
      memory.clear();
      memory.direction(g, d, partials);
      slope = Dot(g, d, partials);
    }
    const double largest = MaxAbs(d);
    if (!(largest > 0.0) || !(slope < 0.0)) {
      outcome.stop = "zero gradient";
      break;
    }
    double step = memory.size() == 0 ? settings.firstStep / largest : 1.0;
    step = std::min(step, settings.maximumStep / largest);
    bool accepted = false;
    double fNext = f;
    for (int trial = 0; trial < settings.maximumTrials; ++trial) {
      xNext = x;
      Axpy(step, d, xNext);
      fNext = cost(xNext, &gNext);
      ++outcome.evaluations;
      if (std::isfinite(fNext) && fNext <= f + kArmijo * step * slope) {
        accepted = true;
        break;
      }
      // Minimum of the quadratic through f, the slope and fNext, kept within [0.1, 0.5] step.
      const double curvature = fNext - f - slope * step;
      const double next = std::isfinite(fNext) && curvature > 0.0
                              ? -slope * step * step / (2.0 * curvature)
                              : 0.5 * step;
      step = std::clamp(next, 0.1 * step, 0.5 * step);
    }
    if (!accepted) {
      if (memory.size() > 0) { // the curvature model failed: once more along the gradient
        memory.clear();
        continue;
      }
      outcome.stop = "line search found no decrease";
      break;
    }
    for (std::size_t i = 0; i < n; ++i) {
      s[i] = xNext[i] - x[i];
      y[i] = gNext[i] - g[i];
    }
    const double sy = Dot(s, y, partials);
    if (sy > 1e-12 * Dot(y, y, partials)) memory.push(s, y, 1.0 / sy); // keeps H positive definite
    const double change = std::fabs(f - fNext);
    const double scale = std::max(std::fabs(f), std::fabs(fNext));
    x.swap(xNext);
    g.swap(gNext);
    f = fNext;
    ++outcome.iterations;
    outcome.cost = f;
    if (onIteration) onIteration(outcome.iterations, f, outcome.evaluations);
    if (change <= settings.relativeTolerance * scale) {
      outcome.stop = "relative change below tolerance";
      break;
    }
  }
  if (outcome.stop.empty()) outcome.stop = "iteration limit";
  return outcome;
}

} // namespace cumed::registration::detail
