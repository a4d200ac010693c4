#include "cumed/io/DicomSeriesWriter.h"

#include "DicomDerivedSeries.h"
#include "DicomFileSave.h"
#include "DicomTags.h"
#include "DicomText.h"
#include "NumberText.h"

#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcdict.h>
#include <dcmtk/dcmdata/dcfilefo.h>
#include <dcmtk/dcmdata/dcuid.h>

#include "cumed/output/SafeOutput.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <system_error>
#include <vector>

namespace cumed::io {
namespace {

using Vec3 = std::array<double, 3>;

/// Stored values: HU + 1024 as uint16 (intercept -1024), or HU as int16 (intercept 0).
struct PixelEncoding {
  bool unsignedStorage = true;
  int bitsStored = 16;
  int intercept = 0;
};

struct SeriesAttributes {
  DicomPatientStudy patientStudy; ///< what the series is filed under (from the source or options)
  std::string seriesUid, date, time;
  int seriesNumber = 1;
  bool derived = false;
  Vec3 row{}, column{}, stackDirection{}, normal{};
};

std::string SliceFileName(std::size_t k) {
  char name[32];
  std::snprintf(name, sizeof(name), "IMG%04zu.dcm", k + 1);
  return name;
}

std::string NewUid(const char* root) {
  char uid[100];
  dcmGenerateUniqueIdentifier(uid, root);
  return uid;
}

std::string Join(const std::vector<double>& values) {
  std::string text;
  for (double value : values)
    text += (text.empty() ? "" : "\\") + detail::FormatDecimalString(value);
  return text;
}

Vec3 DirectionColumn(const HounsfieldImage::DirectionType& direction, unsigned int c) {
  return {direction(0, c), direction(1, c), direction(2, c)};
}

double Dot(const Vec3& a, const Vec3& b) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

// DICOM can only describe slices whose axes are orthonormal (ImageOrientationPatient).
void CheckGeometry(const HounsfieldImage& image) {
  const auto size = image.GetLargestPossibleRegion().GetSize();
  if (image.GetBufferedRegion() != image.GetLargestPossibleRegion() ||
      image.GetBufferPointer() == nullptr)
    throw InvalidArgument("WriteDicomCtSeries: the image is not fully in memory (call Update())");
  if (size[0] == 0 || size[1] == 0 || size[2] == 0 || size[0] > 65535 || size[1] > 65535)
    throw DicomError("cannot write a " + std::to_string(size[0]) + " x " + std::to_string(size[1]) +
                     " x " + std::to_string(size[2]) +
                     " image as DICOM (Rows and Columns must be 1..65535)");
  for (unsigned int i = 0; i < 3; ++i)
    if (!(image.GetSpacing()[i] > 0))
      throw DicomError("cannot write an image with spacing " +
                       detail::FormatNumber(image.GetSpacing()[i]) + " along axis " +
                       std::to_string(i));
  const auto& direction = image.GetDirection();
  for (unsigned int a = 0; a < 3; ++a)
    for (unsigned int b = a; b < 3; ++b) {
      const double expected = a == b ? 1.0 : 0.0;
      if (std::abs(Dot(DirectionColumn(direction, a), DirectionColumn(direction, b)) - expected) >
          1e-6)
        throw DicomError("cannot write an image whose direction matrix is not orthonormal as "
                         "DICOM (ImageOrientationPatient needs orthogonal unit axes)");
    }
}

// Scans the values once: refuses what the encoding cannot hold, and uses 12 stored bits when
// they suffice, as CT scanners do.
PixelEncoding ChooseEncoding(const HounsfieldImage& image, bool unsignedWithIntercept) {
  PixelEncoding encoding;
  encoding.unsignedStorage = unsignedWithIntercept;
  encoding.intercept = unsignedWithIntercept ? -1024 : 0;
  if (!unsignedWithIntercept) return encoding;
  const auto size = image.GetLargestPossibleRegion().GetSize();
  const std::size_t sliceLength = size[0] * size[1];
  const std::int16_t* values = image.GetBufferPointer();
  int largest = -1024;
  for (std::size_t i = 0; i < sliceLength * size[2]; ++i) {
    if (values[i] < -1024) {
      const std::size_t k = i / sliceLength, inSlice = i % sliceLength;
      throw DicomError("HU value " + std::to_string(values[i]) + " at column " +
                       std::to_string(inSlice % size[0]) + ", row " +
                       std::to_string(inSlice / size[0]) + " of slice " + std::to_string(k) + " (" +
                       SliceFileName(k) +
                       ") is below -1024, which unsigned storage with RescaleIntercept -1024 "
                       "cannot hold; write with unsignedWithIntercept = false");
    }
    largest = std::max<int>(largest, values[i]);
  }
  encoding.bitsStored = largest + 1024 <= 4095 ? 12 : 16;
  return encoding;
}

std::string NowAs(const char* format) {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char text[32];
  std::strftime(text, sizeof(text), format, &local);
  return text;
}

// Throws DicomError naming the tag when DCMTK refuses a value.
class DatasetBuilder {
public:
  explicit DatasetBuilder(DcmDataset& dataset) : dataset_(dataset) {}
  void Put(const DcmTagKey& tag, const std::string& value) {
    Check(dataset_.putAndInsertString(tag, value.c_str()), tag);
  }
  void Put16(const DcmTagKey& tag, Uint16 value) {
    Check(dataset_.putAndInsertUint16(tag, value), tag);
  }
  void PutPixels(const std::vector<Uint16>& values) {
    Check(dataset_.putAndInsertUint16Array(DCM_PixelData, values.data(),
                                           static_cast<unsigned long>(values.size())),
          DCM_PixelData);
  }

private:
  void Check(const OFCondition& status, const DcmTagKey& tag) {
    if (status.bad())
      throw DicomError("DCMTK cannot set " + std::string(DcmTag(tag).getTagName()) + " " +
                       tag.toString().c_str() + ": " + status.text());
  }
  DcmDataset& dataset_;
};

void PutSeriesAttributes(DatasetBuilder& out, const HounsfieldImage& image,
                         const DicomWriteOptions& options, const SeriesAttributes& series,
                         const PixelEncoding& encoding) {
  const auto size = image.GetLargestPossibleRegion().GetSize();
  const auto& spacing = image.GetSpacing();
  const DicomPatientStudy& study = series.patientStudy;
  // Patient and study text is the only free text; declare UTF-8 when it is not plain ASCII.
  if (!detail::IsAscii(study.patientName + study.patientId + study.studyDescription +
                       study.studyId + study.referringPhysicianName + options.seriesDescription +
                       (options.source ? options.derivationDescription : std::string())))
    out.Put(DCM_SpecificCharacterSet, "ISO_IR 192");
  out.Put(DCM_SOPClassUID, UID_CTImageStorage);
  out.Put(DCM_ImageType, series.derived ? "DERIVED\\SECONDARY\\AXIAL" : "ORIGINAL\\PRIMARY\\AXIAL");
  out.Put(DCM_StudyDate, study.studyDate);
  out.Put(DCM_StudyTime, study.studyTime);
  out.Put(DCM_SeriesDate, series.date);
  out.Put(DCM_SeriesTime, series.time);
  out.Put(DCM_ContentDate, series.date);
  out.Put(DCM_ContentTime, series.time);
  out.Put(DCM_AccessionNumber, study.accessionNumber);
  out.Put(DCM_Modality, "CT");
  // Type 2C of the General Series module that a CT must send (unknown here: empty).
  out.Put(DCM_Laterality, "");
  out.Put(DCM_PatientPosition, "");
  out.Put(DCM_Manufacturer, "CuMed");
  out.Put(DCM_ReferringPhysicianName, study.referringPhysicianName);
  out.Put(DCM_StudyDescription, study.studyDescription);
  out.Put(DCM_SeriesDescription, options.seriesDescription);
  out.Put(DCM_PatientName, study.patientName);
  out.Put(DCM_PatientID, study.patientId);
  out.Put(DCM_PatientBirthDate, study.patientBirthDate);
  out.Put(DCM_PatientSex, study.patientSex);
  out.Put(DCM_SliceThickness, detail::FormatDecimalString(spacing[2]));
  out.Put(DCM_KVP, "");
  out.Put(DCM_SpacingBetweenSlices, detail::FormatDecimalString(spacing[2]));
  out.Put(DCM_StudyInstanceUID, study.studyInstanceUid);
  out.Put(DCM_SeriesInstanceUID, series.seriesUid);
  out.Put(DCM_StudyID, study.studyId);
  out.Put(DCM_SeriesNumber, std::to_string(series.seriesNumber));
  out.Put(DCM_AcquisitionNumber, "");
  out.Put(DCM_ImageOrientationPatient,
          Join({series.row[0], series.row[1], series.row[2], series.column[0], series.column[1],
                series.column[2]}));
  out.Put(DCM_FrameOfReferenceUID, study.frameOfReferenceUid);
  out.Put(DCM_PositionReferenceIndicator, "");
  out.Put16(DCM_SamplesPerPixel, 1);
  out.Put(DCM_PhotometricInterpretation, "MONOCHROME2");
  out.Put16(DCM_Rows, static_cast<Uint16>(size[1]));
  out.Put16(DCM_Columns, static_cast<Uint16>(size[0]));
  // "row spacing \ column spacing": the distance between rows (y) comes first.
  out.Put(DCM_PixelSpacing, Join({spacing[1], spacing[0]}));
  out.Put16(DCM_BitsAllocated, 16);
  out.Put16(DCM_BitsStored, static_cast<Uint16>(encoding.bitsStored));
  out.Put16(DCM_HighBit, static_cast<Uint16>(encoding.bitsStored - 1));
  out.Put16(DCM_PixelRepresentation, encoding.unsignedStorage ? 0 : 1);
  out.Put(DCM_WindowCenter, "40");
  out.Put(DCM_WindowWidth, "400");
  out.Put(DCM_RescaleIntercept, std::to_string(encoding.intercept));
  out.Put(DCM_RescaleSlope, "1");
  out.Put(DCM_RescaleType, "HU");
}

void PutSlice(DatasetBuilder& out, const HounsfieldImage& image, std::size_t k,
              const SeriesAttributes& series, const PixelEncoding& encoding) {
  const auto size = image.GetLargestPossibleRegion().GetSize();
  const double offset = double(k) * image.GetSpacing()[2];
  Vec3 position;
  for (int i = 0; i < 3; ++i)
    position[i] = image.GetOrigin()[i] + offset * series.stackDirection[i];
  out.Put(DCM_SOPInstanceUID, NewUid(SITE_INSTANCE_UID_ROOT));
  out.Put(DCM_InstanceNumber, std::to_string(k + 1));
  out.Put(DCM_ImagePositionPatient, Join({position[0], position[1], position[2]}));
  out.Put(DCM_SliceLocation, detail::FormatDecimalString(Dot(position, series.normal)));

  const std::size_t length = size[0] * size[1];
  const std::int16_t* hu = image.GetBufferPointer() + k * length;
  std::vector<Uint16> stored(length);
  for (std::size_t i = 0; i < length; ++i)
    stored[i] = static_cast<Uint16>(hu[i] - encoding.intercept); // int16 bits when signed
  out.PutPixels(stored);
}

/// The refusals before anything is created: a series goes only into a new or empty directory,
/// so nothing is ever overwritten.
void CheckNewSeriesDirectory(const std::string& directory) {
  namespace fs = std::filesystem;
  if (directory.empty()) throw DicomError("the output directory name is empty");
  std::error_code error;
  if (!fs::exists(directory, error)) return;
  if (!fs::is_directory(directory, error))
    throw DicomError("output path '" + directory + "' exists and is not a directory");
  if (!fs::is_empty(directory, error) || error)
    throw DicomError("output directory '" + directory +
                     "' is not empty; refusing to write into it (nothing is overwritten)");
}

// The patient, study and frame of reference the series is filed under: the source's, else the
// options' synthetic patient in a new study dated now.
SeriesAttributes ChooseSeriesAttributes(const DicomWriteOptions& options) {
  SeriesAttributes series;
  series.date = NowAs("%Y%m%d");
  series.time = NowAs("%H%M%S");
  series.seriesUid = NewUid(SITE_SERIES_UID_ROOT);
  series.derived = options.derived || options.source != nullptr;
  DicomPatientStudy& study = series.patientStudy;
  if (options.source) {
    study = PatientStudyInUtf8(*options.source);
    if (study.frameOfReferenceUid.empty())
      study.frameOfReferenceUid = NewUid(SITE_INSTANCE_UID_ROOT);
  } else {
    study.patientName = options.patientName;
    study.patientId = options.patientId;
    study.studyDescription = options.studyDescription;
    study.studyInstanceUid =
        options.studyInstanceUid.empty() ? NewUid(SITE_STUDY_UID_ROOT) : options.studyInstanceUid;
    study.frameOfReferenceUid = options.frameOfReferenceUid.empty() ? NewUid(SITE_INSTANCE_UID_ROOT)
                                                                    : options.frameOfReferenceUid;
    study.studyDate = series.date;
    study.studyTime = series.time;
  }
  const int sourceNumber = options.source ? options.source->seriesNumber : -1;
  if (options.seriesNumber)
    series.seriesNumber = *options.seriesNumber;
  else if (sourceNumber >= 0 && sourceNumber <= 2147482647) // IS holds up to 2^31 - 1
    series.seriesNumber = sourceNumber + 1000;
  return series;
}

} // namespace

std::string WriteDicomCtSeries(const HounsfieldImage* image, const std::string& directory,
                               const DicomWriteOptions& options) {
  if (image == nullptr) throw InvalidArgument("WriteDicomCtSeries: the image is null");
  if (!dcmDataDict.isDictionaryLoaded())
    throw DicomError("DCMTK's data dictionary is not loaded (set DCMDICTPATH to dicom.dic)");
  CheckGeometry(*image);
  const PixelEncoding encoding = ChooseEncoding(*image, options.unsignedWithIntercept);

  const std::size_t slices = image->GetLargestPossibleRegion().GetSize()[2];
  if (options.source) CheckDerivationSource(*options.source, slices);
  SeriesAttributes series = ChooseSeriesAttributes(options);
  const auto& direction = image->GetDirection();
  series.row = DirectionColumn(direction, 0);
  series.column = DirectionColumn(direction, 1);
  series.stackDirection = DirectionColumn(direction, 2);
  series.normal = {series.row[1] * series.column[2] - series.row[2] * series.column[1],
                   series.row[2] * series.column[0] - series.row[0] * series.column[2],
                   series.row[0] * series.column[1] - series.row[1] * series.column[0]};

  CheckNewSeriesDirectory(directory);
  // Whole or not at all (CuMed::OutputSafety): the slices go into a private directory beside
  // `directory`, renamed to it once complete; a failure or a signal removes it.
  output::WriteWholeDirectory(directory, [&](const std::filesystem::path& staged) {
    std::filesystem::create_directory(staged);
    for (std::size_t k = 0; k < slices; ++k) {
      DcmFileFormat file;
      DatasetBuilder builder(*file.getDataset());
      PutSeriesAttributes(builder, *image, options, series, encoding);
      PutSlice(builder, *image, k, series, encoding);
      if (options.source)
        detail::PutDerivation(*file.getDataset(), *options.source, k, options.derivation,
                              options.derivationDescription);
      const std::string path = (staged / SliceFileName(k)).string();
      detail::SaveDicomFile(file, path,
                            (std::filesystem::path(directory) / SliceFileName(k)).string());
    }
    return 0;
  });
  return series.seriesUid;
}

} // namespace cumed::io
