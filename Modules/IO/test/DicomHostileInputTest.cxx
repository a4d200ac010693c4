// Regression tests for the hostile-input probe of the CT series reader (issue 10): edited copies
// of 12 real CT slices (POPI phase 00, ../shared/data), made in a scratch directory per test.
#include "DicomTestSupport.h"

#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcfilefo.h>
#include <dcmtk/dcmjpeg/djencode.h>
#include <dcmtk/dcmjpeg/djrplol.h>
#include <gtest/gtest.h>

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>

namespace cumed::io::test {
namespace {

constexpr int kSlices = 12;

// Slices 000..011 of the real series (z 115.5 down to 93.5): links, except the files a test
// replaces with edited copies.
class HostileInput : public ::testing::Test {
protected:
  void SetUp() override {
    source_ = RealSeriesDirectory();
    if (source_.empty())
      GTEST_SKIP() << "real CT series not found: expected ../shared/data/ct/popi-phase00";
    fs::create_directories(series());
    for (int k = 0; k < kSlices; ++k) fs::create_symlink(Source(k), slice(k));
  }
  fs::path series() const { return scratch_.path() / "series"; }
  static std::string Name(int k) {
    char name[32];
    std::snprintf(name, sizeof(name), "00-slice%03d.dcm", k);
    return name;
  }
  fs::path Source(int k) const { return source_ / Name(k); }
  fs::path slice(int k) const { return series() / Name(k); }
  // Replaces the link of slice k by an edited copy.
  void Edit(int k, const std::function<void(DcmDataset&)>& edit) {
    fs::remove(slice(k));
    EditDicomFile(Source(k), slice(k), edit);
  }
  void EditAll(const std::function<void(DcmDataset&)>& edit) {
    for (int k = 0; k < kSlices; ++k) Edit(k, edit);
  }
  CtSeries Read(int threads = 3) const {
    DicomReadOptions options;
    options.threads = threads;
    return ReadDicomCtSeries(series().string(), options);
  }
  std::string ReadError() const {
    return DicomErrorMessage([&] { Read(); });
  }

