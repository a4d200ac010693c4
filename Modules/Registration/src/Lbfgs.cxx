#include "src/Lbfgs.h"

#include <algorithm>
#include <cmath>
#include <deque>

namespace cumed::registration::detail {
namespace {

double Dot(const std::vector<double>& a, const std::vector<double>& b) {
  double s = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
  return s;
}

double MaxAbs(const std::vector<double>& a) {
  double m = 0.0;
  for (double v : a) m = std::max(m, std::fabs(v));
  return m;
}

struct Correction {
  std::vector<double> s, y;
  double rho;
};

/// The two-loop recursion: d = -H g with H scaled by s'y / y'y of the newest pair.
std::vector<double> Direction(const std::deque<Correction>& memory, const std::vector<double>& g) {
  std::vector<double> q = g;
  std::vector<double> alpha(memory.size());
  for (std::size_t n = memory.size(); n-- > 0;) {
    alpha[n] = memory[n].rho * Dot(memory[n].s, q);
    for (std::size_t i = 0; i < q.size(); ++i) q[i] -= alpha[n] * memory[n].y[i];
  }
  if (!memory.empty()) {
    const Correction& last = memory.back();
    const double gamma = Dot(last.s, last.y) / Dot(last.y, last.y);
    for (double& v : q) v *= gamma;
  }
  for (std::size_t n = 0; n < memory.size(); ++n) {
    const double beta = memory[n].rho * Dot(memory[n].y, q);
    for (std::size_t i = 0; i < q.size(); ++i) q[i] += memory[n].s[i] * (alpha[n] - beta);
  }
  for (double& v : q) v = -v;
  return q;
}

} // namespace

LbfgsOutcome MinimiseLbfgs(const CostFunction& cost, std::vector<double>& x,
                           const LbfgsSettings& settings, const IterationCallback& onIteration) {
  constexpr double kArmijo = 1e-4;
  LbfgsOutcome outcome;
  std::vector<double> g(x.size()), gNext(x.size()), xNext(x.size());
  double f = cost(x, &g);
  outcome.evaluations = 1;
  outcome.cost = f;
  std::deque<Correction> memory;
  while (outcome.iterations < settings.maximumIterations) {
    std::vector<double> d = Direction(memory, g);
    double slope = Dot(g, d);
    if (!(slope < 0.0)) { // not a descent direction: restart from steepest descent
      memory.clear();
      d = Direction(memory, g);
      slope = Dot(g, d);
    }
    const double largest = MaxAbs(d);
    if (!(largest > 0.0) || !(slope < 0.0)) {
      outcome.stop = "zero gradient";
      break;
    }
    double step = memory.empty() ? settings.firstStep / largest : 1.0;
    bool accepted = false;
    double fNext = f;
    for (int trial = 0; trial < settings.maximumTrials; ++trial) {
      for (std::size_t i = 0; i < x.size(); ++i) xNext[i] = x[i] + step * d[i];
      fNext = cost(xNext, &gNext);
      ++outcome.evaluations;
      if (std::isfinite(fNext) && fNext <= f + kArmijo * step * slope) {
        accepted = true;
        break;
      }
      // Minimum of the quadratic through f, the slope and fNext, kept within [0.1, 0.5] step.
      const double curvature = fNext - f - slope * step;
      double next = std::isfinite(fNext) && curvature > 0.0
                        ? -slope * step * step / (2.0 * curvature)
                        : 0.5 * step;
      step = std::clamp(next, 0.1 * step, 0.5 * step);
    }
    if (!accepted) {
      if (!memory.empty()) { // the curvature model failed: once more along the gradient
        memory.clear();
        continue;
      }
      outcome.stop = "line search found no decrease";
      break;
    }
    Correction c{std::vector<double>(x.size()), std::vector<double>(x.size()), 0.0};
    for (std::size_t i = 0; i < x.size(); ++i) {
      c.s[i] = xNext[i] - x[i];
      c.y[i] = gNext[i] - g[i];
    }
    const double sy = Dot(c.s, c.y);
    if (sy > 1e-12 * Dot(c.y, c.y)) { // keep only pairs that keep H positive definite
      c.rho = 1.0 / sy;
      memory.push_back(std::move(c));
      if (static_cast<int>(memory.size()) > settings.memory) memory.pop_front();
    }
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
