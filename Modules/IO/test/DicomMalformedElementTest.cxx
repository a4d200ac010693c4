// Regression tests for the fuzz findings in the DICOM reader (cumed_fuzz_dicom_file/_series):
// slices whose element structure is damaged made DCMTK or GDCM allocate gigabytes or made
// Debian's GDCM abort on an assertion. Each test damages one slice of a generated series byte by
// byte and expects the reader to refuse it, naming the file and the element.
#include "DicomTestSupport.h"

#include <dcmtk/dcmdata/dcfilefo.h>
#include <dcmtk/dcmdata/dcxfer.h>

#include <fstream>
#include <iterator>

namespace cumed::io::test {
namespace {

// Offset of the first element with this tag (little endian) after the preamble.
std::size_t ElementAt(const std::string& bytes, std::uint16_t group, std::uint16_t element) {
  const char tag[4] = {char(group & 0xFF), char(group >> 8), char(element & 0xFF),
                       char(element >> 8)};
  const std::size_t at = bytes.find(std::string(tag, 4), 132);
  EXPECT_NE(at, std::string::npos) << "tag not found";
  return at;
}

std::string Little32(std::uint32_t value) {
  std::string bytes;
  for (int i = 0; i < 4; ++i) bytes += char((value >> (8 * i)) & 0xFF);
  return bytes;
}

// A 8 x 8 x 3 series, written in explicit VR little endian.
class DicomMalformedElements : public GeneratedSeries {
protected:
  DicomMalformedElements() : GeneratedSeries({{8, 8, 3}, {1.0, 1.0, 2.0}, {0.0, 0.0, 0.0}}) {}

  // Applies `damage` to the bytes of slice 2 and returns the reader's error message.
  std::string ErrorAfter(const std::function<void(std::string&)>& damage) {
    std::string bytes = ReadBytes(slice(2));
    damage(bytes);
    WriteBytes(slice(2), bytes);
    const std::string message = DicomErrorMessage([&] { ReadDicomCtSeries(directory()); });
    EXPECT_TRUE(Contains(message, slice(2).string())) << message;
    return message;
  }

