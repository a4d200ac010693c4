#pragma once
// Which series of a folder ReadDicomCtSeries reads: the one asked for (a UID, a SeriesNumber, a
// description or kernel), else the best axial CT by a fixed rule that says why it won.
#include "cumed/io/DicomSeriesList.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace cumed::io::detail {

struct SeriesChoice {
  std::size_t index = 0; ///< into the entries
  std::string reason;    ///< DicomSeriesInfo::selection
  std::string notChosen; ///< "; "-separated: each other entry and why it was not read
};

/// The default rule. Candidates: readable entries that are not localizers. Among them, in this
/// order: not derived/secondary capture, more than one slice, Modality CT, axial, the most
/// slices; a tie then goes to the lowest SeriesNumber (absent: last), then the smallest UID, and
/// the reason names the tied series and the rule. nullopt when no entry is a candidate.
std::optional<SeriesChoice> ChooseDefaultSeries(const std::vector<DicomSeriesEntry>& entries);

/// The entry `spec` names (DicomReadOptions::series): an entry id (UID or UID#N) equal to it;
/// else, when it holds a dot, none; when it is all digits, the main parts with that
/// SeriesNumber; otherwise the main parts whose SeriesDescription or one ConvolutionKernel value
/// equals it ignoring case. DicomError naming `root` and listing the candidates when none or
/// several match.
SeriesChoice ChooseRequestedSeries(const std::vector<DicomSeriesEntry>& entries,
                                   const std::string& spec, const std::string& root);

/// The entry whose id is `uid` (DicomReadOptions::seriesUid); DicomError listing the series of
/// `root` when there is none.
SeriesChoice ChooseSeriesByUid(const std::vector<DicomSeriesEntry>& entries, const std::string& uid,
                               const std::string& root);

/// Each entry on one line: "  ID: DESCRIPTION: REASON-OR-readable".
std::string ListEntries(const std::vector<DicomSeriesEntry>& entries);

} // namespace cumed::io::detail
