#pragma once
// The DICOM attributes the CT series reader and writer use, with names for error messages.
#include <cstdint>
#include <string>

namespace cumed::io::detail {

struct DicomTag {
  std::uint16_t group;
  std::uint16_t element;
  const char* keyword;
};

/// "ImagePositionPatient (0020,0032)": how every message names a tag.
std::string Describe(const DicomTag& tag);

inline constexpr DicomTag kTransferSyntaxUid{0x0002, 0x0010, "TransferSyntaxUID"};
inline constexpr DicomTag kImageType{0x0008, 0x0008, "ImageType"};
inline constexpr DicomTag kSopClassUid{0x0008, 0x0016, "SOPClassUID"};
inline constexpr DicomTag kSopInstanceUid{0x0008, 0x0018, "SOPInstanceUID"};
inline constexpr DicomTag kStudyDate{0x0008, 0x0020, "StudyDate"};
inline constexpr DicomTag kSeriesDate{0x0008, 0x0021, "SeriesDate"};
inline constexpr DicomTag kStudyTime{0x0008, 0x0030, "StudyTime"};
inline constexpr DicomTag kSeriesTime{0x0008, 0x0031, "SeriesTime"};
inline constexpr DicomTag kAccessionNumber{0x0008, 0x0050, "AccessionNumber"};
inline constexpr DicomTag kModality{0x0008, 0x0060, "Modality"};
inline constexpr DicomTag kManufacturer{0x0008, 0x0070, "Manufacturer"};
inline constexpr DicomTag kReferringPhysicianName{0x0008, 0x0090, "ReferringPhysicianName"};
inline constexpr DicomTag kStudyDescription{0x0008, 0x1030, "StudyDescription"};
inline constexpr DicomTag kSeriesDescription{0x0008, 0x103E, "SeriesDescription"};
inline constexpr DicomTag kPatientName{0x0010, 0x0010, "PatientName"};
inline constexpr DicomTag kPatientId{0x0010, 0x0020, "PatientID"};
inline constexpr DicomTag kPatientBirthDate{0x0010, 0x0030, "PatientBirthDate"};
inline constexpr DicomTag kPatientSex{0x0010, 0x0040, "PatientSex"};
inline constexpr DicomTag kBodyPartExamined{0x0018, 0x0015, "BodyPartExamined"};
inline constexpr DicomTag kSliceThickness{0x0018, 0x0050, "SliceThickness"};
inline constexpr DicomTag kSpacingBetweenSlices{0x0018, 0x0088, "SpacingBetweenSlices"};
inline constexpr DicomTag kGantryDetectorTilt{0x0018, 0x1120, "GantryDetectorTilt"};
inline constexpr DicomTag kConvolutionKernel{0x0018, 0x1210, "ConvolutionKernel"};
inline constexpr DicomTag kStudyInstanceUid{0x0020, 0x000D, "StudyInstanceUID"};
inline constexpr DicomTag kSeriesInstanceUid{0x0020, 0x000E, "SeriesInstanceUID"};
inline constexpr DicomTag kStudyId{0x0020, 0x0010, "StudyID"};
inline constexpr DicomTag kSeriesNumber{0x0020, 0x0011, "SeriesNumber"};
inline constexpr DicomTag kAcquisitionNumber{0x0020, 0x0012, "AcquisitionNumber"};
inline constexpr DicomTag kInstanceNumber{0x0020, 0x0013, "InstanceNumber"};
inline constexpr DicomTag kImagePositionPatient{0x0020, 0x0032, "ImagePositionPatient"};
inline constexpr DicomTag kImageOrientationPatient{0x0020, 0x0037, "ImageOrientationPatient"};
inline constexpr DicomTag kFrameOfReferenceUid{0x0020, 0x0052, "FrameOfReferenceUID"};
inline constexpr DicomTag kImagesInAcquisition{0x0020, 0x1002, "ImagesInAcquisition"};
inline constexpr DicomTag kSamplesPerPixel{0x0028, 0x0002, "SamplesPerPixel"};
inline constexpr DicomTag kPhotometricInterpretation{0x0028, 0x0004, "PhotometricInterpretation"};
inline constexpr DicomTag kPlanarConfiguration{0x0028, 0x0006, "PlanarConfiguration"};
inline constexpr DicomTag kNumberOfFrames{0x0028, 0x0008, "NumberOfFrames"};
inline constexpr DicomTag kRows{0x0028, 0x0010, "Rows"};
inline constexpr DicomTag kColumns{0x0028, 0x0011, "Columns"};
inline constexpr DicomTag kPixelSpacing{0x0028, 0x0030, "PixelSpacing"};
inline constexpr DicomTag kBitsAllocated{0x0028, 0x0100, "BitsAllocated"};
inline constexpr DicomTag kBitsStored{0x0028, 0x0101, "BitsStored"};
inline constexpr DicomTag kHighBit{0x0028, 0x0102, "HighBit"};
inline constexpr DicomTag kPixelRepresentation{0x0028, 0x0103, "PixelRepresentation"};
inline constexpr DicomTag kRescaleIntercept{0x0028, 0x1052, "RescaleIntercept"};
inline constexpr DicomTag kRescaleSlope{0x0028, 0x1053, "RescaleSlope"};
inline constexpr DicomTag kPixelData{0x7FE0, 0x0010, "PixelData"};

} // namespace cumed::io::detail
