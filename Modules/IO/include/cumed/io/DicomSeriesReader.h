#pragma once
// Reading a DICOM CT series from a directory into an ITK image in Hounsfield units, with the
// checks a CT pipeline needs before it trusts the geometry. Headers are scanned with DCMTK, pixels
// are decoded with ITK's GDCM IO, both on several threads (one file per task).
#include "cumed/core/Error.h"
#include "cumed/core/Execution.h"
#include "cumed/io/DicomSeriesInfo.h"

#include <itkImage.h>

#include <cstdint>
#include <string>
#include <vector>

namespace cumed::io {

/// The input cannot be read as one consistent CT series; the message names the file and/or tag.
class DicomError : public cumed::Error {
public:
  using cumed::Error::Error;
};

/// Where the time of one ReadDicomCtSeries call went (filled when DicomReadOptions::timing is set).
struct DicomReadReport {
  int threads = 0;          ///< threads the header scan and the decode could use
  double headerSeconds = 0; ///< listing, DCMTK header scan, validation and sorting
  double decodeSeconds = 0; ///< pixel decode into the volume
  double totalSeconds = 0;  ///< the whole call
};

/// How a series whose slices are not stacked along their normal (gantry or detector tilt) is read.
/// The tilt is measured from ImagePositionPatient (see ReadDicomCtSeries; Documentation/dicom.md).
enum class TiltHandling {
  /// Resampled onto the untilted grid of the first slice's plane stepped along its normal (widened
  /// to hold every slice; linear in-plane interpolation; outside: the series' minimum HU), with
  /// one warning naming the angle.
  Resample,
  Refuse, ///< DicomError naming the angle
};

/// From ExecutionOptions: `threads` for the header scan and the pixel decode (0 uses
/// omp_get_max_threads(): OMP_NUM_THREADS, else the cores; negative is InvalidArgument; the result,
/// the warnings and the error raised do not depend on it), cancellation (polled before the scan
/// and before the decode), progress (1 at the end) and `report` (backend CPU, threads, seconds).
/// The reader runs on the CPU whatever `backend` says.
struct DicomReadOptions : ExecutionOptions {
  /// Series Instance UID to read; empty: chosen by `series`, else by the default rule (see
  /// DicomSeriesInfo::selection).
  std::string seriesUid;
  /// Which series to read when `seriesUid` is empty: a UID, a SeriesNumber, or a
  /// SeriesDescription or ConvolutionKernel, or an id of ListDicomSeries (DicomSeriesList.h
  /// says how each is matched); empty: the default rule (the best axial CT, DicomSeriesList.h).
  std::string series;
  /// Also read the sub-directories of `directory` (a CD export: DICOMDIR and DICOM/...), down
  /// to 16 levels, symbolic links to directories not followed; false: a warning names each.
  bool recursive = true;
  TiltHandling tilt = TiltHandling::Resample;
  /// A RescaleSlope/RescaleIntercept that does not map stored values to whole HU: true rounds
  /// to the nearest HU (counted in DicomSeriesInfo, with a warning), false refuses the series.
  bool roundRescale = true;
  /// Refuse series whose Modality (0008,0060) is not CT.
  bool requireCT = true;
  /// When set, filled with the thread count and stage times of a call that returns.
  DicomReadReport* timing = nullptr;
};

using HounsfieldImage = itk::Image<std::int16_t, 3>;

struct CtSeries {
  /// HU; spacing z from slice positions; origin = first slice (a resampled tilt: the widened grid)
  HounsfieldImage::Pointer image;
  DicomSeriesInfo info;
};

/// Reads one series of `directory` and, with options.recursive, of its sub-directories (a file
/// named DICOMDIR is skipped; an instance copied into another directory counts once, with a
/// warning). Which series: options.seriesUid, else options.series, else the default rule, with
/// the reason in info.selection and one warning naming the other series and why they were not
/// read (DicomSeriesList.h; ListDicomSeries lists them). Never modifies the directory.
/// Throws DicomError, naming the file and the tag (keyword and (gggg,eeee)), the value found and
/// the value expected, for:
/// - the directory: missing, not a directory, or without any DICOM series; a requested series
///   that is absent or (options.series) matched by several series, the message listing them;
///   no series readable as a CT volume among several, each listed with why;
/// - a file that may be a damaged slice: one that cannot be opened (including a link to nothing
///   named *.dcm); a *.dcm (or *.dicom) file that is not DICOM (empty, under 132 bytes, no
///   "DICM" and no data set); a file with the DICOM marker that cannot be parsed; an image
///   (PixelData present) without SeriesInstanceUID; a SeriesInstanceUID over 64 characters or
///   with control or non-ASCII characters (printed with `\\xNN` escapes; other printable values,
///   such as an anonymiser's hash, are accepted with a debug line);
/// - a file that nests sequences more than 256 levels deep (the parsers recurse per nesting level;
///   20,000 levels overflowed the stack: a file with over 2000 sequence items (FFFE,E000) is
///   parsed only after CuMed's depth-bounded structure walk found it sound; over 2,000,000 is
///   refused), a
///   deflated file (1.2.840.10008.1.2.1.99, counted once inflated) whose stream is cut off or
///   damaged or inflates past 1 GiB, even when it is not a slice;
/// - a slice of the series read: non-CT modality (when required); PhotometricInterpretation
///   (0028,0004) other than MONOCHROME2 (colour values crashed GDCM; MONOCHROME1 would be
///   inverted before the rescale); SamplesPerPixel not 1; NumberOfFrames not 1 outside enhanced
///   multi-frame CT (whose frame count must fit its pixel data and its
///   PerFrameFunctionalGroupsSequence, each frame having a position); BitsAllocated
///   not 8, 16 or 32; BitsStored outside 1..BitsAllocated; HighBit not BitsStored - 1;
///   PixelRepresentation not 0 or 1; native PixelData whose length is not Rows x Columns x
///   BitsAllocated / 8 (one padding byte allowed for an odd length); pixel data cut short;
///   more than 64 KiB after PixelData, or anything after it that is not an element with a higher
///   tag (junk is never parsed); an unsupported transfer syntax; compressed pixel data on which
///   the JPEG decoder reports corrupt data; RescaleSlope 0, rescale values beyond 65536 in
///   magnitude, or (roundRescale = false) not integers; a decoded HU outside int16 (after
///   rounding);
/// - the geometry: mixed Rows/Columns, PixelSpacing or ImageOrientationPatient; PixelSpacing
///   outside 1e-4 .. 1e4 mm; an ImagePositionPatient component beyond 1e7 mm; numbers that are
///   not finite decimals (NaN, inf); a missing slice, two slices at one position or non-uniform
///   slice spacing; slices off the normal by offsets that do not grow by one constant step
///   (irregular shear); a gantry tilt with TiltHandling::Refuse; more slices than
///   ImagesInAcquisition (0020,1002) when every slice gives the same value.
///
/// How it decides:
/// - Files that are not DICOM (a README, a thumbnail) are skipped with a warning naming each one
///   and listed in info.skippedFiles, as are DICOM files without a SeriesInstanceUID that hold no
///   image (DICOMDIR): a stray file next to the slices should not stop a pipeline. What may be a
///   slice is never skipped (see above), so a damaged slice cannot silently drop out. Files of
///   the series read with ImageType LOCALIZER (or another ImageType and size or orientation)
///   are split off as another part, named in a warning; files of one ImageType never are.
/// - Gaps are checked between neighbours, so a lost first or last slice shows only in what the
///   series says of itself: fewer slices than ImagesInAcquisition (a warning naming both counts:
///   partial exports are common) and InstanceNumber: when the slices' InstanceNumbers are
///   consecutive but do not start at 1, a warning names the end.
/// - An enhanced multi-frame CT file (SOPClassUID 1.2.840.10008.5.1.4.1.1.2.1 or .2.2) is read
///   as one slice per frame, each frame's position, orientation, pixel spacing and rescale taken
///   from its PerFrameFunctionalGroupsSequence item, else SharedFunctionalGroupsSequence
///   (info.multiFrame; info.files names the file once per slice).
/// - Slices are sorted by position along the normal (row cosine x column cosine of
///   ImageOrientationPatient), ascending. The image's direction has the row cosine, the column
///   cosine and that normal as columns (always right-handed); origin = ImagePositionPatient of
///   the first sorted slice; spacing = PixelSpacing (column step first) and, along the normal,
///   (last position - first position) / (slices - 1), never SliceThickness. A single slice takes
///   its step from SpacingBetweenSlices, else SliceThickness, else 1.
/// - Every gap between neighbouring positions must equal the median gap within 1e-3 of it, plus
///   what the rounding of ImagePositionPatient's text explains (2 sqrt(3) units of its last
///   decimal, at most 5% of the step); slices must lie on the first slice's normal within the
///   same tolerance, or be sheared off it by one constant in-plane step per slice: a gantry tilt,
///   atan(shear / step) in info.tiltDegrees, resampled (info.tiltResampled) or refused by
///   `tilt`. PixelSpacing may vary by 1e-4 relative, ImageOrientationPatient cosines by 1e-4.
/// - Pixels are decoded by ITK's GDCMImageIO (which applies each slice's slope and intercept:
///   HU = RescaleSlope x stored + RescaleIntercept; enhanced files by GDCM, rescaled per frame);
///   a fractional HU is rounded to the nearest integer when roundRescale (counted in
///   info.roundedValues and info.maxRoundingHu, one warning), else an error; a value outside
///   int16 is an error, never wrapped.
/// - DCMTK is set up process-wide on the first read: a data set is parsed only up to its
///   PixelData, and DCMTK's dcmdata messages below errors are not printed (16 MiB of junk
///   appended to a slice made the parsers warn per element found there: 1.2 GB of messages), and
///   an attribute stored with VR UN is read through the dictionary's VR
///   (dcmEnableUnknownVRConversion), as GDCM reads it. The corrupt-data warnings of GDCM's JPEG
///   decoders are taken over by the reader (per thread) and not printed either.
/// - Encodings read besides the standard ones: deflated explicit VR little endian, GE's private
///   implicit VR big endian (1.2.840.113619.5.2), image attributes with VR UN; a syntax that
///   cannot be read is named ("GE private implicit VR big endian (1.2.840.113619.5.2)").
/// - The messages GDCM, DCMTK and ITK print during the read are summed up in one warning when it
///   ends, once they are routed into the log (cumed/io/LibraryMessageRouting.h).
/// - Files are scanned and slices decoded in parallel, but every decision, warning and error is
///   taken in a fixed order: warnings in file-name order, header errors as a one-thread read
///   finds them, and of several slices that cannot be decoded the first in slice order is named.
CtSeries ReadDicomCtSeries(const std::string& directory, const DicomReadOptions& options = {});

} // namespace cumed::io
