// TIFF frames (FrameFileChecks.h): the header and the one image file directory (IFD) against
// the file's length, and the variants ITK 5.2's TIFF reader reads correctly, found by experiment
// (Modules/ImageInput/test/FrameFileChecksTest.cxx writes each): gray 8/16-bit unsigned or
// signed, 32-bit float, 1/2/4-bit gray (expanded to 0..255), RGB 8/16-bit, in strips
// (uncompressed, LZW, Deflate or PackBits) or, for 8 bits and less, tiles. Every strip and tile
// lies within the file and holds (uncompressed) or decodes to (TiffStripChecks.cxx) the bytes its
// rows need.
#include "FrameFileChecks.h"

#include "cumed/core/Error.h"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

namespace cumed::io::detail {
namespace {

enum Tag : std::uint32_t {
  kWidth = 256,
  kLength = 257,
  kBitsPerSample = 258,
  kCompression = 259,
  kPhotometric = 262,
  kStripOffsets = 273,
  kOrientation = 274,
  kSamplesPerPixel = 277,
  kRowsPerStrip = 278,
  kStripByteCounts = 279,
  kPlanarConfiguration = 284,
  kPredictor = 317,
  kTileWidth = 322,
  kTileLength = 323,
  kTileOffsets = 324,
  kTileByteCounts = 325,
  kExtraSamples = 338,
  kSampleFormat = 339,
};

std::string TagName(std::uint32_t tag) {
  static const std::map<std::uint32_t, const char*> names{
      {kWidth, "ImageWidth"},
      {kLength, "ImageLength"},
      {kBitsPerSample, "BitsPerSample"},
      {kCompression, "Compression"},
      {kPhotometric, "PhotometricInterpretation"},
      {kStripOffsets, "StripOffsets"},
      {kOrientation, "Orientation"},
      {kSamplesPerPixel, "SamplesPerPixel"},
      {kRowsPerStrip, "RowsPerStrip"},
      {kStripByteCounts, "StripByteCounts"},
      {kPlanarConfiguration, "PlanarConfiguration"},
      {kPredictor, "Predictor"},
      {kTileWidth, "TileWidth"},
      {kTileLength, "TileLength"},
      {kTileOffsets, "TileOffsets"},
      {kTileByteCounts, "TileByteCounts"},
      {kExtraSamples, "ExtraSamples"},
      {kSampleFormat, "SampleFormat"}};
  const auto found = names.find(tag);
  return found != names.end() ? found->second : "tag " + std::to_string(tag);
}

// Bytes per value of the TIFF 6 field types (0: unknown, which libtiff skips).
unsigned TypeSize(std::uint32_t type) {
  switch (type) {
  case 1:
  case 2:
  case 6:
  case 7:
    return 1;
  case 3:
  case 8:
    return 2;
  case 4:
  case 9:
  case 11:
  case 13:
    return 4;
  case 5:
  case 10:
  case 12:
    return 8;
  default:
    return 0;
  }
}

struct Entry {
  std::uint32_t type = 0;
  std::uint64_t count = 0;
  std::uint64_t dataAt = 0; // where the values are: in the entry or at its offset
};

std::string CompressionName(std::uint64_t compression) {
  switch (compression) {
  case 5:
    return "LZW";
  case 8:
  case 32946:
    return "Deflate";
  case 32773:
    return "PackBits";
  default:
    return "compression " + std::to_string(compression);
  }
}

class TiffChecker {
public:
  explicit TiffChecker(const FrameBytes& frame) : f_(frame) {}

