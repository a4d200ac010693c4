#include "DicomElementWalk.h"

#include "DicomFileHeader.h"
#include "DicomInflate.h"
#include "DicomNestingBound.h"
#include "DicomTags.h"

#include <dcmtk/dcmdata/dctag.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>

namespace cumed::io::detail {
namespace {

constexpr std::uint32_t kUndefinedLength = 0xFFFFFFFF;
constexpr std::uint32_t kItem = 0xFFFEE000, kItemEnd = 0xFFFEE00D, kSequenceEnd = 0xFFFEE0DD;
constexpr std::uint32_t kPixelDataKey = 0x7FE00010;

constexpr const char* kValidVrs[] = {"AE", "AS", "AT", "CS", "DA", "DS", "DT", "FL", "FD",
                                     "IS", "LO", "LT", "OB", "OD", "OF", "OL", "OV", "OW",
                                     "PN", "SH", "SL", "SQ", "SS", "ST", "SV", "TM", "UC",
                                     "UI", "UL", "UN", "UR", "US", "UT", "UV"};
// VRs whose length field is 4 bytes after 2 reserved ones (explicit VR).
constexpr const char* kLongVrs[] = {"OB", "OD", "OF", "OL", "OV", "OW", "SQ",
                                    "SV", "UC", "UN", "UR", "UT", "UV"};

bool IsOneOf(const std::string& vr, const char* const* begin, const char* const* end) {
  return std::any_of(begin, end, [&](const char* known) { return vr == known; });
}

// The attributes GDCM's ImageHelper and the reader's scan read with one VR, some with one
// length: another VR or length makes GDCM assert or the two readers disagree.
struct AttributeEncoding {
  DicomTag tag;
  const char* vr;
  std::uint32_t length; ///< 0: any (up to kMaxScannedValueLength)
};
constexpr AttributeEncoding kImageAttributes[] = {{kModality, "CS", 0},
                                                  {kSeriesDescription, "LO", 0},
                                                  {kSliceThickness, "DS", 0},
                                                  {kSpacingBetweenSlices, "DS", 0},
                                                  {kSeriesInstanceUid, "UI", 0},
                                                  {kInstanceNumber, "IS", 0},
                                                  {kImagePositionPatient, "DS", 0},
                                                  {kImageOrientationPatient, "DS", 0},
                                                  {kImagesInAcquisition, "IS", 0},
                                                  {kSamplesPerPixel, "US", 2},
                                                  {kPhotometricInterpretation, "CS", 0},
                                                  {kPlanarConfiguration, "US", 2},
                                                  {kNumberOfFrames, "IS", 0},
                                                  {kRows, "US", 2},
                                                  {kColumns, "US", 2},
                                                  {kPixelSpacing, "DS", 0},
                                                  {kBitsAllocated, "US", 2},
                                                  {kBitsStored, "US", 2},
                                                  {kHighBit, "US", 2},
                                                  {kPixelRepresentation, "US", 2},
                                                  {kRescaleIntercept, "DS", 0},
                                                  {kRescaleSlope, "DS", 0}};

struct Encoding {
  bool explicitVr = true;
  bool bigEndian = false;
};

struct ElementHeader {
  std::uint64_t at = 0; ///< byte offset of the tag
  std::uint16_t group = 0, element = 0;
  std::string vr; ///< "" for implicit VR and for items and delimiters
  std::uint32_t length = 0;
  std::uint64_t valueAt = 0;
  std::uint32_t Key() const { return std::uint32_t(group) << 16 | element; }
};

// "Columns (0028,0011)" (the dictionary's name), or "(0029,1010)" for unknown tags.
std::string TagText(std::uint16_t group, std::uint16_t element) {
  char code[16];
  std::snprintf(code, sizeof(code), "(%04X,%04X)", group, element);
  DcmTag tag(group, element); // getTagName is not const
  const char* name = tag.getTagName();
  const bool known = name != nullptr && std::strcmp(name, DcmTag_ERROR_TagName) != 0 &&
                     std::string(name).find("Unknown") == std::string::npos;
  if (!known) return code;
  const std::string keyword(name);
  const std::string retired = "RETIRED_"; // DCMTK's prefix for retired attributes
  return (keyword.rfind(retired, 0) == 0 ? keyword.substr(retired.size()) : keyword) + " " + code;
}

std::string TagText(const ElementHeader& header) {
  return TagText(header.group, header.element);
}

struct Refusal {
  std::string text;
};

class StructureWalk {
public:
  explicit StructureWalk(const std::string& path) : file_(path, std::ios::binary) {
    std::error_code error;
    size_ = std::filesystem::file_size(path, error);
    if (error) size_ = 0;
  }

