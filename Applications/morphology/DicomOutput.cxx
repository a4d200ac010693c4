#include "DicomOutput.h"

#include "cumed/io/ImageFiles.h"

#include "cumed/core/Error.h"
#include "cumed/io/DicomSeriesWriter.h"

#include <itkGDCMImageIO.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>


namespace cumed::morphologyapp {
namespace {

// DICOM pads values to even length with a space (text) or NUL (UIDs).
std::string Trim(std::string text) {
  const auto last = text.find_last_not_of(std::string(" \0", 2));
  text.erase(last == std::string::npos ? 0 : last + 1);
  const auto first = text.find_first_not_of(' ');
  return first == std::string::npos ? "" : text.substr(first);
}

std::string Tag(itk::GDCMImageIO& io, const char* tag) {
  std::string value;
  return io.GetValueFromTag(tag, value) ? Trim(value) : std::string();
}

// Lowest value of the image: HU below -1024 need signed storage.
std::int16_t Lowest(const cumed::io::HounsfieldImage* image) {
  const auto count = image->GetLargestPossibleRegion().GetNumberOfPixels();
  const std::int16_t* values = image->GetBufferPointer();
  return count == 0 ? 0 : *std::min_element(values, values + count);
}

} // namespace

DicomStudy ReadDicomStudy(const std::string& sliceFile) {
  auto io = itk::GDCMImageIO::New();
  io->SetFileName(sliceFile);
  try {
    io->ReadImageInformation();
  } catch (const itk::ExceptionObject& e) {
    throw cumed::Error("cannot read the study of input slice '" + sliceFile +
                       "': " + io::ItkErrorText(e));
  } catch (const std::exception& e) {
    throw cumed::Error("cannot read the study of input slice '" + sliceFile +
                       "': " + io::LibraryErrorText(e));
  }
  DicomStudy study;
  study.patientName = Tag(*io, "0010|0010");
  study.patientId = Tag(*io, "0010|0020");
  study.studyDescription = Tag(*io, "0008|1030");
  study.studyInstanceUid = Tag(*io, "0020|000d");
  study.frameOfReferenceUid = Tag(*io, "0020|0052");
  const std::string seriesNumber = Tag(*io, "0020|0011");
  char* end = nullptr;
  const long number = std::strtol(seriesNumber.c_str(), &end, 10);
  if (!seriesNumber.empty() && *end == '\0' && number >= 0 && number < 1000000) {
    study.seriesNumber = static_cast<int>(number);
  }
  if (study.studyInstanceUid.empty()) {
    throw cumed::Error("input slice '" + sliceFile + "' has no Study Instance UID (0020,000D)");
  }
  return study;
}

std::string WriteDicomOutput(const cumed::io::HounsfieldImage* image, const std::string& directory,
                             const std::string& description,
                             const std::optional<DicomStudy>& study) {
  cumed::io::DicomWriteOptions options;
  options.seriesDescription = description;
  options.derived = true;
  // Scanner-like storage (uint16, intercept -1024) when the values allow it; else signed.
  options.unsignedWithIntercept = Lowest(image) >= -1024;
  if (study) {
    options.patientName = study->patientName;
    options.patientId = study->patientId;
    options.studyDescription = study->studyDescription;
    options.studyInstanceUid = study->studyInstanceUid;
    options.frameOfReferenceUid = study->frameOfReferenceUid;
    // Derived series are commonly numbered after their source; a clash is harmless (the UID
    // identifies the series), but distinct numbers keep viewers' lists readable.
    if (study->seriesNumber) options.seriesNumber = *study->seriesNumber + 1000;
  }
  // The writer writes the series beside OUTPUT under a temporary name and renames it once
  // complete (CuMed::OutputSafety): a run stopped half-way leaves no partial series.
  return cumed::io::WriteDicomCtSeries(image, directory, options);
}

} // namespace cumed::morphologyapp