  // Slice 2 re-encoded in implicit VR little endian (VRs come from the dictionary).
  void MakeSliceImplicit() {
    DcmFileFormat file;
    ASSERT_TRUE(file.loadFile(slice(2).c_str()).good());
    ASSERT_TRUE(file.saveFile(slice(2).c_str(), EXS_LittleEndianImplicit).good());
  }
};

// Finding (oom): an element declaring gigabytes in a few-kB file made the header scan allocate
// them. The 12-byte UT header replaces StudyDate's 8-byte DA header.
TEST_F(DicomMalformedElements, LengthPastTheEndOfTheFileIsRefusedBeforeLoading) {
  const std::string message = ErrorAfter([](std::string& bytes) {
    const std::size_t at = ElementAt(bytes, 0x0008, 0x0020);
    bytes.replace(at + 4, 4, std::string("UT\0\0", 4) + Little32(0xA0000000u));
  });
  EXPECT_TRUE(Contains(message, "StudyDate (0008,0020)")) << message;
  EXPECT_TRUE(Contains(message, "declared 2684354560 bytes")) << message;
  EXPECT_TRUE(Contains(message, "runs past the end of the file")) << message;
}

// Finding (oom): the scanned text values are bounded before DCMTK loads them.
TEST_F(DicomMalformedElements, ScannedValueOverTheBoundIsRefused) {
  MakeSliceImplicit();
  const std::string message = ErrorAfter([](std::string& bytes) {
    bytes.replace(ElementAt(bytes, 0x0008, 0x0060) + 4, 4, Little32(100000));
  });
  EXPECT_TRUE(Contains(message, "Modality (0008,0060) declares a value of 100000 bytes "
                                "(expected at most 65536)"))
      << message;
}

// Finding (slow-unit): an invalid VR made GDCM read a 4-byte length where DCMTK read a 2-byte
// one, and allocate 1.7 GB.
TEST_F(DicomMalformedElements, InvalidVrIsRefusedByTag) {
  const std::string message = ErrorAfter(
      [](std::string& bytes) { bytes.replace(ElementAt(bytes, 0x0008, 0x0020) + 4, 2, "7O"); });
  EXPECT_TRUE(Contains(message, "StudyDate (0008,0020)")) << message;
  EXPECT_TRUE(Contains(message, "has an invalid VR (bytes 37 4F")) << message;
}

// Finding (oom): GDCM also parses the few elements after PixelData, where an invalid VR made it
// guess another encoding and allocate a declared 1.5 GB.
TEST_F(DicomMalformedElements, InvalidElementAfterThePixelDataIsRefused) {
  std::size_t end = 0;
  const std::string message = ErrorAfter([&](std::string& bytes) {
    end = bytes.size();
    bytes += std::string("\x00\xE1\x00\x30\x02\xB1\x00\x81", 8) + std::string(64, '\x01');
  });
  EXPECT_TRUE(Contains(message, "(E100,3000) at byte " + std::to_string(end) +
                                    " has an invalid VR (bytes 02 B1"))
      << message;
}

// Findings (crash): GDCM asserts on Columns and PixelSpacing with VRs other than US and DS.
TEST_F(DicomMalformedElements, ImageAttributeWithAnotherVrIsRefused) {
  const std::string original = ReadBytes(slice(2));
  struct Case {
    std::uint16_t element;
    const char* vr;
    const char* expected;
  };
  for (const Case& c : {Case{0x0011, "DS", "Columns (0028,0011) has VR DS (expected US)"},
                        Case{0x0030, "LO", "PixelSpacing (0028,0030) has VR LO (expected DS)"}}) {
    WriteBytes(slice(2), original);
    const std::string message = ErrorAfter([&](std::string& bytes) {
      bytes.replace(ElementAt(bytes, 0x0028, c.element) + 4, 2, c.vr);
    });
    EXPECT_TRUE(Contains(message, c.expected)) << message;
  }
}

// Finding (crash): GDCM takes a file with a RecognitionCode for ACR-NEMA and asserts that the
// code says so. ImageType (0008,0008) becomes RecognitionCode (0008,0010), VR SH.
TEST_F(DicomMalformedElements, RecognitionCodeOtherThanAcrNemaIsRefused) {
  const std::string message = ErrorAfter([](std::string& bytes) {
    bytes.replace(ElementAt(bytes, 0x0008, 0x0008), 6, std::string("\x08\x00\x10\x00SH", 6));
  });
  EXPECT_TRUE(Contains(message, "RecognitionCode (0008,0010) is 'ORIGINAL\\PRIMARY' (expected "
                                "empty, or ACR-NEMA"))
      << message;
  EXPECT_FALSE(Contains(message, "RETIRED_")) << message; // DCMTK's keyword prefix is dropped
}

// Finding (crash): a Columns value of another length than one US made GDCM assert; in implicit
// VR only the length tells.
TEST_F(DicomMalformedElements, ImageAttributeWithAnotherLengthIsRefused) {
  MakeSliceImplicit();
  const std::string message = ErrorAfter([](std::string& bytes) {
    bytes.replace(ElementAt(bytes, 0x0028, 0x0011) + 4, 4, Little32(4));
  });
  EXPECT_TRUE(Contains(message, "Columns (0028,0011) has a value of 4 bytes (expected 2, one US"))
      << message;
}

// Finding (crash): GDCM asserts on a damaged file meta group.
TEST_F(DicomMalformedElements, DamagedFileMetaGroupIsRefused) {
  const std::string original = ReadBytes(slice(2));
  std::string message = ErrorAfter(
      [](std::string& bytes) { bytes.replace(ElementAt(bytes, 0x0002, 0x0002) + 4, 2, "]I"); });
  EXPECT_TRUE(Contains(message, "MediaStorageSOPClassUID (0002,0002)")) << message;
  EXPECT_TRUE(Contains(message, "has an invalid VR")) << message;

  WriteBytes(slice(2), original);
  message = ErrorAfter([](std::string& bytes) {
    const std::size_t value = ElementAt(bytes, 0x0002, 0x0000) + 8;
    const auto length =
        static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[value]) |
                                   static_cast<unsigned char>(bytes[value + 1]) << 8);
    bytes.replace(value, 4, Little32(length + 2));
  });
  EXPECT_TRUE(Contains(message, "FileMetaInformationGroupLength (0002,0000) says the file meta "
                                "group ends at byte"))
      << message;
}

} // namespace
} // namespace cumed::io::test
