#pragma once
// An independent reference for the free-form deformation, written from the definitions and
// sharing no code with the module (no FfdMath.h, no LatticeMath.h): double precision throughout.
//
// Sederberg-Parry: a point X has local coordinates (s, t, u) with X = X0 + s S + t T + u U
// (solved here by Cramer's rule); its image is sum_ijk C(l,i) C(m,j) C(n,k) s^i (1-s)^(l-i)
// t^j (1-t)^(m-j) u^k (1-u)^(n-k) P_ijk. Outside the lattice the module documents the clamped rule:
// X' = X + (image of c) - (rest box at c), c = (s, t, u) clamped to [0, 1]; inside, c = (s, t, u)
// and the rest box at c is X, so both are one formula.
#include <array>
#include <cstdint>
#include <vector>

namespace cumed::deformationtest {

/// A lattice as plain numbers: control points per axis (degree + 1), origin and edge vectors.
struct ReferenceLattice {
  std::array<int, 3> dimensions{};
  std::array<double, 3> origin{}, s{}, t{}, u{};
};

/// C(n, k) by the multiplicative formula, in double (exact for n <= 15).
double Binomial(int n, int k);

/// B_i^n(x) = C(n, i) x^i (1 - x)^(n - i), with 0^0 = 1.
double Bernstein(int n, int i, double x);

/// The rest control points: X0 + i/l S + j/m T + k/n U, i fastest, then j, then k.
std::vector<double> ReferenceRestPoints(const ReferenceLattice& lattice);

/// Unclamped local coordinates of x (Cramer's rule with triple products).
std::array<double, 3> ReferenceLocal(const ReferenceLattice& lattice, const double x[3]);

/// The deformed position of x with control points `controlPoints` (x,y,z each, lattice order).
std::array<double, 3> ReferenceDeform(const ReferenceLattice& lattice,
                                      const std::vector<double>& controlPoints, const double x[3]);

/// Vertex normals of a triangle mesh in double, from float positions: per vertex the sum over its
/// triangle corners of the cross product of the edges to the corner's two neighbours in winding
/// order (area weighting) or of that product normalised (unit weighting; a zero product adds
/// nothing). `sums` gets the unnormalised sums and `errorBound` a bound on how far float arithmetic
/// with relative error `epsilon` per operation may take them: sum over corners of epsilon |a||b|
/// (a cross product's rounding), for unit faces of min(2, epsilon |a||b| / |a x b|) (a sliver's
/// unit normal may point anywhere). The caller normalises.
struct ReferenceNormals {
  std::vector<double> sums;       ///< 3 per vertex
  std::vector<double> errorBound; ///< 1 per vertex
  std::vector<int> corners;       ///< triangle corners at each vertex
};
ReferenceNormals ReferenceVertexNormals(const float* points, std::size_t numberOfPoints,
                                        const std::int64_t* triangles, std::size_t corners,
                                        bool unitFaces, double epsilon);

} // namespace cumed::deformationtest
