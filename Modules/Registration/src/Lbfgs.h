#pragma once
// Limited-memory BFGS with a backtracking (Armijo) line search in double precision, written once
// over a space of vectors (src/LbfgsSpace.h): on the host, or on the device where the CUDA
// backend's cost lives, so that only scalars cross between them. The cost and its gradient come
// from a backend.
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

/// Minimises from x (updated in place to the best point found), vectors on the host.
LbfgsOutcome MinimiseLbfgs(const CostFunction& cost, std::vector<double>& x,
                           const LbfgsSettings& settings, const IterationCallback& onIteration);

class LbfgsSpace;
/// The cost at x (space.size() doubles in the space's memory); writes the gradient (same memory)
/// when `gradient` is not null.
using SpaceCostFunction = std::function<double(const double* x, double* gradient)>;

/// How many vectors MinimiseLbfgs needs in its space: 7 work vectors, 2 per correction pair.
int LbfgsVectorCount(const LbfgsSettings& settings);

/// Minimises from vector 0 of `space`, which holds the best point found on return. The space
/// needs LbfgsVectorCount(settings) vectors (InvalidArgument otherwise).
LbfgsOutcome MinimiseLbfgs(LbfgsSpace& space, const SpaceCostFunction& cost,
                           const LbfgsSettings& settings, const IterationCallback& onIteration);

} // namespace cumed::registration::detail
