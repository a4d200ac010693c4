#pragma once
// Row-major 3x3 helpers for the grids' index <-> physical matrices (host side).
#include <array>

namespace cumed::registration::detail {

using Matrix3 = std::array<double, 9>;

/// direction * diag(spacing): ITK's index-to-physical matrix.
Matrix3 IndexToPhysical(const std::array<double, 9>& direction,
                        const std::array<double, 3>& spacing);
double Determinant(const Matrix3& m);
/// The inverse by cofactors; the caller has checked that the determinant is not 0.
Matrix3 Inverse(const Matrix3& m);
/// Throws InvalidArgument naming `what` when the direction is singular or not finite.
void CheckDirection(const std::array<double, 9>& direction, const char* what);

} // namespace cumed::registration::detail
