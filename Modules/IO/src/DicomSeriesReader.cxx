#include "cumed/io/DicomSeriesReader.h"

#include "DicomDirectoryScan.h"
#include "DicomSeriesCatalog.h"
#include "DicomSeriesSelection.h"
#include "DicomSliceStack.h"
#include "EnhancedCtFrames.h"
#include "EnhancedCtPixels.h"
#include "HounsfieldVolumeReader.h"
#include "NumberText.h"
#include "TiltResampling.h"
#include "cumed/core/Execution.h"
#include "cumed/core/LibraryMessages.h"
#include "cumed/core/Log.h"
#include "cumed/core/Timer.h"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <optional>

namespace cumed::io {
namespace {

using detail::DicomDirectoryScan;
using detail::SeriesChoice;

// The requested series (by UID, else by `series`), else the default rule's choice; one warning
// names what else the folder holds and why it was not read.
SeriesChoice SelectSeries(const std::vector<detail::CatalogPart>& catalog,
                          const std::string& directory, const DicomReadOptions& options) {
  std::vector<DicomSeriesEntry> entries;
  for (const detail::CatalogPart& part : catalog) entries.push_back(part.entry);
  if (!options.seriesUid.empty())
    return detail::ChooseSeriesByUid(entries, options.seriesUid, directory);
  if (!options.series.empty())
    return detail::ChooseRequestedSeries(entries, options.series, directory);
  if (const std::optional<SeriesChoice> choice = detail::ChooseDefaultSeries(entries)) {
    if (entries.size() > 1)
      Log(LogLevel::Warning, "'" + directory + "' holds " + std::to_string(entries.size()) +
                                 " series; reading " + DescribeSeriesEntry(entries[choice->index]) +
                                 " (" + choice->reason + "); not read: " + choice->notChosen);
    return *choice;
  }
  // Nothing qualifies: a lone series is read so that its own error speaks; several are listed.
  if (entries.size() == 1) return {0, "the only series", ""};
  throw DicomError("no series in '" + directory +
                   "' is readable as a CT volume; it holds:" + detail::ListEntries(entries));
}

// Files of the series read that were split off it (a localizer, another size or orientation).
void WarnAboutParts(const std::vector<detail::CatalogPart>& catalog, const DicomSeriesEntry& read) {
  if (read.parts == 1) return;
  std::string parts;
  for (const detail::CatalogPart& part : catalog)
    if (part.entry.seriesUid == read.seriesUid && part.entry.id != read.id)
      parts += (parts.empty() ? "" : "; ") + DescribeSeriesEntry(part.entry) + ", first file '" +
               part.headers.front().path + "'";
  Log(LogLevel::Warning, "series " + read.seriesUid +
                             " holds files that cannot share one volume "
                             "(ImageType LOCALIZER, image size or orientation differ); reading " +
                             DescribeSeriesEntry(read) + "; left out: " + parts);
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
  // What GDCM, DCMTK and ITK printed during the read, summed up once (LibraryMessages.h).
  const LibraryMessageSummaryScope libraryMessages;
  const int threads = options.threads > 0 ? options.threads : omp_get_max_threads();
  const Stopwatch total;

  DicomDirectoryScan scan = detail::ScanDicomTree(directory, threads, options.recursive);
  detail::RequireSeries(scan, directory);
  detail::ExpandEnhancedCtFrames(scan.series); // one header per frame: checked as slices
  std::vector<detail::CatalogPart> catalog = detail::BuildSeriesCatalog(scan, options);
  const SeriesChoice choice = SelectSeries(catalog, directory, options);
  const DicomSeriesEntry& entry = catalog[choice.index].entry;
  WarnAboutParts(catalog, entry);
  std::vector<detail::DicomFileHeader>& slices = catalog[choice.index].headers;
  const detail::SliceStackGeometry geometry =
      detail::ValidateAndSortSlices(slices, options.requireCT, options.roundRescale);
  detail::HandleTilt(geometry, slices.front(), options.tilt);

  CtSeries result;
  DicomSeriesInfo& info = result.info;
  info.directory = directory;
  info.seriesUid = entry.seriesUid;
  info.selection = choice.reason;
  DescribeSeries(slices, info);
  for (const detail::CatalogPart& part : catalog)
    if (part.entry.seriesUid != entry.seriesUid &&
        (info.otherSeriesUids.empty() || info.otherSeriesUids.back() != part.entry.seriesUid))
      info.otherSeriesUids.push_back(part.entry.seriesUid);
  info.skippedFiles = scan.skippedFiles;

  const double headerSeconds = total.elapsedSeconds();
  scope.checkCancelled();
  detail::HounsfieldRounding rounding;
  detail::HounsfieldRounding* const roundingOrNull = options.roundRescale ? &rounding : nullptr;
  info.multiFrame = std::any_of(slices.begin(), slices.end(),
                                [](const detail::DicomFileHeader& h) { return h.frame >= 0; });
  result.image = info.multiFrame
                     ? detail::ReadEnhancedCtVolume(slices, geometry, roundingOrNull)
                     : detail::ReadHounsfieldVolume(info.files, geometry, threads, roundingOrNull);
  detail::ReportRounding(rounding, slices, info);
  result.image = detail::ResampleTiltedStack(result.image, geometry);
  info.tiltDegrees = geometry.tiltDegrees;
  info.tiltResampled = geometry.tiltDegrees > 0;
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
