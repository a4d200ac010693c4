#include "EnhancedCtFrames.h"

#include "cumed/io/DicomSeriesReader.h"

#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcfilefo.h>
#include <dcmtk/dcmdata/dcitem.h>
#include <dcmtk/dcmdata/dcsequen.h>

#include <algorithm>
#include <filesystem>
#include <iterator>
#include <system_error>

namespace cumed::io::detail {
namespace {

constexpr DicomTag kSharedFunctionalGroups{0x5200, 0x9229, "SharedFunctionalGroupsSequence"};
constexpr DicomTag kPerFrameFunctionalGroups{0x5200, 0x9230, "PerFrameFunctionalGroupsSequence"};

// Each functional group macro and the attributes of its item that a frame header takes over.
struct FunctionalGroup {
  DicomTag sequence;
  std::vector<DicomTag> attributes;
};
const FunctionalGroup kFunctionalGroups[] = {
    {{0x0020, 0x9113, "PlanePositionSequence"}, {kImagePositionPatient}},
    {{0x0020, 0x9116, "PlaneOrientationSequence"}, {kImageOrientationPatient}},
    {{0x0028, 0x9110, "PixelMeasuresSequence"},
     {kPixelSpacing, kSliceThickness, kSpacingBetweenSlices}},
    {{0x0028, 0x9145, "PixelValueTransformationSequence"}, {kRescaleSlope, kRescaleIntercept}},
};

DcmTagKey KeyOf(const DicomTag& tag) {
  return DcmTagKey(tag.group, tag.element);
}

std::string Trimmed(const OFString& text) {
  const std::string value(text.c_str());
  const std::size_t first = value.find_first_not_of(' ');
  if (first == std::string::npos) return {};
  return value.substr(first, value.find_last_not_of(' ') - first + 1);
}

// The first item of `group`'s sequence in `frameItem`, else in `shared`; nullptr in neither.
DcmItem* GroupItem(DcmItem* frameItem, DcmItem* shared, const DicomTag& group) {
  for (DcmItem* item : {frameItem, shared}) {
    DcmItem* found = nullptr;
    if (item && item->findAndGetSequenceItem(KeyOf(group), found, 0).good() && found) return found;
  }
  return nullptr;
}

// The frame count `header` declares, checked against what its pixel data can hold.
long CheckedFrameCount(const DicomFileHeader& header) {
  const std::string where = header.path + ": ";
  const std::string text = header.Text(kNumberOfFrames);
  const long frames = header.IntegerOr(kNumberOfFrames, 0);
  if (frames < 1 || frames > kMaxFramesPerFile)
    throw DicomError(where + Describe(kNumberOfFrames) + " is " +
                     (text.empty() ? std::string("missing") : "'" + text + "'") +
                     " (expected 1 to " + std::to_string(kMaxFramesPerFile) +
                     " in an enhanced multi-frame CT file)");
  if (header.pixelDataEncapsulated) {
    // Every compressed frame takes at least one item (an 8-byte tag and length) of the file.
    std::error_code error; // a file gone since the scan: 0 bytes, refused below
    std::uintmax_t bytes = std::filesystem::file_size(header.path, error);
    if (error) bytes = 0;
    if (std::uintmax_t(frames) * 8 > bytes)
      throw DicomError(where + Describe(kNumberOfFrames) + " is " + std::to_string(frames) +
                       " but the file's " + std::to_string(bytes) +
                       " bytes cannot hold that many compressed frames");
    return frames;
  }
  const std::uint64_t frameBytes = std::uint64_t(header.IntegerOr(kRows, 0)) *
                                   std::uint64_t(header.IntegerOr(kColumns, 0)) *
                                   std::uint64_t(header.IntegerOr(kBitsAllocated, 0) / 8);
  const std::uint64_t expected = frameBytes * std::uint64_t(frames);
  if (header.pixelDataPresent && header.pixelDataLength != expected &&
      header.pixelDataLength != expected + expected % 2)
    throw DicomError(
        where + Describe(kPixelData) + " is " + std::to_string(header.pixelDataLength) +
        " bytes, " + std::to_string(expected) + " expected (" + Describe(kNumberOfFrames) + " " +
        std::to_string(frames) + " x " + Describe(kRows) + " x " + Describe(kColumns) + " x " +
        Describe(kBitsAllocated) + " / 8 = " + std::to_string(frameBytes) + " bytes per frame)");
  return frames;
}

std::vector<DicomFileHeader> ExpandFile(const DicomFileHeader& header) {
  const long frames = CheckedFrameCount(header);
  DcmFileFormat file;
  if (const OFCondition status = file.loadFile(header.path.c_str()); status.bad())
    throw DicomError(header.path + ": cannot read the functional groups: " + status.text());
  DcmDataset& dataSet = *file.getDataset();
  DcmSequenceOfItems* perFrame = nullptr;
  const unsigned long items =
      dataSet.findAndGetSequence(KeyOf(kPerFrameFunctionalGroups), perFrame).good() && perFrame
          ? perFrame->card()
          : 0;
  if (items != static_cast<unsigned long>(frames))
    throw DicomError(header.path + ": " + Describe(kPerFrameFunctionalGroups) + " has " +
                     std::to_string(items) + " items but " + Describe(kNumberOfFrames) + " is " +
                     std::to_string(frames) + " (expected one item per frame)");
  DcmItem* shared = nullptr;
  if (dataSet.findAndGetSequenceItem(KeyOf(kSharedFunctionalGroups), shared, 0).bad())
    shared = nullptr;

  const std::uint64_t frameBytes =
      header.pixelDataEncapsulated ? 0 : header.pixelDataLength / std::uint64_t(frames);
  std::vector<DicomFileHeader> expanded;
  expanded.reserve(static_cast<std::size_t>(frames));
  for (long f = 0; f < frames; ++f) {
    DcmItem* frameItem = perFrame->getItem(static_cast<unsigned long>(f));
    DicomFileHeader frame = header;
    frame.frame = static_cast<int>(f);
    frame.pixelDataLength = frameBytes;
    for (const FunctionalGroup& group : kFunctionalGroups) {
      DcmItem* item = GroupItem(frameItem, shared, group.sequence);
      for (const DicomTag& attribute : group.attributes) {
        OFString text;
        if (item && item->findAndGetOFStringArray(KeyOf(attribute), text).good())
          frame.values[(std::uint32_t(attribute.group) << 16) | attribute.element] = Trimmed(text);
      }
    }
    if (!frame.Has(kImagePositionPatient))
      throw DicomError(header.path + ": frame " + std::to_string(f + 1) + " of " +
                       std::to_string(frames) + " has no " + Describe(kImagePositionPatient) +
                       " (in " + Describe(kFunctionalGroups[0].sequence) + " of its " +
                       Describe(kPerFrameFunctionalGroups) + " item or of " +
                       Describe(kSharedFunctionalGroups) + ")");
    expanded.push_back(std::move(frame));
  }
  return expanded;
}

bool IsEnhancedCt(const DicomFileHeader& header) {
  const std::string sopClass = header.Text(kSopClassUid);
  return header.frame < 0 && (sopClass == kEnhancedCtImageStorage ||
                              sopClass == kLegacyConvertedEnhancedCtImageStorage);
}

} // namespace

void ExpandEnhancedCtFrames(std::map<std::string, std::vector<DicomFileHeader>>& series) {
  for (auto& [uid, headers] : series) {
    if (std::none_of(headers.begin(), headers.end(), IsEnhancedCt)) continue;
    std::vector<DicomFileHeader> expanded;
    for (DicomFileHeader& header : headers) {
      if (!IsEnhancedCt(header) || !header.damage.empty()) {
        expanded.push_back(std::move(header));
        continue;
      }
      try {
        std::vector<DicomFileHeader> frames = ExpandFile(header);
        std::move(frames.begin(), frames.end(), std::back_inserter(expanded));
      } catch (const DicomError& error) {
        // Only fatal if this series is read: the message is the file's damage.
        const std::string prefix = header.path + ": ";
        const std::string message = error.what();
        header.damage = message.rfind(prefix, 0) == 0 ? message.substr(prefix.size()) : message;
        expanded.push_back(std::move(header));
      }
    }
    headers = std::move(expanded);
  }
}

} // namespace cumed::io::detail
