#include "DicomDerivedSeries.h"

#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmsr/codes/dcm.h>

namespace cumed::io::detail {
namespace {

const DSRBasicCodedEntry& DerivationCode(DicomDerivation derivation) {
  static const DSRBasicCodedEntry volumeEditing = CODE_DCM_VolumeEditing;
  static const DSRBasicCodedEntry smoothing = CODE_DCM_Smoothing;
  static const DSRBasicCodedEntry segmentation = CODE_DCM_Segmentation_113076;
  switch (derivation) {
  case DicomDerivation::Smoothing:
    return smoothing;
  case DicomDerivation::Segmentation:
    return segmentation;
  case DicomDerivation::VolumeEditing:
    break;
  }
  return volumeEditing;
}

void Check(const OFCondition& status, const char* what) {
  if (status.bad())
    throw DicomError(std::string("DCMTK cannot set the derived slice's ") + what + ": " +
                     status.text());
}

void PutCode(DcmItem& item, const DSRBasicCodedEntry& code) {
  Check(item.putAndInsertString(DCM_CodeValue, code.CodeValue.c_str()), "CodeValue");
  Check(item.putAndInsertString(DCM_CodingSchemeDesignator, code.CodingSchemeDesignator.c_str()),
        "CodingSchemeDesignator");
  Check(item.putAndInsertString(DCM_CodeMeaning, code.CodeMeaning.c_str()), "CodeMeaning");
}

DcmItem& NewItem(DcmItem& parent, const DcmTagKey& sequence, const char* what) {
  DcmItem* item = nullptr;
  Check(parent.findOrCreateSequenceItem(sequence, item, -2), what);
  return *item;
}

} // namespace
} // namespace cumed::io::detail

namespace cumed::io {

void CheckDerivationSource(const DicomSeriesInfo& source, std::size_t slices) {
  const std::string name = "source series '" + source.directory + "'";
  if (source.patientStudy.studyInstanceUid.empty())
    throw DicomError(name + " has no StudyInstanceUID (0020,000D): a derived series cannot join "
                            "its study");
  if (source.tiltResampled)
    throw DicomError(name + " was resampled from a tilted acquisition (" +
                     std::to_string(source.tiltDegrees) +
                     " degrees): its slices are not the source instances, which a derived object "
                     "would reference; read it with tilt = Refuse to see why");
  if (source.multiFrame)
    throw DicomError(name + " is an enhanced multi-frame file: deriving from its frames is not "
                            "supported (a derived object references single-frame slices)");
  if (source.sopClassUid.empty())
    throw DicomError(name + " has no SOPClassUID (0008,0016) to reference");
  if (source.sopInstanceUids.size() != slices)
    throw DicomError(name + " has " + std::to_string(source.sopInstanceUids.size()) +
                     " slices, the image to write " + std::to_string(slices) +
                     ": each derived slice must reference the source slice it was computed from");
  for (std::size_t k = 0; k < slices; ++k)
    if (source.sopInstanceUids[k].empty())
      throw DicomError(name + ": slice " + std::to_string(k) +
                       (k < source.files.size() ? " ('" + source.files[k] + "')" : "") +
                       " has no SOPInstanceUID (0008,0018) to reference");
}

} // namespace cumed::io

namespace cumed::io::detail {

void PutDerivation(DcmItem& dataset, const DicomSeriesInfo& source, std::size_t k,
                   DicomDerivation derivation, const std::string& description) {
  Check(dataset.putAndInsertString(DCM_DerivationDescription, description.c_str()),
        "DerivationDescription");
  PutCode(NewItem(dataset, DCM_DerivationCodeSequence, "DerivationCodeSequence"),
          DerivationCode(derivation));
  DcmItem& reference = NewItem(dataset, DCM_SourceImageSequence, "SourceImageSequence");
  Check(reference.putAndInsertString(DCM_ReferencedSOPClassUID, source.sopClassUid.c_str()),
        "ReferencedSOPClassUID");
  Check(
      reference.putAndInsertString(DCM_ReferencedSOPInstanceUID, source.sopInstanceUids[k].c_str()),
      "ReferencedSOPInstanceUID");
  PutCode(NewItem(reference, DCM_PurposeOfReferenceCodeSequence, "PurposeOfReferenceCodeSequence"),
          CODE_DCM_SourceImageForImageProcessingOperation);
}

} // namespace cumed::io::detail
