#pragma once
// Limited-memory BFGS with a backtracking (Armijo) line search, on the host in double precision:
// the parameter vectors of a registration are small (three per control point), the cost and its
// gradient come from a backend.
#include <functional>
#include <limits>
#include <string>
#include <vector>

namespace cumed::registration::detail {

struct LbfgsSettings {
  int memory = 7; ///< correction pairs kept
  int maximumIterations = 100;
  double relativeTolerance = 1e-5; ///< stop when |f_k - f_k+1| <= tol * max(|f_k|, |f_k+1|)
  double firstStep = 1.0;          ///< the first step moves no parameter by more than this
  /// No step moves a parameter by more than this (a trust region against the long jumps that a
  /// curvature model fitted far away proposes on a non-convex cost); infinite: no limit.
  double maximumStep = std::numeric_limits<double>::infinity();
  int maximumTrials = 12; ///< cost evaluations per line search
};

struct LbfgsOutcome {
  int iterations = 0;
  int evaluations = 0;
  double cost = 0.0;
  std::string stop; ///< why it stopped, for reports
};

/// Returns the cost at x and, when `gradient` is not null, writes the gradient there.
using CostFunction =
    std::function<double(const std::vector<double>& x, std::vector<double>* gradient)>;
/// Called after every accepted step with the iteration number, cost and evaluations so far.
using IterationCallback = std::function<void(int iteration, double cost, int evaluations)>;

/// Minimises from x (updated in place to the best point found).
LbfgsOutcome MinimiseLbfgs(const CostFunction& cost, std::vector<double>& x,
                           const LbfgsSettings& settings, const IterationCallback& onIteration);

} // namespace cumed::registration::detail