  std::string Run(bool partTen, const std::string* inflatedDataSet) {
    try {
      std::uint64_t at = 0;
      Encoding encoding;
      if (partTen) {
        at = 132;
        std::string transferSyntax;
        at = WalkFileMetaGroup(at, transferSyntax);
        encoding = transferSyntax.empty() ? Guess(at) : ForTransferSyntax(transferSyntax);
        if (transferSyntax == kDeflatedTransferSyntax) {
          if (inflatedDataSet == nullptr)
            Refuse("the data set is deflated and was not inflated for the walk");
          // From here on the walk reads the inflated bytes; offsets count from their start.
          memory_ = inflatedDataSet;
          size_ = inflatedDataSet->size();
          at = 0;
        }
      } else {
        encoding = Guess(at);
      }
      WalkDataSet(at, size_, encoding, /*untilItemEnd=*/false, /*topLevel=*/true);
    } catch (const Refusal& refusal) {
      return memory_ ? "in the inflated data set: " + refusal.text : refusal.text;
    }
    return {};
  }

  FileMetaGroup ReadFileMeta() {
    FileMetaGroup meta;
    try {
      meta.end = WalkFileMetaGroup(132, meta.transferSyntaxUid);
    } catch (const Refusal&) { // the full walk names what is wrong
      return {};
    }
    return meta;
  }

private:
  [[noreturn]] void Refuse(const std::string& text) const { throw Refusal{text}; }

  std::string Where(std::uint64_t end) const {
    return end == size_ ? "the file" : "its enclosing item or sequence";
  }

  void ReadBytes(std::uint64_t at, unsigned char* out, std::size_t count) {
    if (memory_ != nullptr) {
      if (at > memory_->size() || memory_->size() - at < count)
        Refuse("read error at byte " + std::to_string(at));
      std::memcpy(out, memory_->data() + at, count);
      return;
    }
    file_.clear();
    file_.seekg(static_cast<std::streamoff>(at));
    file_.read(reinterpret_cast<char*>(out), static_cast<std::streamsize>(count));
    if (static_cast<std::size_t>(file_.gcount()) != count)
      Refuse("read error at byte " + std::to_string(at));
  }

  static std::uint32_t Number(const unsigned char* bytes, std::size_t count, bool bigEndian) {
    std::uint32_t value = 0;
    for (std::size_t i = 0; i < count; ++i) {
      const std::size_t index = bigEndian ? i : count - 1 - i;
      value = value << 8 | bytes[index];
    }
    return value;
  }

