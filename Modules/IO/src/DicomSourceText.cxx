#include "cumed/io/DicomSeriesWriter.h"

#include "DicomText.h"

#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcfilefo.h>
#include <dcmtk/dcmdata/dcspchrs.h>

#include <algorithm>

namespace cumed::io {
DicomPatientStudy PatientStudyInUtf8(const DicomSeriesInfo& source) {
  DicomPatientStudy study = source.patientStudy;
  std::string* const texts[] = {&study.patientName,      &study.studyId,
                                &study.studyDescription, &study.referringPhysicianName,
                                &study.accessionNumber,  &study.patientId};
  if (std::all_of(std::begin(texts), std::end(texts), [](auto* t) { return detail::IsAscii(*t); }))
    return study;
  // Non-ASCII bytes are in the character set the source declares (the reader keeps them as
  // they are): read it from the first slice and convert to UTF-8.
  const std::string file = source.files.empty() ? std::string() : source.files.front();
  DcmFileFormat format;
  OFString charset;
  if (file.empty() || format.loadFile(file.c_str()).bad())
    throw DicomError("cannot read the SpecificCharacterSet (0008,0005) of source slice '" + file +
                     "' to convert its non-ASCII patient or study text");
  format.getDataset()->findAndGetOFStringArray(DCM_SpecificCharacterSet, charset);
  if (charset == "ISO_IR 192") return study;
  DcmSpecificCharacterSet converter;
  OFCondition status = converter.selectCharacterSet(charset, "ISO_IR 192");
  for (std::string* text : texts) {
    if (status.bad()) break;
    OFString converted;
    // PN components and groups are delimited; ISO 2022 escapes reset at each delimiter.
    status = converter.convertString(
        text->c_str(), converted,
        text == &study.patientName || text == &study.referringPhysicianName ? "\\^=" : "\\");
    if (status.good()) *text = converted.c_str();
  }
  if (status.bad())
    throw DicomError("cannot convert the non-ASCII patient or study text of source slice '" + file +
                     "' from SpecificCharacterSet (0008,0005) '" + charset.c_str() +
                     "' to UTF-8: " + status.text());
  return study;
}

} // namespace cumed::io
