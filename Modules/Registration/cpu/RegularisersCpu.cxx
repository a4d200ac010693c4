// OpenMP over z slices of the interior nodes, then over z slices of the control points. Each
// slice sums its nodes in a fixed order and the slices are added in order, so the value is the
// same bits for any thread count.
#include "src/RegulariserMath.h"

#include <vector>

namespace cumed::registration::detail {
namespace {

class RegulariserCpu final : public RegulariserComputer {
public:
  explicit RegulariserCpu(const RegulariserParams& params)
      : p_(params), sliceSums_(static_cast<std::size_t>(params.interior[2])) {}

  double evaluate(const float* coefficients, float* gradient) override {
    const std::int64_t nodes = p_.interior[0] * p_.interior[1] * p_.interior[2];
    if (gradient && adjoint_.empty())
      adjoint_.resize(static_cast<std::size_t>(3 * kChannels * nodes));
    double* adjoint = gradient ? adjoint_.data() : nullptr;
#pragma omp parallel for schedule(static)
    for (std::int64_t z = 1; z <= p_.interior[2]; ++z) {
      double sum = 0.0;
      for (std::int64_t y = 1; y <= p_.interior[1]; ++y)
        for (std::int64_t x = 1; x <= p_.interior[0]; ++x) {
          double s[3][kChannels], a[3][kChannels];
          NodeStencilSums(p_, coefficients, x, y, z, s);
          sum += NodePenalty(p_, s, a);
          if (!adjoint) continue;
          const std::int64_t node = InteriorIndex(p_, x, y, z);
          for (int k = 0; k < 3; ++k)
            for (int c = 0; c < kChannels; ++c)
              adjoint[(k * kChannels + c) * nodes + node] = a[k][c];
        }
      sliceSums_[static_cast<std::size_t>(z - 1)] = sum;
    }
    double value = 0.0;
    for (double s : sliceSums_) value += s;
    if (!gradient) return value;

    const std::int64_t n = p_.size[0] * p_.size[1] * p_.size[2];
#pragma omp parallel for schedule(static)
    for (std::int64_t z = 0; z < p_.size[2]; ++z)
      for (std::int64_t y = 0; y < p_.size[1]; ++y)
        for (std::int64_t x = 0; x < p_.size[0]; ++x) {
          double g[3];
          GatherNodeGradient(p_, adjoint, x, y, z, g);
          const std::int64_t q = x + p_.size[0] * (y + p_.size[1] * z);
          for (int k = 0; k < 3; ++k) gradient[k * n + q] += static_cast<float>(g[k]);
        }
    return value;
  }

private:
  RegulariserParams p_;
  std::vector<double> sliceSums_;
  std::vector<double> adjoint_;
};

} // namespace

std::unique_ptr<RegulariserComputer> MakeRegulariserCpu(const ControlGridShape& shape,
                                                        const RegularisationWeights& weights) {
  return std::make_unique<RegulariserCpu>(CheckedRegulariserParams(shape, weights));
}

} // namespace cumed::registration::detail
