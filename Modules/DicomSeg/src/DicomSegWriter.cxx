#include "cumed/seg/DicomSeg.h"

#include "BinaryFrames.h"
#include "DicomFileSave.h" // CuMed::IO's private helpers (src/)
#include "DicomText.h"
#include "NumberText.h"
#include "SegGeometry.h"

#include "cumed/core/Config.h"
#include "cumed/io/DicomSeriesWriter.h"
#include "cumed/output/SafeOutput.h"

#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcuid.h>
#include <dcmtk/dcmfg/fgderimg.h>
#include <dcmtk/dcmfg/fgfracon.h>
#include <dcmtk/dcmfg/fgpixmsr.h>
#include <dcmtk/dcmfg/fgplanor.h>
#include <dcmtk/dcmfg/fgplanpo.h>
#include <dcmtk/dcmiod/iodreferences.h>
#include <dcmtk/dcmseg/segdoc.h>
#include <dcmtk/dcmseg/segment.h>
#include <dcmtk/dcmsr/codes/dcm.h>
#include <dcmtk/oflog/oflog.h>

#include <algorithm>
#include <array>
#include <memory>
#include <set>
#include <vector>

namespace cumed::seg {
namespace {

using io::DicomError;
using io::detail::FormatDecimalString;

// A SEG of CT masks claims no anatomy: category and type are both SNOMED CT "Tissue".
const char* const kTissueCode = "85756007";

void Check(const OFCondition& status, const std::string& what, const std::string& file) {
  if (status.bad())
    throw DicomError("cannot write SEG '" + file + "': DCMTK refuses the " + what + ": " +
                     status.text());
}

CodeSequenceMacro Code(const DSRBasicCodedEntry& code) {
  return CodeSequenceMacro(code.CodeValue, code.CodingSchemeDesignator, code.CodeMeaning);
}

std::string NewUid(const char* root) {
  char uid[100];
  return dcmGenerateUniqueIdentifier(uid, root);
}

std::set<int> LabelsPresent(const LabelImage& labels) {
  std::array<bool, 256> present{};
  const auto count = labels.GetLargestPossibleRegion().GetNumberOfPixels();
  const std::uint8_t* values = labels.GetBufferPointer();
  for (std::size_t i = 0; i < count; ++i) present[values[i]] = true;
  std::set<int> result;
  for (int v = 1; v < 256; ++v)
    if (present[v]) result.insert(v);
  return result;
}

void CheckInputs(const LabelImage* labels, const io::CtSeries& source, const std::string& file) {
  if (labels == nullptr) throw InvalidArgument("WriteDicomSeg: the label image is null");
  if (source.image.IsNull()) throw InvalidArgument("WriteDicomSeg: the source has no image");
  if (labels->GetBufferedRegion() != labels->GetLargestPossibleRegion() ||
      labels->GetBufferPointer() == nullptr)
    throw InvalidArgument("WriteDicomSeg: the label image is not fully in memory (call Update())");
  const std::string difference = detail::GridDifference(*labels, *source.image, 1e-4);
  if (!difference.empty())
    throw DicomError("cannot write SEG '" + file +
                     "': the label image is not on the grid of "
                     "source series '" +
                     source.info.directory + "' (label image " + difference + ")");
  const auto size = labels->GetLargestPossibleRegion().GetSize();
  if (size[0] > 65535 || size[1] > 65535)
    throw DicomError("cannot write SEG '" + file + "': " + std::to_string(size[0]) + " x " +
                     std::to_string(size[1]) + " pixels per slice (Rows, Columns: 1..65535)");
  io::CheckDerivationSource(source.info, size[2]);
}

class SegBuilder {
public:
  SegBuilder(const LabelImage& labels, const io::CtSeries& source, const DicomSegOptions& options,
             const std::string& file)
      : labels_(labels), source_(source.info), options_(options), file_(file) {
    const auto size = labels.GetLargestPossibleRegion().GetSize();
    columns_ = static_cast<Uint16>(size[0]);
    rows_ = static_cast<Uint16>(size[1]);
    slices_ = size[2];
    DcmSegmentation* created = nullptr;
    IODGeneralEquipmentModule::EquipmentInfo equipment("CuMed", "CuMed", "1", CUMED_VERSION);
    // ContentCreatorName (type 2, a person's name) stays empty: a program made the content.
    ContentIdentificationMacro content("1", options.contentLabel, options.contentDescription, "");
    Check(DcmSegmentation::createBinarySegmentation(created, rows_, columns_, equipment, content),
          "segmentation (ContentLabel '" + options.contentLabel + "')", file);
    segmentation_.reset(created);
  }

