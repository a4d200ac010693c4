#include "src/Matrix3.h"

#include "cumed/core/Error.h"

#include <cmath>
#include <sstream>

namespace cumed::registration::detail {

Matrix3 IndexToPhysical(const std::array<double, 9>& direction,
                        const std::array<double, 3>& spacing) {
  Matrix3 m{};
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) m[3 * r + c] = direction[3 * r + c] * spacing[c];
  return m;
}

double Determinant(const Matrix3& m) {
  return m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) +
         m[2] * (m[3] * m[7] - m[4] * m[6]);
}

Matrix3 Inverse(const Matrix3& m) {
  const double d = Determinant(m);
  return {(m[4] * m[8] - m[5] * m[7]) / d, (m[2] * m[7] - m[1] * m[8]) / d,
          (m[1] * m[5] - m[2] * m[4]) / d, (m[5] * m[6] - m[3] * m[8]) / d,
          (m[0] * m[8] - m[2] * m[6]) / d, (m[2] * m[3] - m[0] * m[5]) / d,
          (m[3] * m[7] - m[4] * m[6]) / d, (m[1] * m[6] - m[0] * m[7]) / d,
          (m[0] * m[4] - m[1] * m[3]) / d};
}

void CheckDirection(const std::array<double, 9>& direction, const char* what) {
  for (double v : direction)
    if (!std::isfinite(v)) throw InvalidArgument(std::string(what) + " has a non-finite entry");
  const double d = Determinant(direction);
  // Directions are (near-)orthonormal; a determinant this small means dependent axes.
  if (!(std::fabs(d) > 1e-6)) {
    std::ostringstream message;
    message << what << " is singular (determinant " << d << "); expected independent axes";
    throw InvalidArgument(message.str());
  }
}

} // namespace cumed::registration::detail
