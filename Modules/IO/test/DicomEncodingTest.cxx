// Encodings a clinical export uses that the reader once refused or misnamed: the deflated
// transfer syntax, attributes stored with VR UN, and GE's private implicit VR big endian syntax.
// Each test re-encodes a generated series with DCMTK (or byte by byte where DCMTK cannot write
// the encoding) and expects the Hounsfield units and geometry of the volume that was written.
#include "DicomTestSupport.h"

#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcfilefo.h>
#include <dcmtk/dcmdata/dcmetinf.h>
#include <dcmtk/dcmdata/dcvrobow.h>
#include <dcmtk/dcmdata/dcxfer.h>

#include <zlib.h>

#include <fstream>
#include <iterator>

namespace cumed::io::test {
namespace {

std::string MetaTransferSyntax(const fs::path& file) {
  DcmFileFormat format;
  EXPECT_TRUE(format.loadFile(file.c_str()).good()) << file;
  OFString uid;
  format.getMetaInfo()->findAndGetOFString(DCM_TransferSyntaxUID, uid);
  return uid.c_str();
}

// Every slice of `from` saved into `to` (created) in `syntax`, after `edit`.
void Reencode(const fs::path& from, const fs::path& to, E_TransferSyntax syntax,
              const std::function<void(DcmDataset&)>& edit = {}) {
  fs::create_directories(to);
  for (const auto& entry : fs::directory_iterator(from)) {
    DcmFileFormat file;
    ASSERT_TRUE(file.loadFile(entry.path().c_str()).good()) << entry.path();
    ASSERT_TRUE(file.loadAllDataIntoMemory().good());
    if (edit) edit(*file.getDataset());
    const fs::path target = to / entry.path().filename();
    const OFCondition status = file.saveFile(target.c_str(), syntax);
    ASSERT_TRUE(status.good()) << target << ": " << status.text();
  }
}

class DicomEncodings : public GeneratedSeries {
protected:
  DicomEncodings() : GeneratedSeries({{16, 12, 5}, {0.7, 0.9, 2.5}, {-30.0, 12.5, 40.0}, 20.0}) {}