  void Run() {
    if (f_.size < 8)
      Fail("the TIFF header needs 8 bytes, but the file ends after " + std::to_string(f_.size));
    be_ = f_.data[0] == 'M';
    if (Read16(f_.data + 2, be_) == 43)
      Fail("is a BigTIFF (version 43), which CuMed does not accept for frames; save it as a "
           "classic TIFF (version 42)");
    const std::uint64_t ifd = Read32(f_.data + 4, be_);
    if (ifd < 8 || ifd > f_.size - 2)
      Fail("the first image directory (IFD) offset " + std::to_string(ifd) +
           " is not within the file (8.." + std::to_string(f_.size - 2) + ")");
    const std::uint64_t n = Read16(f_.data + ifd, be_);
    const std::uint64_t end = ifd + 2 + 12 * n + 4;
    if (n == 0) Fail("the image directory at byte " + std::to_string(ifd) + " has no entries");
    if (end > f_.size)
      Fail("the image directory at byte " + std::to_string(ifd) + " has " + std::to_string(n) +
           " entries and needs bytes up to " + std::to_string(end) + ", but the file ends after " +
           std::to_string(f_.size));
    for (std::uint64_t i = 0; i < n; ++i) ReadEntry(ifd + 2 + 12 * i);
    const std::uint32_t next = Read32(f_.data + ifd + 2 + 12 * n, be_);
    if (next != 0)
      Fail("holds more than one image (a second image directory at byte " + std::to_string(next) +
           "); a PIV frame is one 2D image: save each page as its own file");
    CheckImage();
  }

private:
  [[noreturn]] void Fail(const std::string& what) const { throw Error(f_.name + ": " + what); }

  void ReadEntry(std::uint64_t at) {
    const unsigned char* p = f_.data + at;
    const std::uint32_t tag = Read16(p, be_);
    Entry e;
    e.type = Read16(p + 2, be_);
    e.count = Read32(p + 4, be_);
    const unsigned size = TypeSize(e.type);
    if (size == 0) {
      // libtiff skips other fields of unknown types, but refuses the ones the image needs.
      if (TagName(tag).compare(0, 4, "tag ") != 0)
        Fail(TagName(tag) + " (entry at byte " + std::to_string(at) + ") has field type " +
             std::to_string(e.type) + ", not a TIFF 6 type");
      return;
    }
    const std::uint64_t bytes = e.count * size;
    e.dataAt = bytes <= 4 ? at + 8 : Read32(p + 8, be_);
    if (bytes > 4 && (e.dataAt > f_.size || bytes > f_.size - e.dataAt))
      Fail(TagName(tag) + " (entry at byte " + std::to_string(at) + ") has " +
           std::to_string(e.count) + " values (" + std::to_string(bytes) + " bytes) at byte " +
           std::to_string(e.dataAt) + ", but the file ends after " + std::to_string(f_.size));
    if (e.count == 0)
      Fail(TagName(tag) + " (entry at byte " + std::to_string(at) +
           ") has no values (ITK's TIFF reader reads the first one)");
    // The text fields libtiff knows must be text (ITK's reader takes libtiff's buffer for one
    // as a string, and DateTime as exactly 20 bytes).
    static const std::uint32_t textTags[] = {269, 270, 271, 272, 285,  305,
                                             306, 315, 316, 337, 33432};
    if (std::find(std::begin(textTags), std::end(textTags), tag) != std::end(textTags)) {
      if (e.type != 2)
        Fail("tag " + std::to_string(tag) + " (entry at byte " + std::to_string(at) +
             ") has field type " + std::to_string(e.type) + ", but it holds text (ASCII, 2)");
      if (tag == 306 && e.count < 20)
        Fail("DateTime (entry at byte " + std::to_string(at) + ") has " + std::to_string(e.count) +
             " bytes, not the 20 of \"YYYY:MM:DD HH:MM:SS\"");
    }
    // ITK's TIFF reader copies every text field with strlen: each must end with a NUL.
    if (e.type == 2 && (e.count == 0 || f_.data[e.dataAt + e.count - 1] != 0))
      Fail(TagName(tag) + " (entry at byte " + std::to_string(at) + ") is text (ASCII) of " +
           std::to_string(e.count) + " bytes that does not end with a NUL byte");
    if (!entries_.emplace(tag, e).second)
      Fail(TagName(tag) + " appears twice in the image directory");
  }

