#include "cumed/io/DicomSeriesScan.h"

#include "DicomDirectoryScan.h"
#include "cumed/core/InputFile.h"
#include "cumed/core/ThreadCount.h"

#include <omp.h>

namespace cumed::io {

std::vector<DicomSeriesFiles> ScanDicomSeries(const std::string& directory, int threads) {
  CheckThreadCount(threads);
  const detail::DicomDirectoryScan scan = detail::ScanDicomDirectory(
      directory, threads > 0 ? threads : omp_get_max_threads(), /*warnSubdirectories=*/false);
  std::vector<DicomSeriesFiles> series;
  for (const auto& [uid, headers] : scan.series) {
    DicomSeriesFiles entry{uid, {}};
    for (const detail::DicomFileHeader& header : headers) entry.files.push_back(header.path);
    series.push_back(std::move(entry));
  }
  return series;
}

void CheckDicomFileBeforeLoading(const std::string& file) {
  CheckRegularInputFile(file, "'" + file + "':");
  const std::optional<detail::DicomFileHeader> header = detail::ScanDicomFile(file);
  if (!header)
    throw DicomError(file + ": not a DICOM file (expected the 128-byte preamble and \"DICM\")");
  if (!header->damage.empty()) throw DicomError(file + ": " + header->damage);
}

} // namespace cumed::io
