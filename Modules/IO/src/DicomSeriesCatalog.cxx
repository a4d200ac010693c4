#include "DicomSeriesCatalog.h"

#include "DicomSeriesSelection.h"
#include "DicomSliceStack.h"
#include "EnhancedCtFrames.h"
#include "NumberText.h"
#include "TiltResampling.h"
#include "cumed/core/Execution.h"
#include "cumed/core/Log.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <omp.h>
#include <optional>
#include <set>

namespace cumed::io::detail {
namespace {

using Vec3 = std::array<double, 3>;

constexpr double kPi = 3.14159265358979323846;
/// A normal further than this from every patient axis makes a series "oblique".
constexpr double kObliqueDegrees = 30;

// Optional attributes only describe a series here: a malformed value is treated as absent
// (the validation names it when the series is read).
std::optional<std::vector<double>> OptionalNumbers(const DicomFileHeader& header,
                                                   const DicomTag& tag, std::size_t count) {
  if (!header.Has(tag)) return std::nullopt;
  try {
    return header.Numbers(tag, count);
  } catch (const DicomError&) {
    return std::nullopt;
  }
}

int OptionalInteger(const DicomFileHeader& header, const DicomTag& tag, int fallback) {
  const std::optional<double> value = ParseNumber(header.Text(tag));
  if (!value || *value != std::floor(*value) || std::abs(*value) > 2147483647.0) return fallback;
  return static_cast<int>(*value);
}

std::vector<std::string> Values(const std::string& text) {
  std::vector<std::string> values;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = text.find('\\', start);
    std::string value = text.substr(start, end == std::string::npos ? end : end - start);
    value.erase(0, value.find_first_not_of(' '));
    value.erase(value.find_last_not_of(' ') + 1);
    values.push_back(value);
    if (end == std::string::npos) return values;
    start = end + 1;
  }
}

bool IsLocalizer(const DicomFileHeader& header) {
  const std::vector<std::string> values = Values(header.Text(kImageType));
  return std::find(values.begin(), values.end(), "LOCALIZER") != values.end();
}

bool IsDerived(const DicomFileHeader& header) {
  const std::vector<std::string> values = Values(header.Text(kImageType));
  const bool secondaryCapture =
      header.Text(kSopClassUid).rfind("1.2.840.10008.5.1.4.1.1.7", 0) == 0;
  return values.front() == "DERIVED" ||
         std::find(values.begin(), values.end(), "SECONDARY") != values.end() || secondaryCapture;
}

std::optional<Vec3> Normal(const DicomFileHeader& header) {
  const auto cosines = OptionalNumbers(header, kImageOrientationPatient, 6);
  if (!cosines) return std::nullopt;
  const std::vector<double>& c = *cosines;
  const Vec3 n{c[1] * c[5] - c[2] * c[4], c[2] * c[3] - c[0] * c[5], c[0] * c[4] - c[1] * c[3]};
  const double length = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
  if (!(length > 1e-6)) return std::nullopt;
  return Vec3{n[0] / length, n[1] / length, n[2] / length};
}

std::string OrientationOf(const std::optional<Vec3>& normal) {
  if (!normal) return "";
  const Vec3& n = *normal;
  const std::size_t axis =
      std::max_element(n.begin(), n.end(),
                       [](double a, double b) { return std::abs(a) < std::abs(b); }) -
      n.begin();
  if (std::abs(n[axis]) < std::cos(kObliqueDegrees * kPi / 180)) return "oblique";
  return axis == 2 ? "axial" : axis == 1 ? "coronal" : "sagittal";
}

// What decides whether two files of one UID belong to different images. Files of one ImageType
// stay together whatever their size or orientation (the validation then refuses them): a damaged
// slice must fail the read, not drop out of the volume.
struct PartKey {
  bool localizer = false;
  std::string imageType;
  int rows = 0;
  int columns = 0;
  std::optional<std::vector<double>> orientation;
  std::string orientationText; // when malformed: compared as text

