#pragma once
// The series of a scan described for choosing and listing: each SeriesInstanceUID split into
// parts where its files cannot form one volume (a localizer among the axial slices), each part
// checked with the reader's own validation on a copy of its headers.
#include "DicomDirectoryScan.h"
#include "cumed/io/DicomSeriesList.h"

#include <vector>

namespace cumed::io::detail {

struct CatalogPart {
  DicomSeriesEntry entry;
  std::vector<DicomFileHeader> headers; ///< in path order
};

/// Moves `scan`'s headers into parts, ordered by SeriesInstanceUID then part. A UID's files are
/// split by ImageType LOCALIZER, and files of different ImageType also by Rows, Columns and
/// ImageOrientationPatient (cosines within kOrientationTolerance, beyond which the validation
/// refuses mixed orientations); files of one ImageType are never split (a damaged slice must
/// fail the read, not drop out). Part 1 is the largest group that is not a localizer.
/// `readable`, `reason` and `tiltDegrees` come from the reader's own checks on a copy of the
/// headers, with `options` (requireCT, roundRescale, tilt): ValidateAndSortSlices and
/// HandleTilt, whose warnings are passed on as debug lines.
std::vector<CatalogPart> BuildSeriesCatalog(DicomDirectoryScan& scan,
                                            const DicomReadOptions& options);

/// The patient, study and Frame of Reference that `slice` names (empty values when absent).
DicomPatientStudy PatientStudyOf(const DicomFileHeader& slice);

} // namespace cumed::io::detail
