#pragma once
// Tilted CT series for the tests, written at test time: slices sheared as a tilted gantry
// acquires them, holding a linear HU ramp in patient coordinates (so that the value at any point
// of a resampled grid is known exactly).
#include <array>
#include <string>

namespace cumed::io::test {

using Vec3 = std::array<double, 3>;

double Dot(const Vec3& a, const Vec3& b);
/// a + s x b
Vec3 Add(const Vec3& a, const Vec3& b, double s = 1);

/// How the scanner describes the tilt.
enum class TiltStyle {
  TiltedPlanes,   ///< ImageOrientationPatient tilted about x, positions stepped along z (table)
  ShiftedOrigins, ///< ImageOrientationPatient axial, positions shifted in y as z steps
};

struct TiltedSeries {
  double degrees = 12;
  TiltStyle style = TiltStyle::TiltedPlanes;
  int columns = 24, rows = 20, slices = 10;
  double columnSpacing = 0.7, rowSpacing = 0.9, tableStep = 2.0;
  Vec3 origin{-6.0, -5.0, 10.0};
  int decimals = 6;            ///< of ImagePositionPatient's text
  bool writeGantryTag = false; ///< GantryDetectorTilt (0018,1120) = `degrees`

  double radians() const;
  Vec3 row() const;
  Vec3 column() const;
  Vec3 normal() const; ///< row x column
  /// ImagePositionPatient of slice k, before it is written as text.
  Vec3 position(int k) const;
  /// The step between the untilted slices: the table step projected on the normal.
  double normalStep() const;
  /// The patient point of pixel (column i, row j) of slice k.
  Vec3 pixel(int k, double i, double j) const;
};

/// The volume's HU at a patient point: a ramp with a different slope along each axis.
double Ramp(const Vec3& p);

/// "x\\y\\z" with `decimals` decimals.
std::string PositionText(const Vec3& p, int decimals);

/// Writes `series` into `directory` (IMG0001.dcm = slice 0): slice k holds the ramp sampled at
/// its own (sheared) pixels, rounded to whole HU. Returns the smallest HU written.
int WriteTiltedSeries(const TiltedSeries& series, const std::string& directory);

} // namespace cumed::io::test