  bool Matches(const PartKey& other) const {
    if (localizer != other.localizer) return false;
    if (imageType == other.imageType) return true;
    if (rows != other.rows || columns != other.columns) return false;
    if (!orientation || !other.orientation) return orientationText == other.orientationText;
    for (int i = 0; i < 6; ++i)
      if (std::abs((*orientation)[i] - (*other.orientation)[i]) > kOrientationTolerance)
        return false;
    return true;
  }
};

PartKey KeyOf(const DicomFileHeader& header) {
  PartKey key;
  key.localizer = IsLocalizer(header);
  key.imageType = header.Text(kImageType);
  key.rows = OptionalInteger(header, kRows, 0);
  key.columns = OptionalInteger(header, kColumns, 0);
  key.orientation = OptionalNumbers(header, kImageOrientationPatient, 6);
  key.orientationText = header.Text(kImageOrientationPatient);
  return key;
}

std::vector<std::vector<DicomFileHeader>> SplitParts(std::vector<DicomFileHeader>&& headers) {
  std::vector<PartKey> keys;
  std::vector<std::vector<DicomFileHeader>> parts;
  for (DicomFileHeader& header : headers) {
    const PartKey key = KeyOf(header);
    std::size_t i = 0;
    while (i < keys.size() && !keys[i].Matches(key)) ++i;
    if (i == keys.size()) {
      keys.push_back(key);
      parts.emplace_back();
    }
    parts[i].push_back(std::move(header));
  }
  std::vector<std::size_t> order(parts.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  // Not a localizer first, then the most files; equal ones stay in path order.
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    if (keys[a].localizer != keys[b].localizer) return !keys[a].localizer;
    return parts[a].size() > parts[b].size();
  });
  std::vector<std::vector<DicomFileHeader>> sorted;
  for (std::size_t i : order) sorted.push_back(std::move(parts[i]));
  return sorted;
}

// The validation's own warnings (InstanceNumber gaps) belong to a read, not to a listing.
class DebugOnlyLog {
public:
  DebugOnlyLog() {
    previous_ = SetLogSink([this](LogLevel, std::string_view message) {
      if (GetLogLevel() == LogLevel::Debug) Forward(message);
    });
  }
  ~DebugOnlyLog() { SetLogSink(previous_); }
  DebugOnlyLog(const DebugOnlyLog&) = delete;
  DebugOnlyLog& operator=(const DebugOnlyLog&) = delete;

private:
  void Forward(std::string_view message) {
    if (previous_) previous_(LogLevel::Debug, message);
  }
  LogSink previous_;
};

DicomSeriesEntry Describe(const std::string& uid, const std::vector<DicomFileHeader>& headers,
                          const DicomReadOptions& options) {
  const DicomFileHeader& first = headers.front();
  DicomSeriesEntry entry;
  entry.seriesUid = uid;
  std::set<std::string> directories, files;
  for (const DicomFileHeader& header : headers) {
    files.insert(header.path);
    directories.insert(std::filesystem::path(header.path).parent_path().string());
  }
  entry.directories.assign(directories.begin(), directories.end());
  entry.files = static_cast<int>(files.size());
  entry.slices = static_cast<int>(headers.size());
  entry.seriesNumber = OptionalInteger(first, kSeriesNumber, -1);
  entry.modality = first.Text(kModality);
  entry.seriesDescription = first.Text(kSeriesDescription);
  entry.convolutionKernel = first.Text(kConvolutionKernel);
  entry.imageType = first.Text(kImageType);
  entry.sopClassUid = first.Text(kSopClassUid);
  if (const auto thickness = OptionalNumbers(first, kSliceThickness, 1))
    entry.sliceThickness = thickness->front();
  const std::optional<Vec3> normal = Normal(first);
  entry.orientation = OrientationOf(normal);
  entry.columns = OptionalInteger(first, kColumns, 0);
  entry.rows = OptionalInteger(first, kRows, 0);
  entry.localizer = IsLocalizer(first);
  entry.derived = IsDerived(first);
  entry.patientStudy = PatientStudyOf(first);

  // Why the default rule passes over it, then why the reader would refuse it.
  std::string passedOver;
  if (entry.localizer)
    passedOver = "a localizer (" + detail::Describe(kImageType) + " " + entry.imageType + ")";
  else if (entry.derived)
    passedOver = "derived or secondary capture (" + detail::Describe(kImageType) + " '" +
                 entry.imageType + "', " + detail::Describe(kSopClassUid) + " " +
                 entry.sopClassUid + ")";
  else if (entry.slices == 1)
    passedOver = "a single slice";
  if (const auto tilt = OptionalNumbers(first, kGantryDetectorTilt, 1))
    entry.tiltDegrees = std::abs(tilt->front());
  std::vector<DicomFileHeader> copy = headers;
  try {
    const SliceStackGeometry geometry =
        ValidateAndSortSlices(copy, options.requireCT, options.roundRescale);
    HandleTilt(geometry, copy.front(), options.tilt);
    entry.tiltDegrees = geometry.tiltDegrees; // measured from the positions
    entry.readable = true;
    entry.reason = passedOver;
  } catch (const DicomError& error) {
    entry.reason = passedOver.empty() ? error.what() : passedOver + "; " + error.what();
  }
  return entry;
}

} // namespace