  fs::path source_;
  TemporaryDirectory scratch_;
};

// Stored values of one file, decoded with DCMTK (not the code under test).
std::vector<Uint16> StoredValues(const fs::path& file) {
  DcmFileFormat format;
  EXPECT_TRUE(format.loadFile(file.c_str()).good()) << file;
  const Uint16* stored = nullptr;
  unsigned long count = 0;
  EXPECT_TRUE(format.getDataset()->findAndGetUint16Array(DCM_PixelData, stored, &count).good());
  return std::vector<Uint16>(stored, stored + count);
}

// Finding 1: colour photometric interpretations on a one-sample slice made GDCM overrun its buffer.
TEST_F(HostileInput, ColourPhotometricInterpretationIsRefusedByName) {
  for (const char* value :
       {"RGB", "YBR_FULL", "YBR_FULL_422", "YBR_ICT", "ARGB", "PALETTE COLOR", "CMYK", "HSV"}) {
    Edit(5, [&](DcmDataset& d) { PutString(d, DCM_PhotometricInterpretation, value); });
    const std::string message = ReadError();
    EXPECT_TRUE(Contains(message, Name(5))) << message;
    EXPECT_TRUE(Contains(message, "PhotometricInterpretation (0028,0004)")) << message;
    EXPECT_TRUE(Contains(message, "'" + std::string(value) + "'")) << message;
  }
}

// Finding 9: GDCMImageIO inverts MONOCHROME1 before the rescale: refused, never inverted.
TEST_F(HostileInput, Monochrome1IsRefusedByName) {
  Edit(3, [](DcmDataset& d) { PutString(d, DCM_PhotometricInterpretation, "MONOCHROME1"); });
  const std::string message = ReadError();
  EXPECT_TRUE(Contains(message, Name(3))) << message;
  EXPECT_TRUE(Contains(message, "PhotometricInterpretation (0028,0004) is 'MONOCHROME1'"))
      << message;
}

TEST_F(HostileInput, Monochrome2IsSlopeTimesStoredPlusIntercept) {
  EditAll([](DcmDataset& d) {
    PutString(d, DCM_PhotometricInterpretation, "MONOCHROME2");
    PutString(d, DCM_RescaleSlope, "2");
    PutString(d, DCM_RescaleIntercept, "-1000");
  });
  const CtSeries series = Read();
  // Sorted along +z, volume slice 11 - k is file k.
  for (int k : {0, 6, 11}) {
    const std::vector<Uint16> stored = StoredValues(Source(k));
    ASSERT_EQ(stored.size(), 512u * 512u);
    const std::int16_t* hu = series.image->GetBufferPointer() + (11 - k) * 512 * 512;
    for (std::size_t i = 0; i < stored.size(); ++i)
      ASSERT_EQ(hu[i], 2 * int(stored[i]) - 1000) << Name(k) << " pixel " << i;
  }
}

// Finding 8: encoding tags that contradict each other or the pixel data.
TEST_F(HostileInput, BitsAllocatedThatDoesNotMatchThePixelDataIsRefused) {
  Edit(7, [](DcmDataset& d) { ASSERT_TRUE(d.putAndInsertUint16(DCM_BitsAllocated, 8).good()); });
  std::string message = ReadError();
  EXPECT_TRUE(Contains(message, Name(7))) << message;
  EXPECT_TRUE(Contains(message, "BitsAllocated (0028,0100) 8")) << message;
  // Consistent bit tags, but twice as many bytes as 8-bit pixels need.
  Edit(7, [](DcmDataset& d) {
    ASSERT_TRUE(d.putAndInsertUint16(DCM_BitsAllocated, 8).good());
    ASSERT_TRUE(d.putAndInsertUint16(DCM_BitsStored, 8).good());
    ASSERT_TRUE(d.putAndInsertUint16(DCM_HighBit, 7).good());
  });
  message = ReadError();
  EXPECT_TRUE(Contains(message, Name(7))) << message;
  EXPECT_TRUE(Contains(message, "PixelData (7FE0,0010) is too long: 524288 bytes, 262144 expected"))
      << message;
  EXPECT_TRUE(Contains(message, "BitsAllocated (0028,0100) 8")) << message;
}

TEST_F(HostileInput, HighBitMustBeBitsStoredMinusOne) {
  for (Uint16 highBit : {8, 0}) {
    Edit(4, [&](DcmDataset& d) { ASSERT_TRUE(d.putAndInsertUint16(DCM_HighBit, highBit).good()); });
    const std::string message = ReadError();
    EXPECT_TRUE(Contains(message, Name(4))) << message;
    EXPECT_TRUE(Contains(message, "HighBit (0028,0102) is " + std::to_string(highBit))) << message;
    EXPECT_TRUE(Contains(message, "BitsStored (0028,0101) 12")) << message;
  }
}

TEST_F(HostileInput, BitsStoredAboveBitsAllocatedIsRefused) {
  Edit(4, [](DcmDataset& d) {
    ASSERT_TRUE(d.putAndInsertUint16(DCM_BitsStored, 17).good());
    ASSERT_TRUE(d.putAndInsertUint16(DCM_HighBit, 16).good());
  });
  const std::string message = ReadError();
  EXPECT_TRUE(Contains(message, Name(4))) << message;
  EXPECT_TRUE(Contains(message, "BitsStored (0028,0101) is 17")) << message;
}

TEST_F(HostileInput, RowsThatDoNotMatchThePixelDataAreRefused) {
  EditAll([](DcmDataset& d) { ASSERT_TRUE(d.putAndInsertUint16(DCM_Rows, 256).good()); });
  const std::string message = ReadError();
  EXPECT_TRUE(Contains(message, "PixelData (7FE0,0010)")) << message;
  EXPECT_TRUE(Contains(message, "524288 bytes, 262144 expected")) << message;
}

// Finding 15: an 8-bit BitsAllocated on 16-bit data named the symptom, not the tag.
TEST_F(HostileInput, BitsAllocated8SeriesNamesTheTag) {
  EditAll([](DcmDataset& d) { ASSERT_TRUE(d.putAndInsertUint16(DCM_BitsAllocated, 8).good()); });
  const std::string message = ReadError();
  EXPECT_TRUE(Contains(message, "BitsAllocated (0028,0100)")) << message;
}

// Finding 15 (and 8): a consistent 8-bit series is read correctly. Stored values become
// stored / 16 in one byte, with RescaleSlope 16: HU = 16 x byte - 1024.
TEST_F(HostileInput, Consistent8BitSeriesIsReadCorrectly) {
  EditAll([](DcmDataset& d) {
    const Uint16* stored = nullptr;
    unsigned long count = 0;
    ASSERT_TRUE(d.findAndGetUint16Array(DCM_PixelData, stored, &count).good());
    std::vector<Uint8> bytes(count);
    for (unsigned long i = 0; i < count; ++i)
      bytes[i] = Uint8(std::min<Uint16>(stored[i], 4095) / 16);
    ASSERT_TRUE(d.findAndDeleteElement(DCM_PixelData).good());
    ASSERT_TRUE(d.putAndInsertUint8Array(DCM_PixelData, bytes.data(), bytes.size()).good());
    ASSERT_TRUE(d.putAndInsertUint16(DCM_BitsAllocated, 8).good());
    ASSERT_TRUE(d.putAndInsertUint16(DCM_BitsStored, 8).good());
    ASSERT_TRUE(d.putAndInsertUint16(DCM_HighBit, 7).good());
    PutString(d, DCM_RescaleSlope, "16");
  });
  const CtSeries series = Read();
  for (int k : {0, 11}) {
    const std::vector<Uint16> stored = StoredValues(Source(k));
    const std::int16_t* hu = series.image->GetBufferPointer() + (11 - k) * 512 * 512;
    for (std::size_t i = 0; i < stored.size(); ++i)
      ASSERT_EQ(hu[i], 16 * (std::min<int>(stored[i], 4095) / 16) - 1024) << Name(k) << " " << i;
  }
}

// Finding 15: extreme geometry and rescale values are refused by tag instead of failing later.
TEST_F(HostileInput, ExtremeGeometryAndRescaleValuesAreRefusedByTag) {
  const struct {
    DcmTagKey tag;
    const char* value;
    const char* named;
  } cases[] = {{DCM_PixelSpacing, "1e-30\\1e-30", "PixelSpacing (0028,0030)"},
               // ITK's SetSpacing threw "Singular matrix" once the determinant underflowed to 0
               {DCM_PixelSpacing, "1e-200\\1e-200", "PixelSpacing (0028,0030)"},
               {DCM_PixelSpacing, "1e30\\1e30", "PixelSpacing (0028,0030)"},
               {DCM_PixelSpacing, "nan\\0.9", "PixelSpacing (0028,0030)"},
               {DCM_PixelSpacing, "inf\\0.9", "PixelSpacing (0028,0030)"},
               {DCM_ImagePositionPatient, "1e300\\0\\0", "ImagePositionPatient (0020,0032)"},
               {DCM_ImagePositionPatient, "nan\\0\\0", "ImagePositionPatient (0020,0032)"},
               {DCM_ImageOrientationPatient, "1\\0\\0\\0\\inf\\0", "ImageOrientationPatient"},
               {DCM_RescaleSlope, "inf", "RescaleSlope (0028,1053)"},
               {DCM_RescaleSlope, "1e30", "RescaleSlope (0028,1053)"}};
  for (const auto& c : cases) {
    EditAll([&](DcmDataset& d) { PutString(d, c.tag, c.value); });
    const std::string message = ReadError();
    EXPECT_TRUE(Contains(message, c.named)) << c.value << ": " << message;
    EXPECT_FALSE(Contains(message, "ingular")) << message;
  }
}

// Finding 7: the end slices used to drop out silently.
TEST_F(HostileInput, EmptyOrShortEndSliceIsAnError) {
  for (std::uintmax_t size : {0, 100}) {
    fs::remove(slice(0));
    std::ofstream(slice(0), std::ios::binary) << std::string(size, 'x');
    const std::string message = ReadError();
    EXPECT_TRUE(Contains(message, Name(0))) << message;
    EXPECT_TRUE(Contains(message, ".dcm")) << message;
  }
}

TEST_F(HostileInput, UnreadableSliceIsAnError) {
  // We may run as root, who can open a mode-000 file: a link to nowhere cannot be opened by anyone.
  fs::remove(slice(11));
  fs::create_symlink(scratch_.path() / "nowhere.dcm", slice(11));
  const std::string message = ReadError();
  EXPECT_TRUE(Contains(message, Name(11))) << message;
  EXPECT_TRUE(Contains(message, "cannot be opened")) << message;
}

// Mode 000 stops only other users than root: run the suite as one to exercise it, e.g.
// setpriv --reuid=nobody --regid=nogroup --clear-groups cumed_io_test --gtest_filter='*Mode*'.
TEST_F(HostileInput, ModeZeroSliceIsAnErrorForOtherUsersThanRoot) {
  if (geteuid() == 0) GTEST_SKIP() << "root opens a mode-000 file; run as another user";
  fs::remove(slice(0));
  fs::copy_file(Source(0), slice(0));
  fs::permissions(slice(0), fs::perms::none);
  const std::string message = ReadError();
  EXPECT_TRUE(Contains(message, Name(0))) << message;
  EXPECT_TRUE(Contains(message, "cannot be opened for reading (Permission denied)")) << message;
}

// Sub-directories are read by default (a CD export); a flat read names each one it passes over.
TEST_F(HostileInput, SubDirectoryIsWalkedOrNamedInAWarning) {
  fs::create_directory(series() / "extra.dcm");
  {
    LogCapture log;
    EXPECT_EQ(Read().info.files.size(), std::size_t(kSlices));
    EXPECT_FALSE(log.Contains("extra.dcm")) << "an empty sub-directory is walked silently";
  }
  DicomReadOptions flat;
  flat.recursive = false;
  LogCapture log;
  const CtSeries read = ReadDicomCtSeries(series().string(), flat);
  EXPECT_EQ(read.info.files.size(), std::size_t(kSlices));
  EXPECT_TRUE(log.Contains("extra.dcm")) << "the directory is named";
}

TEST_F(HostileInput, SliceWithoutOrWithDamagedSeriesUidIsAnError) {
  Edit(0, [](DcmDataset& d) { ASSERT_TRUE(d.findAndDeleteElement(DCM_SeriesInstanceUID).good()); });
  std::string message = ReadError();
  EXPECT_TRUE(Contains(message, Name(0))) << message;
  EXPECT_TRUE(Contains(message, "SeriesInstanceUID (0020,000E) is missing")) << message;

  Edit(0, [](DcmDataset& d) {
    PutString(d, DCM_SeriesInstanceUID,
              "1.2.3.\x7f"
              "garbage");
  });
  message = ReadError();
  EXPECT_TRUE(Contains(message, Name(0))) << message;
  EXPECT_TRUE(Contains(message, "SeriesInstanceUID (0020,000E)")) << message;
  EXPECT_TRUE(Contains(message, "not a valid UID")) << message;
}

// Issue 26 changed fewer slices than ImagesInAcquisition from an error to a warning (partial
// exports, seen on MR); more slices than it says remain an error.
TEST_F(HostileInput, SliceCountMustMatchImagesInAcquisition) {
  EditAll([](DcmDataset& d) { PutString(d, DCM_ImagesInAcquisition, "12"); });
  EXPECT_EQ(Read().info.files.size(), std::size_t(kSlices));
  fs::remove(slice(11)); // the lowest z: the first slice of the volume
  {
    LogCapture log;
    EXPECT_EQ(Read().info.files.size(), std::size_t(kSlices - 1));
    EXPECT_TRUE(log.Contains("11 slices but ImagesInAcquisition (0020,1002) of its files says 12"));
  }
  EditAll([](DcmDataset& d) { PutString(d, DCM_ImagesInAcquisition, "10"); });
  fs::remove(slice(11));
  const std::string message = ReadError();
  EXPECT_TRUE(Contains(message, "ImagesInAcquisition (0020,1002)")) << message;
  EXPECT_TRUE(Contains(message, "11 slices")) << message;
  // Optional tags: a malformed value is not a reason to refuse the series.
  EditAll([](DcmDataset& d) {
    PutString(d, DCM_ImagesInAcquisition, "twelve");
    PutString(d, DCM_InstanceNumber, "x");
  });
  EXPECT_EQ(Read().info.files.size(), std::size_t(kSlices));
}

TEST_F(HostileInput, MissingFirstInstanceIsWarned) {
  fs::remove(slice(0)); // InstanceNumber 1, the highest z
  LogCapture log;
  EXPECT_EQ(Read().info.files.size(), std::size_t(kSlices - 1));
  EXPECT_TRUE(log.Contains("InstanceNumber (0020,0013)")) << "the gap at the end is reported";
}

// Finding 2: a file nesting sequences 20,000 deep overflowed the stack of the header scan. Written
// byte by byte: DCMTK itself would recurse to write (and to free) it.
std::string NestedSequences(int depth, bool explicitVr) {
  std::string bytes;
  const auto put16 = [&](unsigned v) { bytes += char(v & 0xFF), bytes += char(v >> 8); };
  const auto put32 = [&](std::uint32_t v) { put16(v & 0xFFFF), put16(v >> 16); };
  for (int i = 0; i < depth; ++i) {
    put16(0x0040), put16(0xA730); // ContentSequence, undefined length
    if (explicitVr) bytes += "SQ", put16(0);
    put32(0xFFFFFFFF);
    put16(0xFFFE), put16(0xE000), put32(0xFFFFFFFF); // item, undefined length
  }
  for (int i = 0; i < depth; ++i) {
    put16(0xFFFE), put16(0xE00D), put32(0); // item delimiter
    put16(0xFFFE), put16(0xE0DD), put32(0); // sequence delimiter
  }
  return bytes;
}

void WriteDeeplyNestedFile(const fs::path& path, int depth) {
  std::string bytes(128, '\0');
  bytes += "DICM";
  const auto put16 = [&](unsigned v) { bytes += char(v & 0xFF), bytes += char(v >> 8); };
  const std::string syntax("1.2.840.10008.1.2.1\0", 20); // explicit VR little endian
  put16(0x0002), put16(0x0000), bytes += "UL", put16(4), put16(8 + syntax.size()), put16(0);
  put16(0x0002), put16(0x0010), bytes += "UI", put16(syntax.size()), bytes += syntax;
  std::ofstream(path, std::ios::binary) << bytes << NestedSequences(depth, true);
}

TEST_F(HostileInput, DeeplyNestedStrayFileIsRefusedByName) {
  const fs::path stray = series() / "zz-stray.dcm";
  WriteDeeplyNestedFile(stray, 20000);
  const std::string message = ReadError();
  EXPECT_TRUE(Contains(message, stray.string())) << message;
  EXPECT_TRUE(Contains(message, "sequence items")) << message;
}

// Fewer items than the count bound but deeper than the structure walk follows: refused by name.
TEST_F(HostileInput, NestingDeeperThanTheWalkFollowsIsRefusedByName) {
  const fs::path stray = series() / "zz-stray.dcm";
  WriteDeeplyNestedFile(stray, 300);
  const std::string message = ReadError();
  EXPECT_TRUE(Contains(message, stray.string())) << message;
  EXPECT_TRUE(Contains(message, "levels deep")) << message;
}

// Just under the depth bound (256 levels), in a stray file and inside a slice: every parser's
// stack holds it on the worker threads (also under ASan), and the slice reads to the same values.
TEST_F(HostileInput, NestingWithinTheBoundIsRead) {
  WriteDeeplyNestedFile(series() / "zz-stray.dcm", 250);
  const std::string original = [&] {
    std::ifstream in(Source(2), std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }();
  const std::size_t pixelTag = original.rfind(std::string("\xE0\x7F\x10\x00", 4));
  ASSERT_NE(pixelTag, std::string::npos);
  fs::remove(slice(2)); // implicit VR little endian: the nest goes right before PixelData
  std::ofstream(slice(2), std::ios::binary)
      << original.substr(0, pixelTag) << NestedSequences(250, false) << original.substr(pixelTag);

  const CtSeries read = Read(4);
  ASSERT_EQ(read.info.files.size(), std::size_t(kSlices));
  const std::vector<Uint16> stored = StoredValues(Source(2));
  const std::int16_t* hu = read.image->GetBufferPointer() + (11 - 2) * 512 * 512;
  for (std::size_t i = 0; i < stored.size(); ++i)
    ASSERT_EQ(hu[i], int(stored[i]) - 1024) << "pixel " << i;
}

// Elements that may follow the pixels, such as padding, are still accepted.
TEST_F(HostileInput, TrailingPaddingAfterThePixelDataIsAccepted) {
  Edit(6, [](DcmDataset& d) {
    const std::vector<Uint8> padding(1024, 0);
    ASSERT_TRUE(d.putAndInsertUint8Array(DCM_DataSetTrailingPadding, padding.data(), padding.size())
                    .good());
  });
  EXPECT_EQ(Read().info.files.size(), std::size_t(kSlices));
}

// Redirects file descriptor 2 into a file while alive: what GDCM and DCMTK print goes there.
class StderrCapture {
public:
  explicit StderrCapture(const fs::path& file) : file_(file) {
    std::fflush(stderr);
    saved_ = dup(2);
    const int target = open(file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    dup2(target, 2);
    close(target);
  }
  ~StderrCapture() { Restore(); }
  std::uintmax_t Restore() {
    if (saved_ >= 0) {
      std::fflush(stderr);
      std::cerr.flush();
      dup2(saved_, 2);
      close(saved_);
      saved_ = -1;
    }
    return fs::file_size(file_);
  }

private:
  fs::path file_;
  int saved_ = -1;
};

// Finding 14: 16 MiB of junk after the pixels took a minute and 1.24 GB of warnings.
TEST_F(HostileInput, JunkAfterThePixelDataIsRefusedQuicklyAndQuietly) {
  fs::remove(slice(6));
  fs::copy_file(Source(6), slice(6));
  {
    std::ofstream tail(slice(6), std::ios::binary | std::ios::app);
    tail << std::string(16 << 20, '\0'); // 2 Mi empty "elements" (0000,0000) for a parser
  }
  StderrCapture capture(scratch_.path() / "stderr.txt");
  const auto start = std::chrono::steady_clock::now();
  const std::string message = ReadError();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const std::uintmax_t printed = capture.Restore();
  EXPECT_TRUE(Contains(message, Name(6))) << message;
  EXPECT_TRUE(Contains(message, "follow the end of PixelData (7FE0,0010)")) << message;
  EXPECT_LT(seconds, 5.0);
  EXPECT_LT(printed, 16384u) << "bytes written to stderr";
}

// Finding 11: lossless JPEG slices that libjpeg decoded with "Corrupt JPEG data" warnings were
// accepted. Compressed with DCMTK (process 14, first-order prediction) from the real slices.
void CompressLossless(const fs::path& source, const fs::path& target) {
  DJEncoderRegistration::registerCodecs(); // idempotent
  DcmFileFormat file;
  ASSERT_TRUE(file.loadFile(source.c_str()).good()) << source;
  ASSERT_TRUE(file.loadAllDataIntoMemory().good());
  const DJ_RPLossless parameters(1, 0);
  ASSERT_TRUE(file.getDataset()->chooseRepresentation(EXS_JPEGProcess14SV1, &parameters).good());
  ASSERT_TRUE(file.getDataset()->canWriteXfer(EXS_JPEGProcess14SV1));
  ASSERT_TRUE(file.saveFile(target.c_str(), EXS_JPEGProcess14SV1).good()) << target;
}

class LosslessJpegInput : public HostileInput {
protected:
  void SetUp() override {
    HostileInput::SetUp();
    if (IsSkipped()) return;
    for (int k = 0; k < kSlices; ++k) {
      fs::remove(slice(k));
      CompressLossless(Source(k), slice(k));
    }
  }
};

TEST_F(LosslessJpegInput, CleanSeriesReadsLikeTheUncompressedOne) {
  TemporaryDirectory plain;
  for (int k = 0; k < kSlices; ++k) fs::create_symlink(Source(k), plain.path() / Name(k));
  DicomReadOptions options;
  options.threads = 3;
  const CtSeries expected = ReadDicomCtSeries(plain.path().string(), options);
  const CtSeries compressed = Read();
  EXPECT_TRUE(SamePixels(*expected.image, *compressed.image));
  EXPECT_TRUE(SameGeometry(*expected.image, *compressed.image, 0.0));
}

TEST_F(LosslessJpegInput, CorruptJpegDataIsAnErrorNamingTheFile) {
  // An end-of-image marker in the middle of the entropy-coded data: libjpeg warns "premature
  // end of data segment" and fills the rest of the slice in.
  std::string bytes;
  {
    std::ifstream in(slice(5), std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  const std::size_t scan = bytes.rfind(std::string("\xFF\xDA", 2)); // start of scan
  ASSERT_NE(scan, std::string::npos);
  const std::size_t middle = scan + (bytes.size() - scan) / 2;
  for (std::size_t i = middle; i < middle + 64; i += 2) bytes[i] = '\xFF', bytes[i + 1] = '\xD9';
  std::ofstream(slice(5), std::ios::binary | std::ios::trunc) << bytes;

  for (int threads : {1, 3}) {
    const std::string message = DicomErrorMessage([&] { Read(threads); });
    EXPECT_TRUE(Contains(message, Name(5))) << message;
    EXPECT_TRUE(Contains(message, "JPEG decoder reported damaged")) << message;
    EXPECT_TRUE(Contains(message, "Corrupt JPEG data")) << message;
  }
}

} // namespace
} // namespace cumed::io::test
