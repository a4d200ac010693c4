#pragma once
// DICOM Segmentation (SEG) objects of label maps computed from a DICOM CT series, through
// DCMTK's dcmseg: written so that a PACS files them with their source (same patient, study and
// frame of reference, each frame referencing the source slice it segments), and read back.
#include "cumed/io/DicomSeriesReader.h"
#include "cumed/output/SafeOutput.h"

#include <itkImage.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cumed::seg {

/// 0: background; every other value is one segment.
using LabelImage = itk::Image<std::uint8_t, 3>;

struct DicomSegOptions {
  /// SegmentLabel per label value; a value not listed is labelled "Label N".
  std::map<int, std::string> segmentLabels;
  std::string seriesDescription = "CuMed SEG";
  /// SeriesNumber; unset: the source's + 2000 when it has one (a derived CT series takes
  /// + 1000), else 2000.
  std::optional<int> seriesNumber;
  /// ContentLabel (a DICOM CS value: upper case, digits, space and '_', at most 16 characters).
  std::string contentLabel = "CUMED_SEG";
  /// ContentDescription and the frames' DerivationDescription, e.g. "closing mask of the CT".
  std::string contentDescription = "CuMed segmentation";
  /// SegmentAlgorithmName (algorithm type AUTOMATIC); the version is CuMed's.
  std::string algorithmName = "CuMed";
};

/// 1 where lower <= `image` <= upper, else 0, on the image's grid: a threshold or a closing mask
/// (closed HU >= the iso level) as WriteDicomSeg takes it.
LabelImage::Pointer ThresholdLabels(const io::HounsfieldImage& image, double lower, double upper);

/// Throws output::OutputRefused naming `file` ("LABEL 'FILE' ...") when WriteDicomSeg would not
/// write it: it exists (also as a link or a directory: a SEG never replaces anything, so
/// --force does not apply), or is or lies inside one of `inputs`. Programs call it before any
/// slow stage.
void CheckSegTarget(const std::string& label, const std::string& file,
                    const output::ProtectedInputs& inputs = {});

/// Writes `labels` (on the grid of `source.image`: same size, and spacing, origin and direction
/// within 1e-4) as a binary SEG object into the new file `file`, one segment per label value
/// present, in increasing value: SegmentNumber 1, 2, ... Segment category and type are
/// (85756007, SCT, "Tissue"): what a threshold or closing mask of CT is, without claiming an
/// anatomical structure. A segment has a frame for each slice where it is present (empty
/// frames are left out, as dcmqi and highdicom do); each frame carries its ImagePositionPatient,
/// and a DerivationImageSequence naming the source slice (derivation (113076, DCM,
/// "Segmentation"), purpose (121322, DCM, "Source image for image processing operation")).
/// Patient, study and FrameOfReferenceUID come from source.info.patientStudy; the source
/// instances are also listed in ReferencedSeriesSequence. Returns the SOP Instance UID.
///
/// Whole or nothing: the file is written beside `file` in a private directory and renamed to
/// it once complete (CuMed::OutputSafety); an existing `file` is never replaced
/// (CheckSegTarget's output::OutputRefused), missing parent directories are created (and
/// removed again when the write fails).
///
/// DicomError naming what was found and expected for: a label image without any non-zero voxel;
/// a grid different from the source's; a source that cannot be referenced slice by slice
/// (io::CheckDerivationSource); a DCMTK refusal (its message, naming `file`).
std::string WriteDicomSeg(const LabelImage* labels, const io::CtSeries& source,
                          const std::string& file, const DicomSegOptions& options = {});

struct DicomSegSegment {
  int number = 0; ///< SegmentNumber, also its value in DicomSegImage::labels
  std::string label;
  std::string algorithmName;
  std::string categoryCode; ///< "CodeValue^CodingSchemeDesignator^CodeMeaning"
  std::string typeCode;     ///< same form
};

struct DicomSegImage {
  /// SegmentNumber per voxel (0: none; where segments overlap, the highest number wins).
  LabelImage::Pointer labels;
  std::vector<DicomSegSegment> segments;
  std::string sopInstanceUid;
  std::string seriesInstanceUid;
  std::string studyInstanceUid;
  std::string frameOfReferenceUid;
  std::string patientId;
  std::string patientName;
  /// The source SOP Instance UIDs the frames reference, per frame, in frame order.
  std::vector<std::string> referencedInstanceUids;
};

/// Reads a binary SEG written by WriteDicomSeg (or another writer using one plane orientation and
/// pixel spacing for all frames) with DCMTK's dcmseg. The frames are placed on `grid` when given
/// (DicomError for a frame whose orientation, spacing or position is not on it), else on the
/// grid spanning the frames: origin the first frame along the normal, slice step the
/// SpacingBetweenSlices of the pixel measures. DicomError naming the file for a file DCMTK cannot
/// load as a segmentation, a fractional one, frames without plane position, or frames spanning
/// more than 65536 slices or 2^32 voxels.
DicomSegImage ReadDicomSeg(const std::string& file, const io::HounsfieldImage* grid = nullptr);

} // namespace cumed::seg