std::vector<CatalogPart> BuildSeriesCatalog(DicomDirectoryScan& scan,
                                            const DicomReadOptions& options) {
  DebugOnlyLog quiet;
  std::vector<CatalogPart> catalog;
  for (auto& [uid, headers] : scan.series) {
    std::vector<std::vector<DicomFileHeader>> parts = SplitParts(std::move(headers));
    headers.clear();
    for (std::size_t p = 0; p < parts.size(); ++p) {
      CatalogPart part;
      part.entry = Describe(uid, parts[p], options);
      part.entry.part = static_cast<int>(p + 1);
      part.entry.parts = static_cast<int>(parts.size());
      part.entry.id = p == 0 ? uid : uid + "#" + std::to_string(p + 1);
      part.entry.standardUid = IsStandardUid(uid);
      part.headers = std::move(parts[p]);
      catalog.push_back(std::move(part));
    }
  }
  return catalog;
}

DicomPatientStudy PatientStudyOf(const DicomFileHeader& slice) {
  DicomPatientStudy result;
  result.patientName = slice.Text(kPatientName);
  result.patientId = slice.Text(kPatientId);
  result.patientBirthDate = slice.Text(kPatientBirthDate);
  result.patientSex = slice.Text(kPatientSex);
  result.studyInstanceUid = slice.Text(kStudyInstanceUid);
  result.studyDate = slice.Text(kStudyDate);
  result.studyTime = slice.Text(kStudyTime);
  result.studyId = slice.Text(kStudyId);
  result.accessionNumber = slice.Text(kAccessionNumber);
  result.studyDescription = slice.Text(kStudyDescription);
  result.referringPhysicianName = slice.Text(kReferringPhysicianName);
  result.frameOfReferenceUid = slice.Text(kFrameOfReferenceUid);
  return result;
}

} // namespace cumed::io::detail

namespace cumed::io {

DicomSeriesListing ListDicomSeries(const std::string& root, const DicomReadOptions& options) {
  ExecutionScope scope(options); // refuses negative threads
  const int threads = options.threads > 0 ? options.threads : omp_get_max_threads();
  detail::DicomDirectoryScan scan = detail::ScanDicomTree(root, threads, options.recursive);
  detail::ExpandEnhancedCtFrames(scan.series); // as the reader does: a frame is a slice
  DicomSeriesListing listing;
  listing.root = root;
  listing.skippedFiles = scan.skippedFiles;
  listing.duplicateFiles = scan.duplicateFiles;
  for (detail::CatalogPart& part : detail::BuildSeriesCatalog(scan, options))
    listing.series.push_back(std::move(part.entry));
  if (const auto choice = detail::ChooseDefaultSeries(listing.series)) {
    listing.defaultIndex = static_cast<int>(choice->index);
    listing.defaultReason = choice->reason;
  } else {
    listing.defaultReason =
        listing.series.empty() ? "no DICOM series" : "no series is readable as a CT volume";
  }
  scope.finish(Backend::CPU);
  return listing;
}

} // namespace cumed::io