  // The values of an integer field (BYTE, SHORT or LONG), or `fallback` when absent.
  std::vector<std::uint64_t> Values(std::uint32_t tag, std::vector<std::uint64_t> fallback) const {
    const auto found = entries_.find(tag);
    if (found == entries_.end()) {
      if (fallback.empty()) Fail(TagName(tag) + " is missing");
      return fallback;
    }
    const Entry& e = found->second;
    if (e.type != 1 && e.type != 3 && e.type != 4)
      Fail(TagName(tag) + " has field type " + std::to_string(e.type) +
           ", not an unsigned integer (BYTE, SHORT or LONG)");
    if (e.count == 0) Fail(TagName(tag) + " has no values");
    std::vector<std::uint64_t> values(e.count);
    const unsigned char* p = f_.data + e.dataAt;
    for (std::uint64_t i = 0; i < e.count; ++i)
      values[i] = e.type == 1   ? p[i]
                  : e.type == 3 ? Read16(p + 2 * i, be_)
                                : Read32(p + 4 * i, be_);
    return values;
  }

  std::uint64_t Single(std::uint32_t tag, std::uint64_t fallback, bool required = false) const {
    const auto values =
        Values(tag, required ? std::vector<std::uint64_t>{} : std::vector<std::uint64_t>{fallback});
    return values[0];
  }

  // One value per sample, all equal (libtiff keeps one).
  std::uint64_t PerSample(std::uint32_t tag, std::uint64_t fallback, std::uint64_t samples) const {
    const auto values = Values(tag, {fallback});
    for (const std::uint64_t v : values)
      if (v != values[0])
        Fail(TagName(tag) + " differs between samples (" + std::to_string(values[0]) + " and " +
             std::to_string(v) + ")");
    if (values.size() != 1 && values.size() != samples)
      Fail(TagName(tag) + " has " + std::to_string(values.size()) + " values for " +
           std::to_string(samples) + " samples per pixel");
    return values[0];
  }

