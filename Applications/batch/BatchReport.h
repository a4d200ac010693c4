#pragma once
// The batch's report: one row per series found (processed, failed, duplicate or skipped), as
// OUT/report.json and OUT/report.csv, written together and last, under temporary names renamed
// into place (a reader never sees a half-written report, nor one without the other).
#include "cumed/io/SeriesDiscovery.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace cumed::batch {
using io::FoundSeries;
using io::SeriesStatus;

struct ReportRow {
  FoundSeries series; ///< directory, UID, status, error
  int rank = -1;      ///< the rank that ran it; -1 when it was not run
  int slices = 0;     ///< read slices (ok), else the files the scan found
  std::int64_t triangles = 0;
  double seconds = 0.0;
  std::string output; ///< the result folder ("" when none was written)
};

struct ReportCounts {
  int ok = 0, failed = 0, duplicate = 0, skipped = 0;
};
ReportCounts CountStatuses(const std::vector<ReportRow>& rows);

/// RFC 4180 CSV with a header line: path,series_uid,rank,status,error,slices,triangles,seconds,
/// output.
std::string FormatReportCsv(const std::vector<ReportRow>& rows);

/// One JSON object: {"input":..., "ranks":N, "counts":{"ok":..,"failed":..,"duplicate":..,
/// "skipped":..},
/// "series":[{"path":..,"series_uid":..,"rank":..,"status":..,"error":..,"slices":..,
/// "triangles":..,"seconds":..,"output":..}, ...]}.
std::string FormatReportJson(const std::string& input, int ranks,
                             const std::vector<ReportRow>& rows);

/// Writes OUT/report.json and OUT/report.csv atomically (staged, then renamed). cumed::Error
/// naming the file when one cannot be written or one exists already.
void WriteReport(const std::filesystem::path& outputDirectory, const std::string& input, int ranks,
                 const std::vector<ReportRow>& rows);

} // namespace cumed::batch