  void PutPatientStudySeries() {
    const io::DicomPatientStudy study = io::PatientStudyInUtf8(source_);
    utf8_ =
        !io::detail::IsAscii(study.patientName + study.patientId + study.studyDescription +
                             study.studyId + study.referringPhysicianName + study.accessionNumber +
                             options_.seriesDescription + options_.contentDescription);
    for (const auto& [value, label] : options_.segmentLabels)
      utf8_ = utf8_ || !io::detail::IsAscii(label);
    if (utf8_) // before the values: DCMTK checks text against it
      Check(segmentation_->getSOPCommon().setSpecificCharacterSet("ISO_IR 192"),
            "SpecificCharacterSet", file_);
    auto& patient = segmentation_->getPatient();
    // dcmiod checks text values as ASCII only: UTF-8 text (declared) goes in unchecked.
    const auto check = [](const std::string& text) -> OFBool { return io::detail::IsAscii(text); };
    Check(patient.setPatientName(study.patientName, check(study.patientName)),
          "PatientName '" + study.patientName + "'", file_);
    Check(patient.setPatientID(study.patientId, check(study.patientId)),
          "PatientID '" + study.patientId + "'", file_);
    Check(patient.setPatientBirthDate(study.patientBirthDate),
          "PatientBirthDate '" + study.patientBirthDate + "'", file_);
    Check(patient.setPatientSex(study.patientSex), "PatientSex '" + study.patientSex + "'", file_);
    auto& general = segmentation_->getStudy();
    Check(general.setStudyInstanceUID(study.studyInstanceUid), "StudyInstanceUID", file_);
    Check(general.setStudyDate(study.studyDate), "StudyDate '" + study.studyDate + "'", file_);
    Check(general.setStudyTime(study.studyTime), "StudyTime '" + study.studyTime + "'", file_);
    Check(general.setStudyID(study.studyId, check(study.studyId)),
          "StudyID '" + study.studyId + "'", file_);
    Check(general.setAccessionNumber(study.accessionNumber, check(study.accessionNumber)),
          "AccessionNumber '" + study.accessionNumber + "'", file_);
    Check(general.setStudyDescription(study.studyDescription, check(study.studyDescription)),
          "StudyDescription", file_);
    Check(general.setReferringPhysicianName(study.referringPhysicianName,
                                            check(study.referringPhysicianName)),
          "ReferringPhysicianName", file_);
    Check(segmentation_->getFrameOfReference().setFrameOfReferenceUID(
              study.frameOfReferenceUid.empty() ? NewUid(SITE_INSTANCE_UID_ROOT)
                                                : study.frameOfReferenceUid),
          "FrameOfReferenceUID", file_);
    auto& series = segmentation_->getSeries();
    Check(series.setSeriesInstanceUID(NewUid(SITE_SERIES_UID_ROOT)), "SeriesInstanceUID", file_);
    Check(
        series.setSeriesDescription(options_.seriesDescription, check(options_.seriesDescription)),
        "SeriesDescription", file_);
    int number = 2000;
    if (options_.seriesNumber)
      number = *options_.seriesNumber;
    else if (source_.seriesNumber >= 0 && source_.seriesNumber <= 2147481647)
      number = source_.seriesNumber + 2000;
    Check(series.setSeriesNumber(std::to_string(number)), "SeriesNumber", file_);
    sopInstanceUid_ = NewUid(SITE_INSTANCE_UID_ROOT);
    Check(segmentation_->getSOPCommon().setSOPInstanceUID(sopInstanceUid_), "SOPInstanceUID",
          file_);
  }

