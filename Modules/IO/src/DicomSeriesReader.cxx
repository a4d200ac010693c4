#include "cumed/io/DicomSeriesReader.h"

#include "DicomDirectoryScan.h"
#include "DicomSliceStack.h"
#include "HounsfieldVolumeReader.h"
#include "NumberText.h"
#include "cumed/core/Execution.h"
#include "cumed/core/Log.h"
#include "cumed/core/Timer.h"

#include <omp.h>

#include <algorithm>
#include <cmath>

namespace cumed::io {
namespace {

using detail::DicomDirectoryScan;

std::string ListSeries(const DicomDirectoryScan& scan, const std::string& except) {
  std::string list;
  for (const auto& [uid, files] : scan.series) {
    if (uid == except) continue;
    list += (list.empty() ? "" : ", ") + uid + " (" + std::to_string(files.size()) + " files)";
  }
  return list;
}

// The requested series, or else the one with the most files (ties: the smallest UID, so the
// choice does not depend on the file system's listing order).
std::string SelectSeries(const DicomDirectoryScan& scan, const std::string& directory,
                         const std::string& requestedUid) {
  if (!requestedUid.empty()) {
    if (scan.series.count(requestedUid) == 0)
      throw DicomError("no series with " + detail::Describe(detail::kSeriesInstanceUid) + " '" +
                       requestedUid + "' in '" + directory +
                       "'; it holds: " + ListSeries(scan, ""));
    return requestedUid;
  }
  const auto largest =
      std::max_element(scan.series.begin(), scan.series.end(), [](const auto& a, const auto& b) {
        return a.second.size() < b.second.size();
      });
  if (scan.series.size() > 1)
    Log(LogLevel::Warning, "'" + directory + "' holds " + std::to_string(scan.series.size()) +
                               " series; reading the largest, " + largest->first + " (" +
                               std::to_string(largest->second.size()) +
                               " files); not read: " + ListSeries(scan, largest->first));
  return largest->first;
}

DicomPatientStudy PatientStudyOf(const detail::DicomFileHeader& slice) {
  using namespace detail;
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

// What the series says of itself (its first slice), beyond the geometry.
void DescribeSeries(const std::vector<detail::DicomFileHeader>& slices, DicomSeriesInfo& info) {
  using namespace detail;
  const DicomFileHeader& first = slices.front();
  info.modality = first.Text(kModality);
  info.seriesDescription = first.Text(kSeriesDescription);
  if (const auto number = ParseNumber(first.Text(kSeriesNumber));
      number && *number == std::floor(*number) && std::abs(*number) < 2147483647.0)
    info.seriesNumber = static_cast<int>(*number);
  info.convolutionKernel = first.Text(kConvolutionKernel);
  info.imageType = first.Text(kImageType);
  info.sopClassUid = first.Text(kSopClassUid);
  info.manufacturer = first.Text(kManufacturer);
  info.patientStudy = PatientStudyOf(first);
  for (const DicomFileHeader& slice : slices) {
    info.files.push_back(slice.path);
    info.sopInstanceUids.push_back(slice.Text(kSopInstanceUid));
  }
  info.rescaleSlope = first.NumberOr(kRescaleSlope, 1.0);
  info.rescaleIntercept = first.NumberOr(kRescaleIntercept, 0.0);
}

} // namespace

CtSeries ReadDicomCtSeries(const std::string& directory, const DicomReadOptions& options) {
  ExecutionScope scope(options); // refuses negative threads, applies a positive count
  const int threads = options.threads > 0 ? options.threads : omp_get_max_threads();
  const Stopwatch total;

  DicomDirectoryScan scan = detail::ScanDicomDirectory(directory, threads);
  detail::RequireSeries(scan, directory);
  const std::string uid = SelectSeries(scan, directory, options.seriesUid);
  std::vector<detail::DicomFileHeader>& slices = scan.series[uid];
  const detail::SliceStackGeometry geometry =
      detail::ValidateAndSortSlices(slices, options.requireCT);

  CtSeries result;
  DicomSeriesInfo& info = result.info;
  info.directory = directory;
  info.seriesUid = uid;
  DescribeSeries(slices, info);
  for (const auto& entry : scan.series)
    if (entry.first != uid) info.otherSeriesUids.push_back(entry.first);
  info.skippedFiles = scan.skippedFiles;

  const double headerSeconds = total.elapsedSeconds();
  scope.checkCancelled();
  result.image = detail::ReadHounsfieldVolume(info.files, geometry, threads);
  if (options.timing) {
    options.timing->threads = threads;
    options.timing->headerSeconds = headerSeconds;
    options.timing->totalSeconds = total.elapsedSeconds();
    options.timing->decodeSeconds = options.timing->totalSeconds - headerSeconds;
  }
  scope.finish(Backend::CPU);
  return result;
}

} // namespace cumed::io
