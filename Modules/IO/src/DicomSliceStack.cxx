#include "DicomSliceStack.h"

#include "NumberText.h"
#include "cumed/core/Log.h"
#include "cumed/io/DicomSeriesReader.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <optional>
#include <string>

namespace cumed::io::detail {
namespace {

using Vec3 = std::array<double, 3>;

double Dot(const Vec3& a, const Vec3& b) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
double Norm(const Vec3& a) {
  return std::sqrt(Dot(a, a));
}
Vec3 Cross(const Vec3& a, const Vec3& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
Vec3 Scaled(const Vec3& a, double s) {
  return {a[0] * s, a[1] * s, a[2] * s};
}
Vec3 Minus(const Vec3& a, const Vec3& b) {
  return {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
}
Vec3 ToVec3(const std::vector<double>& v, std::size_t first) {
  return {v[first], v[first + 1], v[first + 2]};
}

// How messages name a slice: its file, and which frame of it for an enhanced multi-frame file.
std::string Name(const DicomFileHeader& slice) {
  if (slice.frame < 0) return slice.path;
  return slice.path + " (frame " + std::to_string(slice.frame + 1) + ")";
}

std::string Quoted(const std::string& path) {
  return "'" + path + "'";
}
std::string Mm(double value) {
  return FormatNumber(value) + " mm";
}

bool IsInteger(double value) {
  return std::abs(value - std::round(value)) <= 1e-6 * std::max(1.0, std::abs(value));
}

void CheckModality(const DicomFileHeader& slice) {
  const std::string modality = slice.Text(kModality);
  if (modality == "CT") return;
  throw DicomError(Name(slice) + ": " + Describe(kModality) + " is " +
                   (modality.empty() ? std::string("missing") : "'" + modality + "'") +
                   ", not CT (read it with requireCT = false if that is intended)");
}

void CheckTransferSyntax(const DicomFileHeader& slice) {
  if (!slice.transferSyntaxDecodable)
    throw DicomError(Name(slice) + ": unsupported " + Describe(kTransferSyntaxUid) + " " +
                     NameTransferSyntax(slice.transferSyntaxUid) +
                     ": GDCM cannot decode its pixel data");
}

// GDCM decodes by PhotometricInterpretation, not by SamplesPerPixel: a colour value on a
// one-sample slice overruns its buffers, and GDCMImageIO inverts MONOCHROME1 before applying the
// rescale, so its HU would come out as (2^BitsStored - 1) - HU.
void CheckPhotometricInterpretation(const DicomFileHeader& slice) {
  const std::string value = slice.Text(kPhotometricInterpretation);
  if (value == "MONOCHROME2" || !slice.Has(kPhotometricInterpretation)) return;
  const std::string is =
      Name(slice) + ": " + Describe(kPhotometricInterpretation) + " is '" + value;
  if (value == "MONOCHROME1")
    throw DicomError(is + "': inverted grey values are not read (the decoder would invert " +
                     "them before the rescale, giving wrong Hounsfield units); expected " +
                     "MONOCHROME2 for CT");
  throw DicomError(is + "' (expected MONOCHROME2: a CT slice holds one grey sample per pixel)");
}

// BitsStored and HighBit must describe the pixels as the decoder reads them: HighBit ==
// BitsStored - 1 (PS3.3 C.7.6.3.1.1 for these modules) and BitsStored <= BitsAllocated.
void CheckBitLayout(const DicomFileHeader& slice, long allocated) {
  const long stored = slice.Integer(kBitsStored);
  if (stored < 1 || stored > allocated)
    throw DicomError(Name(slice) + ": " + Describe(kBitsStored) + " is " + std::to_string(stored) +
                     " (expected 1 to " + Describe(kBitsAllocated) + " " +
                     std::to_string(allocated) + ")");
  const long highBit = slice.Integer(kHighBit);
  if (highBit != stored - 1)
    throw DicomError(Name(slice) + ": " + Describe(kHighBit) + " is " + std::to_string(highBit) +
                     " (expected " + Describe(kBitsStored) + " " + std::to_string(stored) +
                     " - 1 = " + std::to_string(stored - 1) + ")");
}

void CheckPixelEncoding(const DicomFileHeader& slice) {
  if (const long samples = slice.IntegerOr(kSamplesPerPixel, 1); samples != 1)
    throw DicomError(Name(slice) + ": " + Describe(kSamplesPerPixel) + " is " +
                     std::to_string(samples) + "; a CT slice has 1 sample per pixel");
  CheckPhotometricInterpretation(slice);
  // A header that stands for one frame of a multi-frame file (EnhancedCtFrames.h) is one slice.
  if (const long frames = slice.IntegerOr(kNumberOfFrames, 1); frames != 1 && slice.frame < 0)
    throw DicomError(Name(slice) + ": " + Describe(kNumberOfFrames) + " is " +
                     std::to_string(frames) + "; only single-frame slices are supported");
  const long bits = slice.Integer(kBitsAllocated);
  if (bits != 8 && bits != 16 && bits != 32)
    throw DicomError(Name(slice) + ": " + Describe(kBitsAllocated) + " is " + std::to_string(bits) +
                     " (expected 8, 16 or 32)");
  CheckBitLayout(slice, bits);
  const long representation = slice.Integer(kPixelRepresentation);
  if (representation != 0 && representation != 1)
    throw DicomError(Name(slice) + ": " + Describe(kPixelRepresentation) + " is " +
                     std::to_string(representation) + " (expected 0 or 1)");
}

// The int16 output holds HU exactly only if slope and intercept are integers (else the decoded
// values are rounded when `roundRescale`); beyond kMaxRescaleMagnitude no stored value but 0
// maps into int16 anyway.
void CheckRescale(const DicomFileHeader& slice, bool roundRescale) {
  const double slope = slice.NumberOr(kRescaleSlope, 1.0);
  const double intercept = slice.NumberOr(kRescaleIntercept, 0.0);
  for (const auto& [tag, value] : {std::pair{kRescaleSlope, slope}, {kRescaleIntercept, intercept}})
    if (std::abs(value) > kMaxRescaleMagnitude)
      throw DicomError(Name(slice) + ": " + Describe(tag) + " is " + FormatNumber(value) +
                       " (expected a magnitude of at most " + FormatNumber(kMaxRescaleMagnitude) +
                       " for int16 Hounsfield units)");
  if (slope != 0 && ((IsInteger(slope) && IsInteger(intercept)) || roundRescale)) return;
  throw DicomError(Name(slice) + ": " + Describe(kRescaleSlope) + " = " + FormatNumber(slope) +
                   " and " + Describe(kRescaleIntercept) + " = " + FormatNumber(intercept) +
                   (slope == 0 ? " map every stored value to one Hounsfield unit"
                               : " do not map stored values to integer Hounsfield units (the "
                                 "output is int16; roundRescale rounds them)"));
}

void CheckPixelDataLength(const DicomFileHeader& slice, long rows, long columns) {
  if (!slice.pixelDataPresent)
    throw DicomError(Name(slice) + ": " + Describe(kPixelData) + " is missing");
  if (slice.pixelDataEncapsulated) return; // compressed: the decoder notices damage
  const long bits = slice.Integer(kBitsAllocated);
  const std::uint64_t expected = std::uint64_t(rows) * std::uint64_t(columns) * (bits / 8);
  // An odd length is padded to even with one byte; any other difference means the tags
  // describe other pixels than the ones stored (the decoder would read them reshaped).
  const std::uint64_t padded = expected + expected % 2;
  if (slice.pixelDataLength == expected || slice.pixelDataLength == padded) return;
  throw DicomError(Name(slice) + ": " + Describe(kPixelData) + " is " +
                   (slice.pixelDataLength < expected ? "too short" : "too long") + ": " +
                   std::to_string(slice.pixelDataLength) + " bytes, " + std::to_string(expected) +
                   " expected (" + Describe(kRows) + " " + std::to_string(rows) + " x " +
                   Describe(kColumns) + " " + std::to_string(columns) + " x " +
                   Describe(kBitsAllocated) + " " + std::to_string(bits) + " / 8)");
}

void CheckImageSizes(const std::vector<DicomFileHeader>& slices, long& rows, long& columns) {
  const DicomFileHeader& first = slices.front();
  rows = first.Integer(kRows);
  columns = first.Integer(kColumns);
  if (rows <= 0 || columns <= 0)
    throw DicomError(Name(first) + ": image size " + std::to_string(columns) + " x " +
                     std::to_string(rows) + " (" + Describe(kColumns) + " x " + Describe(kRows) +
                     ") is empty");
  for (const DicomFileHeader& slice : slices) {
    const long sliceRows = slice.Integer(kRows);
    const long sliceColumns = slice.Integer(kColumns);
    if (sliceRows != rows || sliceColumns != columns)
      throw DicomError("mixed image sizes in one series: " + Quoted(Name(first)) + " is " +
                       std::to_string(columns) + " x " + std::to_string(rows) + " but " +
                       Quoted(Name(slice)) + " is " + std::to_string(sliceColumns) + " x " +
                       std::to_string(sliceRows) + " (" + Describe(kColumns) + " x " +
                       Describe(kRows) + ")");
    CheckPixelDataLength(slice, rows, columns);
  }
}

std::vector<double> CheckPixelSpacing(const std::vector<DicomFileHeader>& slices) {
  const DicomFileHeader& first = slices.front();
  const std::vector<double> spacing = first.Numbers(kPixelSpacing, 2);
  // Outside this range ITK's index-to-point matrix becomes singular or overflows.
  for (double value : spacing)
    if (!(value >= kMinPixelSpacingMm && value <= kMaxPixelSpacingMm))
      throw DicomError(Name(first) + ": " + Describe(kPixelSpacing) + " '" +
                       first.Text(kPixelSpacing) + "' is outside " +
                       FormatNumber(kMinPixelSpacingMm) + " to " +
                       FormatNumber(kMaxPixelSpacingMm) + " mm");
  for (const DicomFileHeader& slice : slices) {
    const std::vector<double> other = slice.Numbers(kPixelSpacing, 2);
    for (int i = 0; i < 2; ++i)
      if (std::abs(other[i] - spacing[i]) > kPixelSpacingTolerance * spacing[i])
        throw DicomError("mixed " + Describe(kPixelSpacing) + " in one series: " +
                         Quoted(Name(first)) + " has '" + first.Text(kPixelSpacing) + "' but " +
                         Quoted(Name(slice)) + " has '" + slice.Text(kPixelSpacing) + "'");
  }
  return spacing;
}

// Returns the unit row and column cosines of the first slice after checking all slices agree.
std::array<Vec3, 2> CheckOrientation(const std::vector<DicomFileHeader>& slices) {
  const DicomFileHeader& first = slices.front();
  const std::vector<double> cosines = first.Numbers(kImageOrientationPatient, 6);
  const Vec3 row = ToVec3(cosines, 0);
  const Vec3 column = ToVec3(cosines, 3);
  if (std::abs(Norm(row) - 1) > kOrthonormalTolerance ||
      std::abs(Norm(column) - 1) > kOrthonormalTolerance ||
      std::abs(Dot(row, column)) > kOrthonormalTolerance)
    throw DicomError(Name(first) + ": " + Describe(kImageOrientationPatient) + " '" +
                     first.Text(kImageOrientationPatient) + "' is not two orthogonal unit vectors");
  for (const DicomFileHeader& slice : slices) {
    const std::vector<double> other = slice.Numbers(kImageOrientationPatient, 6);
    for (int i = 0; i < 6; ++i)
      if (std::abs(other[i] - cosines[i]) > kOrientationTolerance)
        throw DicomError("mixed " + Describe(kImageOrientationPatient) +
                         " in one series: " + Quoted(Name(first)) + " has '" +
                         first.Text(kImageOrientationPatient) + "' but " + Quoted(Name(slice)) +
                         " has '" + slice.Text(kImageOrientationPatient) + "'");
  }
  return {Scaled(row, 1 / Norm(row)), Scaled(column, 1 / Norm(column))};
}

// A single slice has no neighbour to measure the step from: fall back to what the file says.
double SingleSliceStep(const DicomFileHeader& slice) {
  for (const DicomTag& tag : {kSpacingBetweenSlices, kSliceThickness})
    if (slice.Has(tag) && slice.Number(tag) > 0) return slice.Number(tag);
  return 1.0;
}

// Gaps must all equal the typical (median) gap: anything else is a missing slice, a duplicate
// or an uneven series, and each gets its own message naming both files and positions.
// `allowance` (mm) widens the tolerance by what rounding the positions' text can explain.
void CheckGaps(const std::vector<DicomFileHeader>& slices, const std::vector<double>& positions,
               double allowance) {
  std::vector<double> gaps(positions.size() - 1);
  for (std::size_t i = 0; i + 1 < positions.size(); ++i) gaps[i] = positions[i + 1] - positions[i];
  std::vector<double> sortedGaps = gaps;
  std::nth_element(sortedGaps.begin(), sortedGaps.begin() + sortedGaps.size() / 2,
                   sortedGaps.end());
  const double step = sortedGaps[sortedGaps.size() / 2];
  const double tolerance = kSliceGapTolerance * step + allowance;
  for (std::size_t i = 0; i < gaps.size(); ++i) {
    const double gap = gaps[i];
    if (std::abs(gap - step) <= tolerance) continue;
    const std::string between = Quoted(Name(slices[i])) + " (position " + Mm(positions[i]) +
                                ") and " + Quoted(Name(slices[i + 1])) + " (position " +
                                Mm(positions[i + 1]) + ")";
    const std::string tag = " (" + Describe(kImagePositionPatient) + ")";
    if (gap <= std::max(tolerance, 1e-6))
      throw DicomError("two slices at the same position along the slice normal: " + between + tag);
    const double multiple = std::round(gap / step);
    if (multiple >= 2 && std::abs(gap - multiple * step) <= tolerance * multiple)
      throw DicomError("missing slice: the gap between " + between + " is " + Mm(gap) + ", " +
                       FormatNumber(multiple) + " times the slice spacing of " + Mm(step) + tag);
    throw DicomError("non-uniform slice spacing: the gap between " + between + " is " + Mm(gap) +
                     " but the other slices are " + Mm(step) + " apart" + tag);
  }
}

// Each slice's offset (mm) from the normal through the first slice.
std::vector<Vec3> OffsetsFromNormal(const std::vector<Vec3>& corners,
                                    const std::vector<double>& positions, const Vec3& normal) {
  std::vector<Vec3> offsets;
  for (std::size_t i = 0; i < corners.size(); ++i)
    offsets.push_back(
        Minus(Minus(corners[i], corners[0]), Scaled(normal, positions[i] - positions[0])));
  return offsets;
}

bool StackedAlongNormal(const std::vector<Vec3>& offsets, double step, double allowance) {
  return std::all_of(offsets.begin(), offsets.end(), [&](const Vec3& offset) {
    return Norm(offset) <= kSliceGapTolerance * step + allowance;
  });
}

// The resolution of ImagePositionPatient's text: one unit of its last decimal place, the
// coarsest over slices and components ("12.35" -> 0.01 mm). A scanner that writes few decimals
// makes the gaps look uneven by up to this much per coordinate: 0.625 mm slices written with two
// decimals step 0.62, 0.63 mm, and a tilted slice's coordinates are not round numbers at all.
double PositionResolution(const std::vector<DicomFileHeader>& slices) {
  double resolution = 0;
  for (const DicomFileHeader& slice : slices) {
    const std::string text = slice.Text(kImagePositionPatient);
    if (text.find_first_of("eE") != std::string::npos) continue; // exponent: precision unknown
    std::size_t start = 0;
    while (start <= text.size()) {
      const std::size_t end = std::min(text.find('\\', start), text.size());
      const std::string value = text.substr(start, end - start);
      const std::size_t point = value.find('.');
      std::size_t decimals = 0;
      if (point != std::string::npos)
        while (point + 1 + decimals < value.size() &&
               std::isdigit(static_cast<unsigned char>(value[point + 1 + decimals])))
          ++decimals;
      resolution = std::max(resolution, std::pow(10.0, -double(decimals)));
      start = end + 1;
    }
  }
  return resolution;
}

// Where positions are rounded to `resolution` per coordinate, a position (or the difference of
// two gaps) is off by at most 2 sqrt(3) x resolution; never more than a small fraction of the
// step, so that a missing or misplaced slice is still told apart.
double RoundingAllowance(double resolution, double step) {
  return std::min(2 * std::sqrt(3.0) * resolution, kMaxPositionRoundingFraction * step);
}

// A gantry/detector tilt shears the stack: every slice lies on a parallel plane and its position
// steps off the first slice's normal by one constant in-plane vector per slice. Returns that
// vector; DicomError when the offsets do not grow linearly (not one regular volume).
Vec3 MeasureShear(const std::vector<DicomFileHeader>& slices, const std::vector<Vec3>& offsets,
                  double step, double allowance) {
  const Vec3 shear = Scaled(offsets.back(), 1.0 / double(offsets.size() - 1));
  const double tolerance = kSliceGapTolerance * step + allowance;
  for (std::size_t i = 1; i < offsets.size(); ++i) {
    const double deviation = Norm(Minus(offsets[i], Scaled(shear, double(i))));
    if (deviation > tolerance)
      throw DicomError(
          "slices are not stacked along the slice normal and not sheared by a constant step " +
          std::string("(irregular gantry tilt or shear): ") + Describe(kImagePositionPatient) +
          " of " + Quoted(Name(slices[i])) + " is " + Mm(Norm(offsets[i])) +
          " off the normal through " + Quoted(Name(slices[0])) + ", " + Mm(deviation) +
          " from where a constant shear of " + Mm(Norm(shear)) + " per slice puts it");
  }
  return shear;
}

Vec3 CheckedPosition(const DicomFileHeader& slice) {
  const Vec3 position = ToVec3(slice.Numbers(kImagePositionPatient, 3), 0);
  for (double value : position)
    if (std::abs(value) > kMaxPositionMm)
      throw DicomError(Name(slice) + ": " + Describe(kImagePositionPatient) + " '" +
                       slice.Text(kImagePositionPatient) + "' is more than " +
                       FormatNumber(kMaxPositionMm) + " mm from the origin");
  return position;
}

// Gaps are only seen between neighbours: a lost first or last slice is found only by what the
// series says about itself. ImagesInAcquisition is a count: more slices than it are an error,
// fewer a warning (the slices present are regular, checked before; exports are often partial,
// seen on MR); a run of consecutive InstanceNumbers that does not start at 1 suggests a lost end
// (a warning too).
// These tags are optional and only cross-check the slice count: a malformed value is ignored.
std::optional<long> LenientInteger(const DicomFileHeader& slice, const DicomTag& tag) {
  const std::optional<double> value = ParseNumber(slice.Text(tag));
  if (!value || *value != std::floor(*value) || std::abs(*value) > 2147483647.0) return {};
  return static_cast<long>(*value);
}

void CheckSeriesEnds(const std::vector<DicomFileHeader>& sorted) {
  const DicomFileHeader& first = sorted.front();
  if (const std::optional<long> declared = LenientInteger(first, kImagesInAcquisition)) {
    bool sameEverywhere = true;
    for (const DicomFileHeader& slice : sorted)
      sameEverywhere = sameEverywhere && LenientInteger(slice, kImagesInAcquisition) == declared;
    if (sameEverywhere && *declared < long(sorted.size()))
      throw DicomError("the series has " + std::to_string(sorted.size()) + " slices but " +
                       Describe(kImagesInAcquisition) + " of its files says " +
                       std::to_string(*declared) + " (first file " + Quoted(Name(first)) + ")");
    if (sameEverywhere && *declared > long(sorted.size()))
      Log(LogLevel::Warning,
          "the series has " + std::to_string(sorted.size()) + " slices but " +
              Describe(kImagesInAcquisition) + " of its files says " + std::to_string(*declared) +
              ": reading the " + std::to_string(sorted.size()) +
              " regularly spaced slices present (a partial export, or slices missing at an " +
              "end; first file " + Quoted(Name(first)) + ")");
  }
  std::vector<long> numbers;
  for (const DicomFileHeader& slice : sorted) {
    const std::optional<long> number = LenientInteger(slice, kInstanceNumber);
    if (!number) return;
    numbers.push_back(*number);
  }
  const long step = numbers.size() > 1 ? numbers[1] - numbers[0] : 0;
  if (step != 1 && step != -1) return;
  for (std::size_t i = 1; i < numbers.size(); ++i)
    if (numbers[i] - numbers[i - 1] != step) return;
  const auto lowest = std::min_element(numbers.begin(), numbers.end());
  if (*lowest > 1)
    Log(LogLevel::Warning, "the slices' " + Describe(kInstanceNumber) + " values run from " +
                               std::to_string(*lowest) + " to " +
                               std::to_string(*std::max_element(numbers.begin(), numbers.end())) +
                               ": instance " + std::to_string(*lowest - 1) + " next to " +
                               Quoted(Name(sorted[lowest - numbers.begin()])) + " may be missing");
}

} // namespace

SliceStackGeometry ValidateAndSortSlices(std::vector<DicomFileHeader>& slices, bool requireCT,
                                         bool roundRescale) {
  if (slices.empty()) throw DicomError("a DICOM series without files");
  for (const DicomFileHeader& slice : slices) {
    CheckTransferSyntax(slice); // first: an unsupported encoding also explains parse damage
    if (!slice.damage.empty()) throw DicomError(Name(slice) + ": " + slice.damage);
    if (requireCT) CheckModality(slice);
    CheckPixelEncoding(slice);
    CheckRescale(slice, roundRescale);
  }
  long rows = 0, columns = 0;
  CheckImageSizes(slices, rows, columns);
  const std::vector<double> pixelSpacing = CheckPixelSpacing(slices);
  const auto [row, column] = CheckOrientation(slices);
  const Vec3 cross = Cross(row, column);
  const Vec3 normal = Scaled(cross, 1 / Norm(cross));

  // Sort by position along the normal; file names and InstanceNumber are not trustworthy.
  std::vector<Vec3> corners;
  for (const DicomFileHeader& slice : slices) corners.push_back(CheckedPosition(slice));
  std::vector<std::size_t> order(slices.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return Dot(corners[a], normal) < Dot(corners[b], normal);
  });
  std::vector<DicomFileHeader> sortedSlices;
  std::vector<Vec3> sortedCorners;
  std::vector<double> positions;
  for (std::size_t index : order) {
    sortedSlices.push_back(std::move(slices[index]));
    sortedCorners.push_back(corners[index]);
    positions.push_back(Dot(corners[index], normal));
  }
  slices = std::move(sortedSlices);

  double step = 0;
  Vec3 shear{};
  if (slices.size() == 1) {
    step = SingleSliceStep(slices.front());
  } else {
    step = (positions.back() - positions.front()) / double(slices.size() - 1);
    const double allowance = RoundingAllowance(PositionResolution(slices), step);
    CheckGaps(slices, positions, allowance);
    const std::vector<Vec3> offsets = OffsetsFromNormal(sortedCorners, positions, normal);
    if (!StackedAlongNormal(offsets, step, allowance))
      shear = MeasureShear(slices, offsets, step, allowance);
  }
  CheckSeriesEnds(slices); // after the gaps: a missing middle slice is named more precisely there

  SliceStackGeometry geometry;
  geometry.size = {std::size_t(columns), std::size_t(rows), slices.size()};
  // PixelSpacing is "row spacing \ column spacing": the y step first.
  geometry.spacing = {pixelSpacing[1], pixelSpacing[0], step};
  geometry.origin = sortedCorners.front();
  geometry.shearPerSlice = shear;
  geometry.tiltDegrees = std::atan2(Norm(shear), step) * 180 / M_PI;
  for (int r = 0; r < 3; ++r) {
    geometry.direction[r * 3 + 0] = row[r];
    geometry.direction[r * 3 + 1] = column[r];
    geometry.direction[r * 3 + 2] = normal[r];
  }
  return geometry;
}

} // namespace cumed::io::detail