  void PutSharedGeometry() {
    const auto& direction = labels_.GetDirection();
    const auto& spacing = labels_.GetSpacing();
    std::unique_ptr<FGPlaneOrientationPatient> orientation(FGPlaneOrientationPatient::createMinimal(
        FormatDecimalString(direction(0, 0)), FormatDecimalString(direction(1, 0)),
        FormatDecimalString(direction(2, 0)), FormatDecimalString(direction(0, 1)),
        FormatDecimalString(direction(1, 1)), FormatDecimalString(direction(2, 1))));
    if (!orientation) Check(EC_IllegalParameter, "ImageOrientationPatient", file_);
    Check(segmentation_->addForAllFrames(*orientation), "plane orientation", file_);
    FGPixelMeasures measures;
    // "row spacing \ column spacing": the distance between rows (y) comes first.
    Check(measures.setPixelSpacing(FormatDecimalString(spacing[1]) + "\\" +
                                   FormatDecimalString(spacing[0])),
          "PixelSpacing", file_);
    Check(measures.setSliceThickness(FormatDecimalString(spacing[2])), "SliceThickness", file_);
    Check(measures.setSpacingBetweenSlices(FormatDecimalString(spacing[2])), "SpacingBetweenSlices",
          file_);
    Check(segmentation_->addForAllFrames(measures), "pixel measures", file_);
    // Frames are indexed by segment, then by position (as viewers sort them).
    const std::string dimensions = NewUid(SITE_INSTANCE_UID_ROOT);
    auto& module = segmentation_->getDimensions();
    Check(module.addDimensionIndex(DCM_ReferencedSegmentNumber, dimensions,
                                   DCM_SegmentIdentificationSequence, "ReferencedSegmentNumber"),
          "dimension index", file_);
    Check(module.addDimensionIndex(DCM_ImagePositionPatient, dimensions, DCM_PlanePositionSequence,
                                   "ImagePositionPatient"),
          "dimension index", file_);
  }

  void PutSegment(int value, Uint16 expectedNumber) {
    const auto named = options_.segmentLabels.find(value);
    const std::string label =
        named != options_.segmentLabels.end() ? named->second : "Label " + std::to_string(value);
    DcmSegment* segment = nullptr;
    const CodeSequenceMacro tissue(kTissueCode, "SCT", "Tissue");
    Check(DcmSegment::create(segment, label, tissue, tissue, DcmSegTypes::SAT_AUTOMATIC,
                             options_.algorithmName),
          "segment '" + label + "'", file_);
    Uint16 number = 0;
    const OFCondition added = segmentation_->addSegment(segment, number);
    if (added.bad()) delete segment; // ownership passes only on success
    Check(added, "segment '" + label + "'", file_);
    if (number != expectedNumber) Check(EC_IllegalCall, "segment number", file_);
    PutFrames(value, number);
  }

  void PutReferences() {
    IODReferences references;
    for (const std::string& instance : source_.sopInstanceUids)
      references.add(new IODImageReference(source_.patientStudy.patientId,
                                           source_.patientStudy.studyInstanceUid, source_.seriesUid,
                                           instance, source_.sopClassUid));
    segmentation_->getCommonInstanceReference().addReferences(
        references, source_.patientStudy.studyInstanceUid);
  }

  void Save(const std::string& path) {
    DcmFileFormat format;
    DcmDataset& dataset = *format.getDataset();
    {
      // dcmiod checks the dimension indices before it has written the per-frame groups and
      // warns "no per-frame functional groups found" on every SEG; its errors still come.
      OFLogger iod = OFLog::getLogger("dcmtk.dcmiod");
      const auto level = iod.getLogLevel(); // its own, usually "not set": inherited
      iod.setLogLevel(OFLogger::ERROR_LOG_LEVEL);
      const OFCondition written = segmentation_->writeDataset(dataset);
      iod.setLogLevel(static_cast<OFLogger::LogLevel>(level));
      Check(written, "data set", file_);
    }
    if (utf8_) // the text copied or given is not ASCII: it is UTF-8 (PatientStudyInUtf8)
      Check(dataset.putAndInsertString(DCM_SpecificCharacterSet, "ISO_IR 192"),
            "SpecificCharacterSet", file_);
    // The frames as the standard packs them (BinaryFrames.h says why not DCMTK's packing).
    Check(dataset.putAndInsertUint8Array(DCM_PixelData, packer_.bytes().data(),
                                         static_cast<unsigned long>(packer_.bytes().size())),
          "PixelData", file_);
    io::detail::SaveDicomFile(format, path, file_);
  }

