#pragma once
// Routing the messages of the libraries CuMed::IO reads DICOM with (GDCM, DCMTK, ITK) through
// CuMed's Log (cumed/core/LibraryMessages.h): at debug level each message, at warning level one
// summary per DICOM read; nothing of theirs on stderr. Without it they print to stderr directly
// (GDCM: 72-400 "Missing dict entry"/"Inconsistent VR" notes per ordinary clinical series).
// The settings are process-wide; every call is idempotent and may be made at any time (the
// programs call them from ApplyToolOptions, Python's `import cumed` calls RouteLibraryMessages).

namespace cumed::io {

/// GDCM's gdcm::Trace debug, warning and error streams: one thread-safe stream that hands each
/// message (GDCM ends every one with a flush) to the Log, from whichever thread decodes. Also
/// turns GDCM's warnings and errors on (they are counted, not shown, unless the log level is
/// debug).
void RouteGdcmMessages();
/// DCMTK's oflog: the root logger's appenders replaced by one that reports to the Log. The
/// levels set by the reader stay (dcmtk.dcmdata: errors and up).
void RouteDcmtkMessages();
/// ITK's itk::OutputWindow replaced by one that reports to the Log.
void RouteItkMessages();
/// All three.
void RouteLibraryMessages();

} // namespace cumed::io