  ElementHeader ReadHeader(std::uint64_t at, std::uint64_t end, const Encoding& encoding) {
    ElementHeader header;
    header.at = at;
    if (end - at < 8)
      Refuse("the element at byte " + std::to_string(at) +
             " is cut off: " + std::to_string(end - at) + " bytes remain in " + Where(end) +
             " where a header needs 8 (truncated or damaged)");
    unsigned char bytes[12] = {};
    ReadBytes(at, bytes, 8);
    const bool big = encoding.bigEndian;
    header.group = static_cast<std::uint16_t>(Number(bytes, 2, big));
    header.element = static_cast<std::uint16_t>(Number(bytes + 2, 2, big));
    if (header.group == 0xFFFE || !encoding.explicitVr) { // items, delimiters, implicit VR
      header.length = Number(bytes + 4, 4, big);
      header.valueAt = at + 8;
      return header;
    }
    header.vr.assign(reinterpret_cast<const char*>(bytes) + 4, 2);
    if (!IsOneOf(header.vr, std::begin(kValidVrs), std::end(kValidVrs))) {
      char hex[8];
      std::snprintf(hex, sizeof(hex), "%02X %02X", bytes[4], bytes[5]);
      Refuse(TagText(header) + " at byte " + std::to_string(at) + " has an invalid VR (bytes " +
             hex + "; expected one of the DICOM VRs such as US, DS, OB): the file is damaged");
    }
    if (!IsOneOf(header.vr, std::begin(kLongVrs), std::end(kLongVrs))) {
      header.length = Number(bytes + 6, 2, big);
      header.valueAt = at + 8;
      return header;
    }
    if (end - at < 12)
      Refuse(TagText(header) + " at byte " + std::to_string(at) + " is cut off within its " +
             "header (truncated or damaged)");
    ReadBytes(at + 8, bytes + 8, 4);
    header.length = Number(bytes + 8, 4, big);
    header.valueAt = at + 12;
    return header;
  }

  // A defined length must fit before `end` (of the file or the enclosing item).
  void CheckFits(const ElementHeader& header, std::uint64_t end) const {
    if (header.length <= end - header.valueAt) return;
    Refuse(TagText(header) + " at byte " + std::to_string(header.at) + " (declared " +
           std::to_string(header.length) + " bytes) runs past the end of " + Where(end) +
           ", where " + std::to_string(end - header.valueAt) +
           " bytes remain: the file is truncated or damaged");
  }

  // The meta group is explicit VR little endian whatever the data set's transfer syntax.
  std::uint64_t WalkFileMetaGroup(std::uint64_t at, std::string& transferSyntax) {
    const Encoding metaEncoding;
    std::optional<std::uint64_t> declaredEnd;
    while (size_ - at >= 2) {
      unsigned char group[2];
      ReadBytes(at, group, 2);
      if (Number(group, 2, false) != 0x0002) break;
      const ElementHeader header = ReadHeader(at, size_, metaEncoding);
      if (header.length == kUndefinedLength)
        Refuse(TagText(header) + " in the file meta group has an undefined length");
      CheckFits(header, size_);
      if (header.Key() == 0x00020000) {
        if (header.vr != "UL" || header.length != 4)
          Refuse(TagText(header) + " has VR " + header.vr + " and " +
                 std::to_string(header.length) + " bytes (expected UL, 4 bytes)");
        unsigned char value[4];
        ReadBytes(header.valueAt, value, 4);
        declaredEnd = header.valueAt + 4 + std::uint64_t(Number(value, 4, false));
      }
      if (header.Key() == 0x00020010 && header.length <= 64) {
        std::string uid(header.length, '\0');
        ReadBytes(header.valueAt, reinterpret_cast<unsigned char*>(uid.data()), uid.size());
        uid.erase(uid.find_last_not_of(std::string(" \0", 2)) + 1); // UI padding
        transferSyntax = uid;
      }
      at = header.valueAt + header.length;
    }
    if (declaredEnd && *declaredEnd != at)
      Refuse(TagText(0x0002, 0x0000) + " says the file meta group ends at byte " +
             std::to_string(*declaredEnd) + ", but its elements end at byte " + std::to_string(at) +
             ": the file meta group is damaged");
    return at;
  }

  static Encoding ForTransferSyntax(const std::string& uid) {
    Encoding encoding;
    // GE's private syntax (1.2.840.113619.5.2) is implicit VR little endian up to its big endian
    // pixel values; the deflated syntax is explicit VR little endian once inflated.
    encoding.explicitVr = uid != "1.2.840.10008.1.2" && uid != kGePrivateTransferSyntax;
    encoding.bigEndian = uid == "1.2.840.10008.1.2.2";
    return encoding;
  }

