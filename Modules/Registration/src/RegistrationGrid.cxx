#include "src/RegistrationGrid.h"

#include "cumed/core/Error.h"
#include "cumed/core/NumberRules.h"

#include <cmath>
#include <string>

namespace cumed::registration::detail {
namespace {

/// Nodes along an axis whose voxel centres span `extent` mm: two before the first centre (one
/// would put it at grid index 1, ITK's lower limit, where rounding may push it out) and
/// floor(extent / h) + 3 from it, so the last centre's grid index stays below size - 2.
std::size_t NodesAlong(double extent, double h) {
  return static_cast<std::size_t>(std::floor(extent / h + 1e-9)) + 5;
}

/// Coarse node j lies at grid position 2(j - 2) in fine units; fine node m at m - 2.
double FineValue(const std::vector<double>& coarse, std::size_t stride, std::size_t base,
                 std::int64_t m) {
  const std::int64_t q = m - 2;
  const std::int64_t p = q >= 0 ? q / 2 : (q - 1) / 2; // floor(q / 2)
  const std::int64_t j = p + 2;
  auto at = [&](std::int64_t n) { return coarse[base + static_cast<std::size_t>(n) * stride]; };
  if (q - 2 * p == 0) return (at(j - 1) + 6.0 * at(j) + at(j + 1)) / 8.0;
  return (at(j) + at(j + 1)) / 2.0;
}

/// Subdivides one axis of one component: `in` has sizes `from`, the result `to`, equal except
/// along `axis`.
std::vector<double> RefineAxis(const std::vector<double>& in,
                               const std::array<std::size_t, 3>& from,
                               const std::array<std::size_t, 3>& to, int axis) {
  std::vector<double> out(to[0] * to[1] * to[2]);
  const std::size_t strideIn[3] = {1, from[0], from[0] * from[1]};
  for (std::size_t k = 0; k < to[2]; ++k)
    for (std::size_t j = 0; j < to[1]; ++j)
      for (std::size_t i = 0; i < to[0]; ++i) {
        std::size_t at[3] = {i, j, k};
        const std::int64_t m = static_cast<std::int64_t>(at[axis]);
        at[axis] = 0;
        const std::size_t base = at[0] * strideIn[0] + at[1] * strideIn[1] + at[2] * strideIn[2];
        out[(k * to[1] + j) * to[0] + i] = FineValue(in, strideIn[axis], base, m);
      }
  return out;
}

} // namespace

BSplineGrid MakeRegistrationGrid(const ImageGeometry& fixed, double spacing) {
  static const char* const kAxis[3] = {"x", "y", "z"};
  if (!std::isfinite(spacing) || spacing <= 0.0)
    throw InvalidArgument("grid spacing must be finite and positive, got " +
                          numbers::FormatNumber(spacing) + " mm");
  ImageGeometry g;
  g.direction = fixed.direction;
  for (int a = 0; a < 3; ++a) {
    if (fixed.size[a] > 1 && spacing < fixed.spacing[a])
      throw InvalidArgument("gridSpacing = " + numbers::FormatNumber(spacing) +
                            " mm is smaller than the fixed image's voxel spacing along " +
                            kAxis[a] + " (" + numbers::FormatNumber(fixed.spacing[a]) + " mm)");
    g.spacing[a] = spacing;
    g.size[a] = NodesAlong(static_cast<double>(fixed.size[a] - 1) * fixed.spacing[a], spacing);
  }
  for (int r = 0; r < 3; ++r)
    g.origin[r] = fixed.origin[r] - 2.0 * spacing *
                                        (fixed.direction[3 * r] + fixed.direction[3 * r + 1] +
                                         fixed.direction[3 * r + 2]);
  const std::size_t n = g.numberOfPixels();
  return BSplineGrid(g, {std::vector<double>(n), std::vector<double>(n), std::vector<double>(n)});
}

BSplineGrid RefineRegistrationGrid(const BSplineGrid& coarse, const ImageGeometry& fixed) {
  BSplineGrid fine = MakeRegistrationGrid(fixed, 0.5 * coarse.coefficientGeometry().spacing[0]);
  const auto from = coarse.coefficientGeometry().size;
  const auto to = fine.coefficientGeometry().size;
  std::array<std::vector<double>, 3> refined;
  for (int c = 0; c < 3; ++c) {
    std::array<std::size_t, 3> sizes = from;
    std::vector<double> values = coarse.coefficients(c);
    for (int axis = 0; axis < 3; ++axis) {
      std::array<std::size_t, 3> next = sizes;
      next[axis] = to[axis];
      values = RefineAxis(values, sizes, next, axis);
      sizes = next;
    }
    refined[c] = std::move(values);
  }
  fine.setCoefficients(std::move(refined));
  return fine;
}

} // namespace cumed::registration::detail