  void CheckImage() {
    const std::uint64_t width = Single(kWidth, 0, true), length = Single(kLength, 0, true);
    if (width == 0) Fail("ImageWidth 0: the image has no columns");
    if (length == 0) Fail("ImageLength 0: the image has no rows");
    const std::uint64_t samples = Single(kSamplesPerPixel, 1);
    if (samples != 1 && samples != 3)
      Fail("SamplesPerPixel " + std::to_string(samples) +
           " is not read correctly by ITK's TIFF reader (extra samples such as alpha are "
           "misread); save the frame as gray (1 sample) or RGB (3 samples)");
    if (entries_.count(kExtraSamples))
      Fail("ExtraSamples is present; ITK's TIFF reader misreads extra samples such as alpha");
    const std::uint64_t bits = PerSample(kBitsPerSample, 1, samples);
    const std::uint64_t format = PerSample(kSampleFormat, 1, samples);
    const std::uint64_t compression = Single(kCompression, 1);
    const std::uint64_t photometric = Single(kPhotometric, 0, true);
    const std::uint64_t planar = Single(kPlanarConfiguration, 1);
    const std::uint64_t orientation = Single(kOrientation, 1);
    const std::uint64_t predictor = Single(kPredictor, 1);
    const bool tiled = entries_.count(kTileOffsets) || entries_.count(kTileWidth);
    const std::string formatText = format == 1   ? " (unsigned)"
                                   : format == 2 ? " (signed)"
                                   : format == 3 ? " (float)"
                                                 : "";
    const auto refuse = [&](const std::string& why) {
      Fail("SampleFormat " + std::to_string(format) + formatText + " with BitsPerSample " +
           std::to_string(bits) + (samples == 3 ? " and 3 samples (RGB)" : "") + why);
    };
    const std::string convert = "; convert the frame to 8 or 16 bits (or 32-bit float)";
    if (format < 1 || format > 3) refuse(" is not read correctly by ITK's TIFF reader" + convert);
    if (samples == 1) {
      const bool fine = (format == 1 && (bits == 1 || bits == 2 || bits == 4)) ||
                        ((format == 1 || format == 2) && (bits == 8 || bits == 16)) ||
                        (format == 3 && bits == 32);
      if (!fine) refuse(" is not read correctly by ITK's TIFF reader" + convert);
      if (photometric == 0 && bits >= 8)
        Fail("PhotometricInterpretation 0 (white is zero) with BitsPerSample " +
             std::to_string(bits) +
             ": ITK's TIFF reader returns the stored values uninverted; save the frame as "
             "black-is-zero (1)");
      if (photometric != 0 && photometric != 1)
        Fail("PhotometricInterpretation " + std::to_string(photometric) +
             (photometric == 3 ? " (palette)" : "") +
             " with 1 sample is not read correctly by ITK's TIFF reader; save the frame as gray "
             "(1, black is zero)");
    } else {
      if (format != 1 || (bits != 8 && bits != 16))
        refuse(" is not read correctly by ITK's TIFF reader; save RGB frames with 8 or 16 "
               "unsigned bits");
      if (photometric != 2)
        Fail("PhotometricInterpretation " + std::to_string(photometric) +
             " with 3 samples is not RGB (2), which is the only 3-sample form ITK reads "
             "correctly");
    }
    if (compression != 1 && compression != 5 && compression != 8 && compression != 32946 &&
        compression != 32773)
      Fail("Compression " + std::to_string(compression) + (compression == 7 ? " (JPEG)" : "") +
           " is not accepted; save the frame uncompressed or with LZW (5), Deflate (8) or "
           "PackBits (32773)");
    if (predictor != 1 &&
        !(predictor == 2 && compression != 1 && compression != 32773 && bits >= 8 && format != 3))
      Fail("Predictor " + std::to_string(predictor) +
           " is not accepted (1, or 2 with LZW or Deflate and 8- or 16-bit integers)");
    if (orientation != 1)
      Fail("Orientation " + std::to_string(orientation) +
           " is not accepted: ITK's TIFF reader ignores it for some layouts; save the frame with "
           "Orientation 1 (row 0 at the top, column 0 at the left)");
    if (planar != 1 && planar != 2)
      Fail("PlanarConfiguration " + std::to_string(planar) + " is not 1 or 2");
    if (planar == 2 && samples == 3 && bits != 8)
      Fail("PlanarConfiguration 2 (separate planes) with BitsPerSample " + std::to_string(bits) +
           " is read by ITK as 8-bit values; save the frame with PlanarConfiguration 1");
    if (tiled && (bits > 8 || format != 1))
      Fail("tiles of BitsPerSample " + std::to_string(bits) + " and SampleFormat " +
           std::to_string(format) +
           " are read by ITK's TIFF reader as 8-bit values; save the frame in strips");
    const std::uint64_t bytesPerSample = (bits + 7) / 8;
    CheckFrameFitsInMemory(f_, width, length, samples * bytesPerSample + 4);

    const std::uint64_t planes = planar == 2 ? samples : 1;
    const std::uint64_t pixelBits = planar == 2 ? bits : bits * samples;
    // The strips (or tiles) the image needs, and the bytes of each, uncompressed: counted first,
    // compared with the offsets' count (bounded by the file) before anything per strip is kept.
    std::uint64_t chunks = 0, chunkRows = 0, chunkRowBytes = 0, stripsPerPlane = 0;
    std::vector<std::uint64_t> offsets, counts;
    std::string kind;
    if (tiled) {
      if (entries_.count(kStripOffsets)) Fail("both StripOffsets and TileOffsets are present");
      kind = "tile";
      const std::uint64_t tw = Single(kTileWidth, 0, true), tl = Single(kTileLength, 0, true);
      if (tw == 0 || tw % 16 != 0 || tw > (width + 15) / 16 * 16)
        Fail("TileWidth " + std::to_string(tw) + " is not a multiple of 16 from 16 to the width " +
             "rounded up (" + std::to_string((width + 15) / 16 * 16) + ")");
      if (tl == 0 || tl % 16 != 0 || tl > (length + 15) / 16 * 16)
        Fail("TileLength " + std::to_string(tl) +
             " is not a multiple of 16 from 16 to the length " + "rounded up (" +
             std::to_string((length + 15) / 16 * 16) + ")");
      chunks = (width + tw - 1) / tw * ((length + tl - 1) / tl) * planes;
      offsets = Values(kTileOffsets, {});
      counts = Values(kTileByteCounts, {});
      chunkRows = tl;
      chunkRowBytes = (tw * pixelBits + 7) / 8;
    } else {
      kind = "strip";
      chunkRows = Single(kRowsPerStrip, 0xffffffffu);
      if (chunkRows == 0) Fail("RowsPerStrip 0: a strip holds no rows");
      chunkRows = std::min(chunkRows, length);
      stripsPerPlane = (length + chunkRows - 1) / chunkRows;
      chunks = stripsPerPlane * planes;
      offsets = Values(kStripOffsets, {});
      counts = Values(kStripByteCounts, {});
      chunkRowBytes = (width * pixelBits + 7) / 8;
    }
    const std::string Kind = kind == "tile" ? "Tile" : "Strip";
    if (offsets.size() != chunks || counts.size() != chunks)
      Fail(Kind + "Offsets has " + std::to_string(offsets.size()) + " and " + Kind + "ByteCounts " +
           std::to_string(counts.size()) + " values; the image has " + std::to_string(chunks) +
           " " + kind + "s");
    for (std::uint64_t i = 0; i < chunks; ++i) {
      // A tile is whole; the last strip of a plane holds the rows that are left.
      const std::uint64_t rows =
          tiled ? chunkRows : std::min(chunkRows, length - (i % stripsPerPlane) * chunkRows);
      const std::uint64_t need = rows * chunkRowBytes;
      if (counts[i] == 0)
        Fail(kind + " " + std::to_string(i) + " has 0 bytes (" + Kind + "ByteCounts)");
      if (offsets[i] > f_.size || counts[i] > f_.size - offsets[i])
        Fail(kind + " " + std::to_string(i) + " at byte " + std::to_string(offsets[i]) +
             " claims " + std::to_string(counts[i]) + " bytes, but the file ends after " +
             std::to_string(f_.size) + " (truncated)");
      const unsigned char* bytes = f_.data + offsets[i];
      std::string problem;
      if (compression == 8 || compression == 32946)
        problem = DeflateProblem(bytes, counts[i], need);
      else if (compression == 32773)
        problem = PackBitsProblem(bytes, counts[i], rows, chunkRowBytes);
      else if (compression == 5)
        problem = LzwProblem(bytes, counts[i], need);
      if (!problem.empty())
        Fail(kind + " " + std::to_string(i) + " at byte " + std::to_string(offsets[i]) + ": its " +
             std::to_string(counts[i]) + " bytes of " + CompressionName(compression) + " data " +
             problem);
      // Uncompressed: exactly the bytes of its rows (libtiff replaces byte counts that differ
      // between strips by its own estimate), the last one at least those.
      if (compression == 1 && (counts[i] < need || (counts[i] != need && i + 1 < chunks)))
        Fail(kind + " " + std::to_string(i) + " at byte " + std::to_string(offsets[i]) + " holds " +
             std::to_string(counts[i]) + " bytes, but its uncompressed pixels need " +
             (i + 1 < chunks ? "exactly " : "") + std::to_string(need));
    }
  }

  const FrameBytes& f_;
  bool be_ = false;
  std::map<std::uint32_t, Entry> entries_;
};

} // namespace

void CheckTiffFrame(const FrameBytes& frame) {
  TiffChecker(frame).Run();
}

} // namespace cumed::io::detail