  // Without a transfer syntax: explicit VR when the first element's bytes 4-5 are a VR.
  Encoding Guess(std::uint64_t at) {
    Encoding encoding;
    if (size_ - at < 8) return encoding;
    unsigned char bytes[8];
    ReadBytes(at, bytes, 8);
    const std::string vr(reinterpret_cast<const char*>(bytes) + 4, 2);
    encoding.explicitVr = IsOneOf(vr, std::begin(kValidVrs), std::end(kValidVrs));
    return encoding;
  }

  void CheckImageAttribute(const ElementHeader& header) const {
    for (const AttributeEncoding& expected : kImageAttributes) {
      if (expected.tag.group != header.group || expected.tag.element != header.element) continue;
      // UN (an attribute whose VR the writer did not know) is read through the dictionary's VR
      // (DCMTK: dcmEnableUnknownVRConversion; GDCM does the same), so its value is checked as
      // that VR's by the scan.
      if (!header.vr.empty() && header.vr != expected.vr && header.vr != "UN")
        Refuse(Describe(expected.tag) + " has VR " + header.vr + " (expected " + expected.vr + ")");
      if (expected.length != 0 && header.length != expected.length)
        Refuse(Describe(expected.tag) + " has a value of " + std::to_string(header.length) +
               " bytes (expected " + std::to_string(expected.length) + ", one " + expected.vr +
               " value)");
      if (header.length > kMaxScannedValueLength)
        Refuse(Describe(expected.tag) + " declares a value of " + std::to_string(header.length) +
               " bytes (expected at most " + std::to_string(kMaxScannedValueLength) + ")");
    }
  }

  // GDCM takes a file with a non-empty RecognitionCode for ACR-NEMA and asserts that the code
  // says so (gdcmPixmapReader.cxx).
  void CheckRecognitionCode(const ElementHeader& header) {
    if (header.Key() != 0x00080010 || header.length == 0) return;
    const std::string name = TagText(header);
    if (!header.vr.empty() && header.vr != "SH")
      Refuse(name + " has VR " + header.vr + " (expected SH)");
    CheckFits(header, size_);
    std::string value(std::min<std::uint32_t>(header.length, 16), '\0');
    ReadBytes(header.valueAt, reinterpret_cast<unsigned char*>(value.data()), value.size());
    if (value.rfind("ACR-NEMA", 0) == 0 || value.rfind("ACRNEMA", 0) == 0) return;
    for (char& c : value)
      if (c < 0x20 || c > 0x7E) c = '?';
    Refuse(name + " is '" + value + "' (expected empty, or ACR-NEMA for an ACR-NEMA file)");
  }

  bool IsSequence(const ElementHeader& header, const Encoding& encoding) const {
    if (encoding.explicitVr)
      return header.vr == "SQ" || (header.vr == "UN" && header.length == kUndefinedLength);
    if (header.length == kUndefinedLength) return true;
    return DcmTag(header.group, header.element).getEVR() == EVR_SQ;
  }

