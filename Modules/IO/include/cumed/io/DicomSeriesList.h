#pragma once
// What the DICOM series of a folder tree (a CD export, a PACS download) are, from their headers
// alone (no pixel data read), and which one ReadDicomCtSeries reads by default and why.
#include "cumed/io/DicomSeriesReader.h"

#include <string>
#include <vector>

namespace cumed::io {

/// One series of a folder, or one part of it: files of one SeriesInstanceUID that differ in
/// ImageType LOCALIZER, Rows/Columns or ImageOrientationPatient are split into parts (as
/// dcm2niix does); part 1 is the main one (not a localizer, most files), read by its UID.
struct DicomSeriesEntry {
  /// How to ask for it (DicomReadOptions::series or seriesUid): the SeriesInstanceUID for part
  /// 1, "UID#N" for part N.
  std::string id;
  std::string seriesUid;
  int part = 1;                         ///< 1: the main part; parts 2... are the files split off it
  int parts = 1;                        ///< how many parts its SeriesInstanceUID has
  std::vector<std::string> directories; ///< holding its files, in path order
  int seriesNumber = -1;                ///< SeriesNumber (0020,0011); -1 when absent
  std::string modality;
  std::string seriesDescription;
  std::string convolutionKernel; ///< ConvolutionKernel (0018,1210), backslashes kept
  std::string imageType;         ///< ImageType (0008,0008), e.g. `ORIGINAL\\PRIMARY\\AXIAL`
  std::string sopClassUid;
  int files = 0;             ///< distinct files (copies in other directories counted once)
  int slices = 0;            ///< images: the files' frames (one per single-frame file)
  double sliceThickness = 0; ///< SliceThickness (0018,0050) of the first file; 0 when absent
  /// "axial", "coronal" or "sagittal" by the axis nearest the slice normal (row x column cosine
  /// of ImageOrientationPatient), "oblique" when that normal is more than 30 degrees off every
  /// axis; "" when the orientation is missing or malformed.
  std::string orientation;
  /// Gantry/detector tilt in degrees as the reader measures it from the slice positions (a
  /// readable series), else |GantryDetectorTilt (0018,1120)|; 0 when neither says.
  double tiltDegrees = 0;
  int columns = 0;
  int rows = 0;
  DicomPatientStudy patientStudy; ///< of the first file
  bool localizer = false;         ///< ImageType holds LOCALIZER
  /// ImageType's first value is DERIVED, or it holds SECONDARY, or the SOP class is Secondary
  /// Capture (1.2.840.10008.5.1.4.1.1.7...)
  bool derived = false;
  bool standardUid = true; ///< the UID is digits and single dots (else e.g. an anonymiser's hash)
  /// ReadDicomCtSeries would accept its headers as a CT volume with the listing's options
  /// (requireCT, roundRescale, tilt): the reader's own checks, run on a copy of the headers;
  /// pixel decoding is not tried.
  bool readable = false;
  /// Why it is not readable as a CT volume ("" when readable), e.g. "Modality is 'MR', not CT",
  /// or why the default rule passes over it ("a localizer", "a single slice", "derived").
  std::string reason;
};

/// Every series found, in the order SeriesInstanceUID then part, and the default choice.
struct DicomSeriesListing {
  std::string root;
  std::vector<DicomSeriesEntry> series;
  std::vector<std::string> skippedFiles;   ///< not DICOM, or DICOM outside any series (DICOMDIR)
  std::vector<std::string> duplicateFiles; ///< copies of instances found in another directory
  /// The entry ReadDicomCtSeries reads by default; -1 when none qualifies.
  int defaultIndex = -1;
  /// The default rule's reason (DicomSeriesInfo::selection), or why nothing qualifies.
  std::string defaultReason;
};

/// Lists the series under `root` (a directory; its sub-directories too when options.recursive,
/// as ReadDicomCtSeries reads them). Uses options.threads and options.recursive; no pixel data is
/// read. Throws DicomError where ReadDicomCtSeries's scan would: `root` missing or not a
/// directory, a file that may be a damaged slice (see ReadDicomCtSeries). A folder without any
/// DICOM series gives an empty listing.
DicomSeriesListing ListDicomSeries(const std::string& root, const DicomReadOptions& options = {});

/// "ct 2 'STD' B30f, 140 slices, axial": how messages name a series.
std::string DescribeSeriesEntry(const DicomSeriesEntry& entry);

} // namespace cumed::io
