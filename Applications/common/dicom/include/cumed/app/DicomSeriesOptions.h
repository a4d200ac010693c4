#pragma once
// --series SPEC and --list-series for every program that reads a DICOM folder, and the listing
// they print (also cumed-dicom-ls's output): one table row or JSON object per series of
// cumed::io::ListDicomSeries, with the one the default rule reads and why.
#include "cumed/app/CommandLine.h"
#include "cumed/app/Json.h"
#include "cumed/io/DicomSeriesList.h"

#include <string>

namespace cumed::app {

struct DicomSeriesOptions {
  std::string series;      ///< --series: DicomReadOptions::series (empty: the default rule)
  bool listSeries = false; ///< --list-series: print the listing and stop
};

/// Declares --series SPEC and --list-series in `cli`.
void AddDicomSeriesOptions(CommandLine& cli, DicomSeriesOptions& options);

/// UsageError "--series applies to a DICOM series directory; INPUT 'PATH' is not one" when
/// --series is given for an input that is not a DICOM directory.
void CheckSeriesApplies(const DicomSeriesOptions& options, bool dicomDirectory,
                        const std::string& input);

/// The listing as JSON: {"root", "default_id" (null when none), "default_reason", "series": [...],
/// "skipped_files", "duplicate_files"}; each series with the fields of DicomSeriesEntry in
/// snake_case (series_number null when absent) and "default" (true for the default choice).
Json SeriesListingJson(const io::DicomSeriesListing& listing);
/// The listing as a table: a header line, one line per series ("*" marks the default choice),
/// then the default choice and its reason.
std::string SeriesListingTable(const io::DicomSeriesListing& listing);

/// Lists the series under `path` (recursively, on `threads` threads) as a table, or JSON with
/// `json`: what --list-series and cumed-dicom-ls print.
std::string ListSeriesText(const std::string& path, bool json, int threads);

/// RunCommandLine's `run` for a program with DICOM input: with --list-series, the listing of
/// `input(arguments)` instead of `run(arguments)`. `arguments` has members `dicomSeries` and
/// `tool`.
template <class Run, class Input> auto ListingOrRun(Run&& run, Input&& input) {
  return [run, input](const auto& arguments) -> std::string {
    if (arguments.dicomSeries.listSeries)
      return ListSeriesText(input(arguments), arguments.tool.json, arguments.tool.threads);
    return run(arguments);
  };
}

} // namespace cumed::app
