#pragma once
// Enhanced multi-frame CT files written at test time with DCMTK: a random axial volume of stored
// values, one frame per slice, geometry and rescale in functional groups.
#include "DicomTestSupport.h"

#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcfilefo.h>
#include <dcmtk/dcmdata/dcuid.h>
#include <dcmtk/dcmjpeg/djencode.h>
#include <dcmtk/dcmjpeg/djrplol.h>
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace cumed::io::test {

inline std::string Uid() {
  char uid[100];
  return dcmGenerateUniqueIdentifier(uid, SITE_INSTANCE_UID_ROOT);
}

/// An axial volume of random stored values; frame f of the file holds slice order[f], with that
/// frame's rescale.
struct EnhancedCt {
  int columns = 12, rows = 10, slices = 8;
  double columnSpacing = 0.6, rowSpacing = 0.8, step = 1.5;
  std::array<double, 3> origin{-4.0, 7.5, -20.0};
  std::vector<int> order;                                   // slice of each frame; empty: f
  std::vector<std::pair<std::string, std::string>> rescale; // per frame; empty: shared 1, -1024
  std::vector<std::int16_t> stored;                         // per slice, row by row
  int framesDeclared = 0;                                   // NumberOfFrames; 0: slices
  int perFrameItems = 0;                                    // 0: one per frame
  bool losslessJpeg = false; // encapsulated frames (JPEG lossless, process 14 SV1)

  explicit EnhancedCt(unsigned seed) {
    std::mt19937 random(seed);
    std::uniform_int_distribution<int> values(-1000, 3000);
    stored.resize(std::size_t(columns) * rows * slices);
    for (auto& value : stored) value = std::int16_t(values(random));
  }
  int SliceOfFrame(int f) const { return order.empty() ? f : order[f]; }
  std::pair<double, double> Rescale(int f) const {
    if (rescale.empty()) return {1, -1024};
    return {std::stod(rescale[f].first), std::stod(rescale[f].second)};
  }
  // The HU volume the file describes, rounded to whole HU (as the reader rounds).
  std::vector<double> Hounsfield() const {
    std::vector<double> hu(stored.size());
    const std::size_t size = std::size_t(columns) * rows;
    for (int f = 0; f < slices; ++f) {
      const auto [slope, intercept] = Rescale(f);
      const std::size_t slice = std::size_t(SliceOfFrame(f)) * size;
      for (std::size_t i = 0; i < size; ++i) hu[slice + i] = slope * stored[slice + i] + intercept;
    }
    return hu;
  }

  void Write(const fs::path& file) const {
    DcmFileFormat format;
    DcmDataset& d = *format.getDataset();
    PutString(d, DCM_SOPClassUID, UID_EnhancedCTImageStorage);
    PutString(d, DCM_SOPInstanceUID, Uid());
    PutString(d, DCM_StudyInstanceUID, Uid());
    PutString(d, DCM_SeriesInstanceUID, Uid());
    PutString(d, DCM_FrameOfReferenceUID, Uid());
    PutString(d, DCM_Modality, "CT");
    PutString(d, DCM_ImageType, "ORIGINAL\\PRIMARY\\AXIAL\\NONE");
    PutString(d, DCM_PatientName, "Enhanced^Phantom");
    PutString(d, DCM_SamplesPerPixel, "1");
    PutString(d, DCM_PhotometricInterpretation, "MONOCHROME2");
    PutString(d, DCM_NumberOfFrames, std::to_string(framesDeclared ? framesDeclared : slices));
    ASSERT_TRUE(d.putAndInsertUint16(DCM_Rows, Uint16(rows)).good());
    ASSERT_TRUE(d.putAndInsertUint16(DCM_Columns, Uint16(columns)).good());
    ASSERT_TRUE(d.putAndInsertUint16(DCM_BitsAllocated, 16).good());
    ASSERT_TRUE(d.putAndInsertUint16(DCM_BitsStored, 16).good());
    ASSERT_TRUE(d.putAndInsertUint16(DCM_HighBit, 15).good());
    ASSERT_TRUE(d.putAndInsertUint16(DCM_PixelRepresentation, 1).good());

    DcmItem* shared = nullptr;
    ASSERT_TRUE(d.findOrCreateSequenceItem(DCM_SharedFunctionalGroupsSequence, shared, -2).good());
    PutInGroup(*shared, DCM_PlaneOrientationSequence, DCM_ImageOrientationPatient,
               "1\\0\\0\\0\\1\\0");
    PutInGroup(*shared, DCM_PixelMeasuresSequence, DCM_PixelSpacing,
               Number(rowSpacing) + "\\" + Number(columnSpacing));
    PutInGroup(*shared, DCM_PixelMeasuresSequence, DCM_SliceThickness, Number(step));
    if (rescale.empty()) PutRescale(*shared, {"1", "-1024"});

    const int items = perFrameItems ? perFrameItems : slices;
    for (int f = 0; f < items; ++f) {
      DcmItem* frame = nullptr;
      ASSERT_TRUE(
          d.findOrCreateSequenceItem(DCM_PerFrameFunctionalGroupsSequence, frame, -2).good());
      const double z = origin[2] + step * SliceOfFrame(f);
      PutInGroup(*frame, DCM_PlanePositionSequence, DCM_ImagePositionPatient,
                 Number(origin[0]) + "\\" + Number(origin[1]) + "\\" + Number(z));
      if (!rescale.empty()) PutRescale(*frame, rescale[f]);
    }
    // Frame f's pixels: slice SliceOfFrame(f) of the volume.
    const std::size_t size = std::size_t(columns) * rows;
    std::vector<Uint16> pixels(stored.size());
    for (int f = 0; f < slices; ++f)
      for (std::size_t i = 0; i < size; ++i)
        pixels[f * size + i] = Uint16(stored[SliceOfFrame(f) * size + i]);
    ASSERT_TRUE(
        d.putAndInsertUint16Array(DCM_PixelData, pixels.data(), unsigned(pixels.size())).good());
    E_TransferSyntax syntax = EXS_LittleEndianExplicit;
    if (losslessJpeg) {
      DJEncoderRegistration::registerCodecs(); // idempotent
      const DJ_RPLossless parameters(1, 0);
      syntax = EXS_JPEGProcess14SV1;
      ASSERT_TRUE(d.chooseRepresentation(syntax, &parameters).good());
      ASSERT_TRUE(d.canWriteXfer(syntax));
    }
    ASSERT_TRUE(format.saveFile(file.c_str(), syntax).good()) << file;
  }

  static std::string Number(double value) {
    char text[32];
    std::snprintf(text, sizeof(text), "%.6g", value);
    return text;
  }
  static void PutInGroup(DcmItem& parent, const DcmTagKey& sequence, const DcmTagKey& tag,
                         const std::string& value) {
    DcmItem* item = nullptr;
    ASSERT_TRUE(parent.findOrCreateSequenceItem(sequence, item, 0).good());
    ASSERT_TRUE(item->putAndInsertString(tag, value.c_str()).good());
  }
  static void PutRescale(DcmItem& parent, const std::pair<std::string, std::string>& rescale) {
    PutInGroup(parent, DCM_PixelValueTransformationSequence, DCM_RescaleSlope, rescale.first);
    PutInGroup(parent, DCM_PixelValueTransformationSequence, DCM_RescaleIntercept, rescale.second);
    PutInGroup(parent, DCM_PixelValueTransformationSequence, DCM_RescaleType, "HU");
  }
};

} // namespace cumed::io::test