  // Returns the offset after the data set (after its Item Delimitation when `untilItemEnd`).
  std::uint64_t WalkDataSet(std::uint64_t at, std::uint64_t end, const Encoding& encoding,
                            bool untilItemEnd, bool topLevel) {
    while (at < end) {
      const ElementHeader header = ReadHeader(at, end, encoding);
      if (header.group == 0xFFFE) {
        if (untilItemEnd && header.Key() == kItemEnd) return header.valueAt;
        Refuse(TagText(header) + " at byte " + std::to_string(at) +
               " where a data element was expected: the file is damaged");
      }
      if (topLevel) {
        CheckImageAttribute(header);
        CheckRecognitionCode(header);
      }
      if (header.Key() == kPixelDataKey && header.length == kUndefinedLength) {
        at = WalkSequence(header, end, encoding, /*fragments=*/true);
      } else if (IsSequence(header, encoding)) {
        Encoding inner = encoding;
        if (header.vr == "UN") inner = Encoding{false, false}; // UN sequences are implicit VR LE
        at = WalkSequence(header, end, inner, /*fragments=*/false);
      } else {
        if (header.length == kUndefinedLength)
          Refuse(TagText(header) + " at byte " + std::to_string(at) + " (VR " +
                 (header.vr.empty() ? std::string("implicit") : header.vr) +
                 ") has an undefined length, which only sequences and encapsulated PixelData " +
                 "may have");
        CheckFits(header, end);
        at = header.valueAt + header.length;
      }
      // GDCM parses what follows the pixels too; more than a few elements' worth is damage
      // the scan reports by size (TrailingDataDamage).
      if (topLevel && header.Key() == kPixelDataKey && end - at > kMaxBytesAfterPixelData) {
        if (memory_ != nullptr) // the scan measures the raw file's tail, not the inflated one's
          Refuse(std::to_string(end - at) + " bytes follow the end of " + Describe(kPixelData) +
                 " (expected at most " + std::to_string(kMaxBytesAfterPixelData) +
                 "): the file is damaged or has junk appended");
        return at;
      }
    }
    if (untilItemEnd)
      Refuse("an item of undefined length ends without ItemDelimitationItem (FFFE,E00D): the " +
             std::string("file is truncated or damaged"));
    return at;
  }

  std::uint64_t WalkSequence(const ElementHeader& sequence, std::uint64_t end,
                             const Encoding& encoding, bool fragments) {
    struct Level { // one level deeper for this call, whichever way it returns
      std::size_t& depth;
      explicit Level(std::size_t& d) : depth(++d) {}
      ~Level() { --depth; }
    } level(depth_);
    if (depth_ > kMaxSequenceDepth)
      Refuse(TagText(sequence) + " at byte " + std::to_string(sequence.valueAt) +
             " nests sequences more than " + std::to_string(kMaxSequenceDepth) +
             " levels deep (a CT slice nests a few)");
    const bool undefined = sequence.length == kUndefinedLength;
    if (!undefined) CheckFits(sequence, end);
    const std::uint64_t sequenceEnd = undefined ? end : sequence.valueAt + sequence.length;
    std::uint64_t at = sequence.valueAt;
    while (at < sequenceEnd) {
      const ElementHeader item = ReadHeader(at, sequenceEnd, encoding);
      if (undefined && item.Key() == kSequenceEnd) return item.valueAt;
      if (item.Key() != kItem)
        Refuse(TagText(sequence) + ": " + TagText(item) + " at byte " + std::to_string(at) +
               " where an Item (FFFE,E000) was expected: the file is damaged");
      if (item.length == kUndefinedLength && !fragments) {
        at = WalkDataSet(item.valueAt, sequenceEnd, encoding, /*untilItemEnd=*/true, false);
        continue;
      }
      if (item.length == kUndefinedLength)
        Refuse(TagText(sequence) + ": a fragment at byte " + std::to_string(at) +
               " has an undefined length");
      CheckFits(item, sequenceEnd);
      if (!fragments) WalkDataSet(item.valueAt, item.valueAt + item.length, encoding, false, false);
      at = item.valueAt + item.length;
    }
    if (undefined)
      Refuse(TagText(sequence) + " of undefined length ends without " +
             "SequenceDelimitationItem (FFFE,E0DD): the file is truncated or damaged");
    return at;
  }

  std::ifstream file_;
  const std::string* memory_ = nullptr; ///< the inflated data set, once the walk is in it
  std::uint64_t size_ = 0;
  std::size_t depth_ = 0; ///< sequences WalkSequence is inside
};

} // namespace

std::string CheckDicomElementStructure(const std::string& path, bool partTen,
                                       const std::string* inflatedDataSet) {
  return StructureWalk(path).Run(partTen, inflatedDataSet);
}

FileMetaGroup ReadFileMetaGroup(const std::string& path) {
  return StructureWalk(path).ReadFileMeta();
}

} // namespace cumed::io::detail