  const std::string& sopInstanceUid() const { return sopInstanceUid_; }

private:
  void PutFrames(int value, Uint16 number) {
    const std::size_t length = std::size_t(rows_) * columns_;
    std::vector<Uint8> frame(length);
    ImageSOPInstanceReferenceMacro reference;
    for (std::size_t k = 0; k < slices_; ++k) {
      const std::uint8_t* slice = labels_.GetBufferPointer() + k * length;
      bool any = false;
      for (std::size_t i = 0; i < length; ++i) any |= (frame[i] = slice[i] == value) != 0;
      if (!any) continue;
      Check(reference.setReferencedSOPClassUID(source_.sopClassUid), "ReferencedSOPClassUID",
            file_);
      Check(reference.setReferencedSOPInstanceUID(source_.sopInstanceUids[k]),
            "ReferencedSOPInstanceUID", file_);
      std::unique_ptr<FGDerivationImage> derivation(FGDerivationImage::createMinimal(
          {reference}, options_.contentDescription, Code(CODE_DCM_Segmentation_113076),
          Code(CODE_DCM_SourceImageForImageProcessingOperation)));
      if (!derivation)
        Check(EC_IllegalParameter, "derivation image of slice " + std::to_string(k), file_);
      std::unique_ptr<FGPlanePosPatient> position(FGPlanePosPatient::createMinimal(
          FormatDecimalString(Position(k)[0]), FormatDecimalString(Position(k)[1]),
          FormatDecimalString(Position(k)[2])));
      if (!position) Check(EC_IllegalParameter, "position of slice " + std::to_string(k), file_);
      FGFrameContent content;
      Check(content.setDimensionIndexValues(number, 0), "dimension index", file_);
      Check(content.setDimensionIndexValues(static_cast<Uint32>(k + 1), 1), "dimension index",
            file_);
      OFVector<FGBase*> groups;
      groups.push_back(position.get());
      groups.push_back(&content);
      groups.push_back(derivation.get());
      Check(segmentation_->addFrame(frame.data(), number, groups),
            "frame of segment " + std::to_string(number) + ", slice " + std::to_string(k), file_);
      packer_.Append(frame.data(), frame.size());
    }
  }

  std::array<double, 3> Position(std::size_t k) const {
    LabelImage::IndexType index{{0, 0, static_cast<itk::IndexValueType>(k)}};
    LabelImage::PointType point;
    labels_.TransformIndexToPhysicalPoint(index, point);
    return {point[0], point[1], point[2]};
  }

  const LabelImage& labels_;
  const io::DicomSeriesInfo& source_;
  const DicomSegOptions& options_;
  const std::string& file_;
  Uint16 rows_ = 0, columns_ = 0;
  std::size_t slices_ = 0;
  std::unique_ptr<DcmSegmentation> segmentation_;
  detail::BinaryFramePacker packer_; ///< the frames in the order they were added
  std::string sopInstanceUid_;
  bool utf8_ = false;
};

} // namespace

std::string WriteDicomSeg(const LabelImage* labels, const io::CtSeries& source,
                          const std::string& file, const DicomSegOptions& options) {
  CheckInputs(labels, source, file);
  const std::set<int> values = LabelsPresent(*labels);
  if (values.empty())
    throw DicomError("cannot write SEG '" + file +
                     "': the label image has no non-zero voxel (a SEG needs a segment with at "
                     "least one frame)");
  CheckSegTarget("SEG file", file);

  SegBuilder builder(*labels, source, options, file);
  builder.PutPatientStudySeries();
  builder.PutSharedGeometry();
  Uint16 number = 0;
  for (int value : values) builder.PutSegment(value, ++number);
  builder.PutReferences();

  // Whole or nothing (CuMed::OutputSafety): written in a private directory beside `file`,
  // renamed to it once complete, never over an existing file.
  const std::filesystem::path target = output::OutputName(file);
  output::CreatedDirectories created;
  created.Create(target.has_parent_path() ? target.parent_path() : std::filesystem::path("."));
  output::StagedFiles staged(false);
  builder.Save(staged.Stage(target).string());
  staged.Commit();
  created.Keep();
  return builder.sopInstanceUid();
}

} // namespace cumed::seg