  void ExpectReadsAsWritten(const fs::path& directory) {
    const CtSeries series = ReadDicomCtSeries(directory.string());
    EXPECT_TRUE(SamePixels(*volume_, *series.image));
    EXPECT_TRUE(SameGeometry(*volume_, *series.image, 1e-4));
    EXPECT_EQ(series.info.seriesUid, ReadString(slice(1), DCM_SeriesInstanceUID));
  }
};

TEST_F(DicomEncodings, DeflatedSeriesReadsLikeTheOriginal) {
  const fs::path deflated = scratch_.path() / "deflated";
  Reencode(directory(), deflated, EXS_DeflatedLittleEndianExplicit);
  ASSERT_EQ(MetaTransferSyntax(deflated / SliceName(3)), "1.2.840.10008.1.2.1.99");
  ExpectReadsAsWritten(deflated);
}

TEST_F(DicomEncodings, TruncatedDeflatedFileIsRefusedByName) {
  const fs::path deflated = scratch_.path() / "deflated";
  Reencode(directory(), deflated, EXS_DeflatedLittleEndianExplicit);
  const fs::path cut = deflated / SliceName(2);
  const std::string bytes = ReadBytes(cut);
  WriteBytes(cut, bytes.substr(0, bytes.size() - 200)); // the end of the deflate stream lost
  const std::string message = DicomErrorMessage([&] { ReadDicomCtSeries(deflated.string()); });
  EXPECT_TRUE(Contains(message, cut.string())) << message;
  EXPECT_TRUE(Contains(message, "TransferSyntaxUID (0002,0010) 1.2.840.10008.1.2.1.99")) << message;
  EXPECT_TRUE(Contains(message, "truncated")) << message;
}

TEST_F(DicomEncodings, DamagedDeflateStreamIsRefusedByName) {
  const fs::path deflated = scratch_.path() / "deflated";
  Reencode(directory(), deflated, EXS_DeflatedLittleEndianExplicit);
  const fs::path damaged = deflated / SliceName(4);
  std::string bytes = ReadBytes(damaged);
  // The deflate stream starts after the file meta group, whose length (0002,0000) is the UL
  // value at byte 140.
  const std::size_t streamStart =
      144 + (std::uint8_t(bytes[140]) | std::uint8_t(bytes[141]) << 8 |
             std::uint8_t(bytes[142]) << 16 | std::uint8_t(bytes[143]) << 24);
  ASSERT_LT(streamStart + 8, bytes.size());
  // Block type 3 is invalid in every deflate block header: zlib stops at once.
  bytes[streamStart] = char(0x07);
  WriteBytes(damaged, bytes);
  const std::string message = DicomErrorMessage([&] { ReadDicomCtSeries(deflated.string()); });
  EXPECT_TRUE(Contains(message, damaged.string())) << message;
  EXPECT_TRUE(Contains(message, "deflated data set")) << message;
}

// 1 GiB + 1 MiB of zeros deflate to about 1 MB: refused after inflating (and counting) the first
// 1 GiB + 1 byte, before any of it is held.
TEST_F(DicomEncodings, DecompressionBombIsRefusedByName) {
  const std::string uid = "1.2.840.10008.1.2.1.99"; // 22 bytes: no padding
  std::string bytes(128, '\0');
  bytes += "DICM";
  bytes += std::string("\x02\x00\x00\x00UL\x04\x00\x1E\x00\x00\x00", 12); // group: 30 bytes
  bytes += std::string("\x02\x00\x10\x00UI\x16\x00", 8) + uid;
  z_stream stream{};
  ASSERT_EQ(deflateInit2(&stream, 1, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY), Z_OK);
  std::vector<unsigned char> zeros(1 << 20), out(1 << 16);
  for (int chunk = 0; chunk <= 1024; ++chunk) {
    stream.next_in = zeros.data();
    stream.avail_in = static_cast<uInt>(zeros.size());
    const int flush = chunk == 1024 ? Z_FINISH : Z_NO_FLUSH;
    do {
      stream.next_out = out.data();
      stream.avail_out = static_cast<uInt>(out.size());
      deflate(&stream, flush);
      bytes.append(reinterpret_cast<const char*>(out.data()), out.size() - stream.avail_out);
    } while (stream.avail_out == 0);
  }
  deflateEnd(&stream);
  const fs::path bomb = fs::path(directory()) / "bomb.dcm";
  WriteBytes(bomb, bytes);
  const std::string message = DicomErrorMessage([&] { ReadDicomCtSeries(directory()); });
  EXPECT_TRUE(Contains(message, bomb.string())) << message;
  EXPECT_TRUE(Contains(message, "inflates to more than 1073741824 bytes")) << message;
}

// Stored values halved under RescaleSlope 2: a reader that ignored the UN slope (reading 1)
// would return other HU. The random volume's HU are made even so that halving is exact.
TEST_F(DicomEncodings, AttributesStoredAsUnknownVrAreReadThroughTheDictionary) {
  auto* pixels = volume_->GetBufferPointer();
  for (std::size_t i = 0; i < volume_->GetPixelContainer()->Size(); ++i)
    pixels[i] = static_cast<std::int16_t>(pixels[i] & ~1);
  fs::remove_all(directory());
  WriteDicomCtSeries(volume_.GetPointer(), directory());
  const fs::path unknown = scratch_.path() / "un";
  Reencode(directory(), unknown, EXS_LittleEndianExplicit, [](DcmDataset& dataset) {
    OFString intercept;
    ASSERT_TRUE(dataset.findAndGetOFString(DCM_RescaleIntercept, intercept).good());
    ASSERT_EQ(std::stoi(intercept.c_str()) % 2, 0) << "stored values would be odd";
    DcmElement* pixelData = nullptr;
    ASSERT_TRUE(dataset.findAndGetElement(DCM_PixelData, pixelData).good());
    Uint16* words = nullptr;
    ASSERT_TRUE(pixelData->getUint16Array(words).good());
    for (unsigned long i = 0; i < pixelData->getLength() / 2; ++i)
      words[i] = Uint16(Sint16(words[i]) / 2);
    PutString(dataset, DCM_RescaleSlope, "2");
    for (const DcmTagKey& key :
         {DCM_SeriesInstanceUID, DCM_ImagePositionPatient, DCM_PixelSpacing, DCM_RescaleSlope}) {
      OFString value;
      ASSERT_TRUE(dataset.findAndGetOFStringArray(key, value).good());
      std::string bytes = value.c_str();
      if (bytes.size() % 2) bytes += key == DCM_SeriesInstanceUID ? '\0' : ' ';
      auto* element = new DcmOtherByteOtherWord(DcmTag(key, EVR_UN));
      ASSERT_TRUE(element->putUint8Array(reinterpret_cast<const Uint8*>(bytes.data()), bytes.size())
                      .good());
      ASSERT_TRUE(dataset.insert(element, /*replaceOld=*/true).good());
    }
  });
  // The slope really is stored as UN: its tag (0028,1053) is followed by "UN".
  EXPECT_TRUE(Contains(ReadBytes(unknown / SliceName(1)), std::string("\x28\x00\x53\x10UN", 6)));
  ExpectReadsAsWritten(unknown);
}

// A UN value that is not valid text is named with its odd byte escaped, never printed raw.
TEST_F(DicomEncodings, UnknownVrValueThatIsNotTextIsNamedReadably) {
  const fs::path unknown = scratch_.path() / "un";
  Reencode(directory(), unknown, EXS_LittleEndianExplicit, [](DcmDataset& dataset) {
    const std::string bytes("0.7\x01\\0.9", 8);
    auto* element = new DcmOtherByteOtherWord(DcmTag(DCM_PixelSpacing, EVR_UN));
    ASSERT_TRUE(
        element->putUint8Array(reinterpret_cast<const Uint8*>(bytes.data()), bytes.size()).good());
    ASSERT_TRUE(dataset.insert(element, /*replaceOld=*/true).good());
  });
  const std::string message = DicomErrorMessage([&] { ReadDicomCtSeries(unknown.string()); });
  EXPECT_TRUE(Contains(message, "PixelSpacing (0028,0030) is '0.7\\x01\\0.9'")) << message;
  EXPECT_FALSE(Contains(message, "\x01")) << "a raw control byte in the message";
}

// GE's syntax: DCMTK cannot write it; the series is written in implicit VR little endian with
// byte-swapped pixel values, then each file's TransferSyntaxUID (same padded length) is replaced.
void WriteGePrivateCopy(const fs::path& from, const fs::path& ge) {
  Reencode(from, ge, EXS_LittleEndianImplicit, [](DcmDataset& dataset) {
    DcmElement* pixelData = nullptr;
    ASSERT_TRUE(dataset.findAndGetElement(DCM_PixelData, pixelData).good());
    Uint16* words = nullptr;
    ASSERT_TRUE(pixelData->getUint16Array(words).good());
    for (unsigned long i = 0; i < pixelData->getLength() / 2; ++i)
      words[i] = Uint16(words[i] >> 8 | words[i] << 8);
  });
  for (const auto& entry : fs::directory_iterator(ge)) {
    std::string bytes = ReadBytes(entry.path());
    const std::string implicit("1.2.840.10008.1.2\0", 18);
    const std::size_t at = bytes.find(implicit);
    ASSERT_LT(at, 400u) << entry.path();
    bytes.replace(at, implicit.size(), "1.2.840.113619.5.2");
    WriteBytes(entry.path(), bytes);
  }
}

TEST_F(DicomEncodings, GePrivateBigEndianSyntaxIsRead) {
  const fs::path ge = scratch_.path() / "ge";
  WriteGePrivateCopy(directory(), ge);
  ASSERT_EQ(MetaTransferSyntax(ge / SliceName(1)), "1.2.840.113619.5.2");
  ExpectReadsAsWritten(ge);
}

// A damaged file in GE's syntax is refused naming the syntax, not only as damaged.
TEST_F(DicomEncodings, DamagedGePrivateFileNamesTheSyntax) {
  const fs::path ge = scratch_.path() / "ge";
  WriteGePrivateCopy(directory(), ge);
  const fs::path damaged = ge / SliceName(2);
  std::string bytes = ReadBytes(damaged);
  const std::size_t rows = bytes.find(std::string("\x28\x00\x10\x00\x02\x00\x00\x00", 8));
  ASSERT_NE(rows, std::string::npos);
  bytes.replace(rows + 4, 4, std::string("\xFF\xFF\x00\x10", 4)); // Rows declares 268 MB
  WriteBytes(damaged, bytes);
  const std::string message = DicomErrorMessage([&] { ReadDicomCtSeries(ge.string()); });
  EXPECT_TRUE(Contains(message, damaged.string())) << message;
  EXPECT_TRUE(Contains(message, "Rows (0028,0010)")) << message;
  EXPECT_TRUE(Contains(message, "TransferSyntaxUID (0002,0010) is GE private implicit VR big "
                                "endian (1.2.840.113619.5.2)"))
      << message;
}

} // namespace
} // namespace cumed::io::test
