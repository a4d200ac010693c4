// Enhanced multi-frame CT (one file, every slice a frame, geometry and rescale in functional
// groups), written at test time with DCMTK from a random volume and read back.
#include "DicomTestSupport.h"
#include "cumed/test/RandomCases.h"

#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcfilefo.h>
#include <dcmtk/dcmdata/dcuid.h>
#include <dcmtk/dcmjpeg/djencode.h>
#include <dcmtk/dcmjpeg/djrplol.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <random>

namespace cumed::io::test {
namespace {

bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::string Uid() {
  char uid[100];
  return dcmGenerateUniqueIdentifier(uid, SITE_INSTANCE_UID_ROOT);
}

// An axial volume of random stored values; frame f of the file holds slice order[f], with that
// frame's rescale.
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

class EnhancedCtRead : public ::testing::Test {
protected:
  std::string directory() const { return scratch_.Sub("series"); }
  fs::path file() const { return fs::path(directory()) / "enhanced.dcm"; }
  void Write(const EnhancedCt& ct) {
    fs::create_directories(directory());
    ct.Write(file());
  }
  // The volume read equals the one written: geometry from the functional groups, every voxel.
  void ExpectVolume(const EnhancedCt& ct, const CtSeries& read) {
    const HounsfieldImage& image = *read.image;
    const auto size = image.GetLargestPossibleRegion().GetSize();
    ASSERT_EQ(size[0], std::size_t(ct.columns));
    ASSERT_EQ(size[1], std::size_t(ct.rows));
    ASSERT_EQ(size[2], std::size_t(ct.slices));
    const double spacing[3] = {ct.columnSpacing, ct.rowSpacing, ct.step};
    for (int a = 0; a < 3; ++a) {
      EXPECT_NEAR(image.GetSpacing()[a], spacing[a], 1e-9);
      EXPECT_NEAR(image.GetOrigin()[a], ct.origin[a], 1e-9);
      for (int b = 0; b < 3; ++b) EXPECT_EQ(image.GetDirection()(a, b), a == b ? 1.0 : 0.0);
    }
    const std::vector<double> hu = ct.Hounsfield();
    for (std::size_t i = 0; i < hu.size(); ++i)
      ASSERT_EQ(image.GetBufferPointer()[i], std::round(hu[i])) << "voxel " << i;
    EXPECT_TRUE(read.info.multiFrame);
    EXPECT_EQ(read.info.files.size(), std::size_t(ct.slices));
  }
  TemporaryDirectory scratch_;
};

TEST_F(EnhancedCtRead, FramesInOrderWithSharedRescale) {
  const EnhancedCt ct(7);
  Write(ct);
  ExpectVolume(ct, ReadDicomCtSeries(directory()));
}

// Frames stored in a random order, each with its own rescale (integer and not): sorted by
// position, rescaled per frame.
TEST_F(EnhancedCtRead, ShuffledFramesWithPerFrameRescale) {
  const std::uint64_t seed = cumed::test::RandomRunSeed();
  std::printf("[ random   ] frame order from run seed %llu (CUMED_RANDOM_SEED)\n",
              static_cast<unsigned long long>(seed));
  EnhancedCt ct(static_cast<unsigned>(seed));
  ct.order.resize(std::size_t(ct.slices));
  std::iota(ct.order.begin(), ct.order.end(), 0);
  std::mt19937 random(static_cast<unsigned>(seed));
  std::shuffle(ct.order.begin(), ct.order.end(), random);
  const std::pair<std::string, std::string> rescales[] = {
      {"1", "-1024"}, {"2", "-1000"}, {"1", "0"}, {"2.0002", "-1024.25"}};
  for (int f = 0; f < ct.slices; ++f) ct.rescale.push_back(rescales[f % 4]);
  Write(ct);
  const CtSeries read = ReadDicomCtSeries(directory());
  ExpectVolume(ct, read);
  EXPECT_GT(read.info.roundedValues, 0) << "the 2.0002 frames have fractional HU";
}

// Compressed frames: decoded by GDCM, one fragment per frame.
TEST_F(EnhancedCtRead, LosslessJpegFramesAreDecoded) {
  EnhancedCt ct(11);
  ct.losslessJpeg = true;
  ct.order = {3, 0, 7, 1, 6, 2, 5, 4};
  Write(ct);
  ExpectVolume(ct, ReadDicomCtSeries(directory()));
}

TEST_F(EnhancedCtRead, FewerPerFrameItemsThanFramesIsAnError) {
  EnhancedCt ct(3);
  ct.perFrameItems = ct.slices - 1;
  Write(ct);
  const std::string message = DicomErrorMessage([&] { ReadDicomCtSeries(directory()); });
  EXPECT_TRUE(Contains(message, "enhanced.dcm")) << message;
  EXPECT_TRUE(Contains(message, "PerFrameFunctionalGroupsSequence (5200,9230) has 7 items"))
      << message;
  EXPECT_TRUE(Contains(message, "NumberOfFrames (0028,0008) is 8")) << message;
}

// Frames are checked as slices are, and the messages name the frame.
TEST_F(EnhancedCtRead, TwoFramesAtOnePositionAreNamed) {
  EnhancedCt ct(13);
  ct.order = {0, 1, 2, 3, 4, 5, 6, 6};
  Write(ct);
  const std::string message = DicomErrorMessage([&] { ReadDicomCtSeries(directory()); });
  EXPECT_TRUE(Contains(message, "same position")) << message;
  EXPECT_TRUE(Contains(message, "enhanced.dcm (frame 7)")) << message;
  EXPECT_TRUE(Contains(message, "enhanced.dcm (frame 8)")) << message;
}

TEST_F(EnhancedCtRead, FrameCountBeyondThePixelDataIsAnError) {
  for (int declared : {9, 1000000}) {
    EnhancedCt ct(5);
    ct.framesDeclared = declared;
    fs::remove_all(directory());
    Write(ct);
    const std::string message = DicomErrorMessage([&] { ReadDicomCtSeries(directory()); });
    EXPECT_TRUE(Contains(message, "enhanced.dcm")) << message;
    EXPECT_TRUE(Contains(message, "NumberOfFrames (0028,0008)")) << message;
    EXPECT_TRUE(Contains(message, std::to_string(declared))) << message;
  }
}

} // namespace
} // namespace cumed::io::test
