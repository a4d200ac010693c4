#include "DicomTiltedSeries.h"

#include "DicomTestSupport.h"
#include "cumed/io/DicomSeriesWriter.h"

#include <dcmtk/dcmdata/dcdeftag.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace cumed::io::test {

double Dot(const Vec3& a, const Vec3& b) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
Vec3 Add(const Vec3& a, const Vec3& b, double s) {
  return {a[0] + s * b[0], a[1] + s * b[1], a[2] + s * b[2]};
}

double TiltedSeries::radians() const {
  return degrees * std::acos(-1.0) / 180;
}
Vec3 TiltedSeries::row() const {
  return {1, 0, 0};
}
Vec3 TiltedSeries::column() const {
  if (style == TiltStyle::ShiftedOrigins) return {0, 1, 0};
  return {0, std::cos(radians()), std::sin(radians())};
}
Vec3 TiltedSeries::normal() const {
  const Vec3 c = column();
  return {0, -c[2], c[1]};
}
Vec3 TiltedSeries::position(int k) const {
  if (style == TiltStyle::ShiftedOrigins)
    return Add(origin, {0, tableStep * std::tan(radians()), tableStep}, k);
  return Add(origin, {0, 0, tableStep}, k);
}
double TiltedSeries::normalStep() const {
  return Dot(position(1), normal()) - Dot(position(0), normal());
}
Vec3 TiltedSeries::pixel(int k, double i, double j) const {
  return Add(Add(position(k), row(), i * columnSpacing), column(), j * rowSpacing);
}

double Ramp(const Vec3& p) {
  return 100 + 20 * p[0] - 15 * p[1] + 10 * p[2];
}

std::string PositionText(const Vec3& p, int decimals) {
  char text[128];
  std::snprintf(text, sizeof(text), "%.*f\\%.*f\\%.*f", decimals, p[0], decimals, p[1], decimals,
                p[2]);
  return text;
}

int WriteTiltedSeries(const TiltedSeries& series, const std::string& directory) {
  VolumeGeometry grid;
  grid.size = {std::size_t(series.columns), std::size_t(series.rows), std::size_t(series.slices)};
  HounsfieldImage::Pointer volume = MakeRandomVolume(grid, 0, 0);
  int lowest = 1 << 20;
  for (int k = 0; k < series.slices; ++k)
    for (int j = 0; j < series.rows; ++j)
      for (int i = 0; i < series.columns; ++i) {
        const int hu = int(std::lround(Ramp(series.pixel(k, i, j))));
        lowest = std::min(lowest, hu);
        volume->SetPixel({{i, j, k}}, std::int16_t(hu));
      }
  WriteDicomCtSeries(volume.GetPointer(), directory);
  const Vec3 r = series.row(), c = series.column();
  char orientation[160];
  std::snprintf(orientation, sizeof(orientation), "%.8f\\%.8f\\%.8f\\%.8f\\%.8f\\%.8f", r[0], r[1],
                r[2], c[0], c[1], c[2]);
  for (int k = 0; k < series.slices; ++k)
    EditDicomFileInPlace(fs::path(directory) / SliceName(k + 1), [&](DcmDataset& d) {
      PutString(d, DCM_ImagePositionPatient, PositionText(series.position(k), series.decimals));
      PutString(d, DCM_ImageOrientationPatient, orientation);
      PutString(d, DCM_PixelSpacing,
                std::to_string(series.rowSpacing) + "\\" + std::to_string(series.columnSpacing));
      if (series.writeGantryTag) {
        char tilt[32];
        std::snprintf(tilt, sizeof(tilt), "%g", series.degrees);
        PutString(d, DCM_GantryDetectorTilt, tilt);
      }
    });
  return lowest;
}

} // namespace cumed::io::test
