#pragma once
// Messages that third-party libraries (GDCM, DCMTK, ITK, VTK) print on their own, routed through
// CuMed's Log instead of reaching stderr directly: each at debug level ("gdcm: ..."), and at
// warning level one summary per library ("GDCM reported 214 messages (Missing dict entry x180,
// Inconsistent VR x34); --verbose shows them"), so that a normal series does not bury CuMed's own
// warnings under kilobytes of parser notes, and --quiet prints nothing of them.
// The routing itself is installed per library by cumed::io::RouteLibraryMessages
// (cumed/io/LibraryMessageRouting.h: GDCM, DCMTK, ITK) and cumed::vtk::RouteVtkMessages
// (cumed/vtk/VtkMessageRouting.h).
#include <string>
#include <string_view>

namespace cumed {

/// Records one message of `library` ("GDCM"): logs "<library in lower case>: <text>" at debug
/// level and counts it under its kind (the text up to its first ':', '[', '(' or digit: "Missing
/// dict entry for"). A header "<Level>: In <file>, line <n>...\n" (GDCM, VTK) moves behind the
/// text: "<text> (warning, <file name>:<n>)". Thread-safe.
void ReportLibraryMessage(std::string_view library, std::string_view text);

/// One line per library with messages reported since the last call, most frequent kinds first
/// (at most 5 named): "GDCM reported 214 messages (Missing dict entry for x180, Inconsistent VR
/// x34); --verbose (or CUMED_LOG_LEVEL=debug) shows them". Forgets them. "" when there were none.
std::string TakeLibraryMessageSummary();

/// Logs TakeLibraryMessageSummary()'s lines at warning level. Called once per DICOM read and at
/// the end of a program.
void LogLibraryMessageSummary();

/// Logs the summary of what was reported during its lifetime when it goes away, however the
/// scope is left (a DICOM read that throws too). Messages reported before it are included.
class LibraryMessageSummaryScope {
public:
  LibraryMessageSummaryScope() = default;
  ~LibraryMessageSummaryScope();
  LibraryMessageSummaryScope(const LibraryMessageSummaryScope&) = delete;
  LibraryMessageSummaryScope& operator=(const LibraryMessageSummaryScope&) = delete;
};

} // namespace cumed
