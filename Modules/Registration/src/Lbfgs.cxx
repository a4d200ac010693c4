#include "src/Lbfgs.h"

#include "cumed/core/Error.h"
#include "src/LbfgsSpace.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

namespace cumed::registration::detail {
namespace {

// The work vectors' numbers in the space; the correction pairs follow them.
enum Work : int { kX, kG, kGNext, kXNext, kD, kS, kY, kWorkVectors };

/// The correction pairs, kept in the space's vectors used as a ring.
class Memory {
public:
  Memory(LbfgsSpace& space, int capacity)
      : space_(space), s_(capacity), y_(capacity), rho_(capacity), alpha_(capacity) {
    for (int k = 0; k < capacity; ++k) {
      s_[k] = kWorkVectors + 2 * k;
      y_[k] = kWorkVectors + 2 * k + 1;
    }
  }
  int size() const { return size_; }
  void clear() { size_ = 0; }
  /// Keeps the pair (s, y) with rho = 1 / s'y, dropping the oldest when full; the vector numbers
  /// are swapped in, the caller gets the dropped (or unused) vectors back to fill next time.
  void push(int& s, int& y, double rho) {
    int k;
    if (size_ < capacity()) {
      k = slot(size_++);
    } else {
      k = slot(0);
      first_ = (first_ + 1) % capacity();
    }
    std::swap(s_[k], s);
    std::swap(y_[k], y);
    rho_[k] = rho;
  }
  /// d = -H g by the two-loop recursion, H scaled by s'y / y'y of the newest pair.
  void direction(int g, int d) {
    space_.copy(g, d);
    for (int n = size_ - 1; n >= 0; --n) {
      const int k = slot(n);
      alpha_[k] = rho_[k] * space_.dot(s_[k], d);
      space_.axpy(-alpha_[k], y_[k], d);
    }
    if (size_ > 0) {
      const int k = slot(size_ - 1);
      const double gamma = 1.0 / (rho_[k] * space_.dot(y_[k], y_[k]));
      space_.scale(gamma, d);
    }
    for (int n = 0; n < size_; ++n) {
      const int k = slot(n);
      const double beta = rho_[k] * space_.dot(y_[k], d);
      space_.axpy(alpha_[k] - beta, s_[k], d);
    }
    space_.scale(-1.0, d); // exact: the same bits as negating
  }

private:
  int capacity() const { return static_cast<int>(s_.size()); }
  int slot(int n) const { return (first_ + n) % capacity(); }
  LbfgsSpace& space_;
  std::vector<int> s_, y_;
  std::vector<double> rho_, alpha_;
  int first_ = 0, size_ = 0;
};

} // namespace

int LbfgsVectorCount(const LbfgsSettings& settings) {
  return kWorkVectors + 2 * std::max(1, settings.memory);
}

LbfgsOutcome MinimiseLbfgs(LbfgsSpace& space, const SpaceCostFunction& cost,
                           const LbfgsSettings& settings, const IterationCallback& onIteration) {
  if (space.count() < LbfgsVectorCount(settings))
    throw InvalidArgument("MinimiseLbfgs: the space has " + std::to_string(space.count()) +
                          " vectors; expected at least " +
                          std::to_string(LbfgsVectorCount(settings)));
  constexpr double kArmijo = 1e-4;
  LbfgsOutcome outcome;
  // Vector numbers: swapped, never copied, when a step is accepted.
  int x = kX, g = kG, gNext = kGNext, xNext = kXNext, s = kS, y = kY;
  const int d = kD;
  double f = cost(space.data(x), space.data(g));
  outcome.evaluations = 1;
  outcome.cost = f;
  Memory memory(space, std::max(1, settings.memory));
  while (outcome.iterations < settings.maximumIterations) {
    memory.direction(g, d);
    double slope = space.dot(g, d);
    if (!(slope < 0.0)) { // not a descent direction: restart from steepest descent
      memory.clear();
      memory.direction(g, d);
      slope = space.dot(g, d);
    }
    const double largest = space.maxAbs(d);
    if (!(largest > 0.0) || !(slope < 0.0)) {
      outcome.stop = "zero gradient";
      break;
    }
    double step = memory.size() == 0 ? settings.firstStep / largest : 1.0;
    step = std::min(step, settings.maximumStep / largest);
    bool accepted = false;
    double fNext = f;
    for (int trial = 0; trial < settings.maximumTrials; ++trial) {
      space.copy(x, xNext);
      space.axpy(step, d, xNext);
      fNext = cost(space.data(xNext), space.data(gNext));
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
    space.difference(xNext, x, s);
    space.difference(gNext, g, y);
    const double sy = space.dot(s, y);
    if (sy > 1e-12 * space.dot(y, y)) memory.push(s, y, 1.0 / sy); // keeps H positive definite
    const double change = std::fabs(f - fNext);
    const double scale = std::max(std::fabs(f), std::fabs(fNext));
    std::swap(x, xNext);
    std::swap(g, gNext);
    f = fNext;
    ++outcome.iterations;
    outcome.cost = f;
    if (onIteration) onIteration(outcome.iterations, f, outcome.evaluations);
    if (change <= settings.relativeTolerance * scale) {
      outcome.stop = "relative change below tolerance";
      break;
    }
  }
  if (x != kX) space.copy(x, kX);
  if (outcome.stop.empty()) outcome.stop = "iteration limit";
  return outcome;
}

LbfgsOutcome MinimiseLbfgs(const CostFunction& cost, std::vector<double>& x,
                           const LbfgsSettings& settings, const IterationCallback& onIteration) {
  const std::size_t n = x.size();
  const auto space = MakeLbfgsSpaceHost(n, LbfgsVectorCount(settings));
  space->write(kX, x.data());
  // The cost sees std::vectors: copies in and out of the space's storage (exact).
  std::vector<double> at(n), gradient(n);
  const SpaceCostFunction onSpace = [&](const double* point, double* g) {
    at.assign(point, point + n);
    const double value = cost(at, g ? &gradient : nullptr);
    if (g) std::copy(gradient.begin(), gradient.end(), g);
    return value;
  };
  const LbfgsOutcome outcome = MinimiseLbfgs(*space, onSpace, settings, onIteration);
  space->read(kX, x.data());
  return outcome;
}

} // namespace cumed::registration::detail
