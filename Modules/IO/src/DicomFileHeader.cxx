#include "DicomFileHeader.h"

#include "DicomElementWalk.h"
#include "DicomInflate.h"
#include "DicomNestingBound.h"
#include "NumberText.h"
#include "cumed/io/DicomSeriesReader.h"

#include <dcmtk/dcmdata/dcdatset.h>
#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcdict.h>
#include <dcmtk/dcmdata/dcfilefo.h>
#include <dcmtk/dcmdata/dcistrmf.h>
#include <dcmtk/dcmdata/dcmetinf.h>
#include <dcmtk/dcmdata/dcobject.h>
#include <dcmtk/dcmdata/dcxfer.h>
#include <dcmtk/oflog/oflog.h>
#include <gdcmJPEG2000Codec.h>
#include <gdcmJPEGCodec.h>
#include <gdcmJPEGLSCodec.h>
#include <gdcmRLECodec.h>
#include <gdcmTransferSyntax.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace cumed::io::detail {
namespace {

constexpr DicomTag kScannedTags[] = {kImageType,
                                     kSopClassUid,
                                     kSopInstanceUid,
                                     kStudyDate,
                                     kSeriesDate,
                                     kStudyTime,
                                     kSeriesTime,
                                     kAccessionNumber,
                                     kModality,
                                     kManufacturer,
                                     kReferringPhysicianName,
                                     kStudyDescription,
                                     kSeriesDescription,
                                     kPatientName,
                                     kPatientId,
                                     kPatientBirthDate,
                                     kPatientSex,
                                     kBodyPartExamined,
                                     kSliceThickness,
                                     kSpacingBetweenSlices,
                                     kGantryDetectorTilt,
                                     kConvolutionKernel,
                                     kStudyInstanceUid,
                                     kSeriesInstanceUid,
                                     kStudyId,
                                     kSeriesNumber,
                                     kAcquisitionNumber,
                                     kInstanceNumber,
                                     kImagePositionPatient,
                                     kImageOrientationPatient,
                                     kFrameOfReferenceUid,
                                     kImagesInAcquisition,
                                     kSamplesPerPixel,
                                     kPhotometricInterpretation,
                                     kNumberOfFrames,
                                     kRows,
                                     kColumns,
                                     kPixelSpacing,
                                     kBitsAllocated,
                                     kBitsStored,
                                     kHighBit,
                                     kPixelRepresentation,
                                     kRescaleIntercept,
                                     kRescaleSlope};

std::uint32_t Key(const DicomTag& tag) {
  return (std::uint32_t(tag.group) << 16) | std::uint32_t(tag.element);
}

std::string Trimmed(std::string text) {
  const auto isPadding = [](char c) { return c == ' ' || c == '\0'; };
  while (!text.empty() && isPadding(text.back())) text.pop_back();
  std::size_t first = 0;
  while (first < text.size() && isPadding(text[first])) ++first;
  return text.substr(first);
}

enum class Kind { PartTen, MaybeRawDataSet, NotDicom };

// Part 10 files carry "DICM" after a 128-byte preamble: such a file is DICOM even when damaged.
// Old files without it start directly with a data set, whose first group is 0002 or 0008 in
// practice; anything else is not handed to the parser (which would only report noise). A file
// that cannot be opened is an error: it may well be a slice.
Kind Sniff(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file.is_open())
    throw DicomError(path + ": cannot be opened for reading (" + std::strerror(errno) + ")");
  unsigned char head[132] = {};
  file.read(reinterpret_cast<char*>(head), sizeof(head));
  const std::streamsize length = file.gcount();
  if (length == 132 && std::string(reinterpret_cast<char*>(head) + 128, 4) == "DICM")
    return Kind::PartTen;
  const unsigned group = head[0] | (head[1] << 8);
  return length >= 8 && (group == 0x0002 || group == 0x0008) ? Kind::MaybeRawDataSet
                                                             : Kind::NotDicom;
}

bool GdcmCanDecode(const std::string& uid) {
  const gdcm::TransferSyntax syntax = gdcm::TransferSyntax::GetTSType(uid.c_str());
  if (!syntax.IsValid()) return false;
  if (!syntax.IsEncapsulated()) return true;
  return gdcm::JPEGCodec().CanDecode(syntax) || gdcm::JPEGLSCodec().CanDecode(syntax) ||
         gdcm::JPEG2000Codec().CanDecode(syntax) || gdcm::RLECodec().CanDecode(syntax);
}

std::string TransferSyntaxUid(DcmFileFormat& file) {
  // A damaged meta group may declare a 4 GiB value (VR UR or UN): DCMTK would allocate it when
  // asked for the text. The value is loaded only when its length can be a UID.
  DcmElement* element = nullptr;
  OFString uid;
  if (file.getMetaInfo()->findAndGetElement(DCM_TransferSyntaxUID, element).good() &&
      element != nullptr && element->getLengthField() <= kMaxScannedValueLength &&
      element->getOFStringArray(uid).good() && !uid.empty())
    return Trimmed(uid.c_str());
  const DcmXfer detected(file.getDataset()->getOriginalXfer());
  return detected.getXfer() == EXS_Unknown ? std::string() : detected.getXferID();
}

void ReadPixelDataLayout(DcmDataset& dataSet, DicomFileHeader& header) {
  DcmElement* pixelData = nullptr;
  if (dataSet.findAndGetElement(DCM_PixelData, pixelData).bad() || pixelData == nullptr) return;
  header.pixelDataPresent = true;
  const Uint32 length = pixelData->getLengthField();
  header.pixelDataEncapsulated = length == DCM_UndefinedLength;
  if (!header.pixelDataEncapsulated) header.pixelDataLength = length;
}

// The parse stops after PixelData (see PrepareDcmtk). What follows it is left to GDCM when it is
// a small run of elements that may follow the pixels (padding (FFFC,FFFC), signatures); anything
// else, e.g. megabytes of junk that GDCM would parse element by element, damages the file.
std::string TrailingDataDamage(const std::string& path, offile_off_t parsedEnd,
                               E_ByteOrder byteOrder) {
  std::error_code error;
  const std::uintmax_t size = std::filesystem::file_size(path, error);
  if (error || size <= std::uintmax_t(parsedEnd)) return {};
  const std::uintmax_t trailing = size - std::uintmax_t(parsedEnd);
  std::ifstream file(path, std::ios::binary);
  unsigned char tag[4] = {};
  file.seekg(parsedEnd);
  file.read(reinterpret_cast<char*>(tag), sizeof(tag));
  const bool big = byteOrder == EBO_BigEndian;
  const unsigned group = big ? (tag[0] << 8) | tag[1] : tag[0] | (tag[1] << 8);
  const unsigned element = big ? (tag[2] << 8) | tag[3] : tag[2] | (tag[3] << 8);
  const bool mayFollowPixels = file.gcount() == 4 && (group << 16 | element) > 0x7FE00010u;
  if (mayFollowPixels && trailing <= kMaxBytesAfterPixelData) return {};
  return std::to_string(trailing) + " bytes follow the end of " + Describe(kPixelData) +
         " (expected none, or at most " + std::to_string(kMaxBytesAfterPixelData) +
         " bytes of elements with higher tags, such as DataSetTrailingPadding (FFFC,FFFC)): " +
         "the file is damaged or has junk appended";
}

[[noreturn]] void ThrowBadValue(const DicomFileHeader& header, const DicomTag& tag,
                                const std::string& expected) {
  if (!header.Has(tag))
    throw DicomError(header.path + ": " + Describe(tag) + " is missing (" + expected + ")");
  throw DicomError(header.path + ": " + Describe(tag) + " is '" + Printable(header.Text(tag)) +
                   "' (expected " + expected + ")");
}

// The data set of a deflated Part 10 file, inflated; nullopt for any other file.
std::optional<std::string> InflatedDataSetOf(const std::string& path, Kind kind) {
  if (kind != Kind::PartTen) return std::nullopt;
  const FileMetaGroup meta = ReadFileMetaGroup(path);
  if (meta.end == 0 || meta.transferSyntaxUid != kDeflatedTransferSyntax) return std::nullopt;
  return InflateDataSet(path, meta.end);
}

} // namespace

std::string Printable(std::string_view text) {
  std::string out;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte < 0x7F) {
      out += c;
      continue;
    }
    char escaped[8];
    std::snprintf(escaped, sizeof(escaped), "\\x%02X", byte);
    out += escaped;
  }
  return out;
}

std::string NameTransferSyntax(const std::string& uid) {
  // DCMTK names the standard syntaxes; GE's is described by what it stores.
  if (uid == kGePrivateTransferSyntax) return "GE private implicit VR big endian (" + uid + ")";
  const DcmXfer syntax(uid.c_str());
  if (syntax.getXfer() == EXS_Unknown) return "an unknown transfer syntax (" + Printable(uid) + ")";
  return std::string(syntax.getXferName()) + " (" + uid + ")";
}

bool DicomFileHeader::Has(const DicomTag& tag) const {
  return values.count(Key(tag)) != 0;
}

std::string DicomFileHeader::Text(const DicomTag& tag) const {
  const auto found = values.find(Key(tag));
  return found == values.end() ? std::string() : found->second;
}

std::vector<double> DicomFileHeader::Numbers(const DicomTag& tag, std::size_t count) const {
  const std::string expected = std::to_string(count) + (count == 1 ? " number" : " numbers");
  if (!Has(tag)) ThrowBadValue(*this, tag, expected);
  std::vector<double> numbers;
  const std::string text = Text(tag);
  std::size_t start = 0;
  while (true) {
    const std::size_t end = text.find('\\', start);
    const auto number = ParseNumber(std::string_view(text).substr(start, end - start));
    if (!number) ThrowBadValue(*this, tag, expected);
    numbers.push_back(*number);
    if (end == std::string::npos) break;
    start = end + 1;
  }
  if (numbers.size() != count) ThrowBadValue(*this, tag, expected);
  return numbers;
}

double DicomFileHeader::Number(const DicomTag& tag) const {
  return Numbers(tag, 1)[0];
}

double DicomFileHeader::NumberOr(const DicomTag& tag, double fallback) const {
  return Has(tag) ? Number(tag) : fallback;
}

long DicomFileHeader::Integer(const DicomTag& tag) const {
  const double value = Number(tag);
  if (value != std::floor(value) || std::abs(value) > 2147483647.0)
    ThrowBadValue(*this, tag, "an integer");
  return static_cast<long>(value);
}

long DicomFileHeader::IntegerOr(const DicomTag& tag, long fallback) const {
  return Has(tag) ? Integer(tag) : fallback;
}

bool PrepareDcmtk() {
  static const bool loaded = [] {
    // Parsing stops after the main data set's PixelData: nothing the reader needs follows it,
    // and junk appended to a file is then never parsed element by element. DCMTK's own
    // warnings (one per odd element: gigabytes for a junk tail) are not printed; the reader
    // reports what matters itself, naming file and tag.
    dcmStopParsingAfterElement.set(DCM_PixelData);
    // An attribute stored with VR UN in an explicit VR file (written by a system that did not
    // know it) is read with the dictionary's VR, as GDCM reads it: text, not hex bytes.
    dcmEnableUnknownVRConversion.set(OFTrue);
    OFLog::getLogger("dcmtk.dcmdata").setLogLevel(OFLogger::ERROR_LOG_LEVEL);
    // The global dictionary is created on first use under DCMTK's write lock; afterwards lookups
    // only take its read lock (DCMTK is built WITH_THREADS on Debian).
    return dcmDataDict.isDictionaryLoaded();
  }();
  return loaded && dcmDataDict.isDictionaryLoaded();
}

std::optional<DicomFileHeader> ScanDicomFile(const std::string& path) {
  const Kind kind = Sniff(path);
  if (kind == Kind::NotDicom) return std::nullopt;
  // A deflated data set is checked in its inflated form: its raw bytes show no structure.
  const std::optional<std::string> inflated = InflatedDataSetOf(path, kind);
  const std::size_t items =
      inflated ? CountSequenceItems(path, *inflated) : CountSequenceItems(path);
  // Implicit VR files name their tags' types only through the dictionary.
  if (!PrepareDcmtk())
    throw DicomError("DCMTK's data dictionary is not loaded (set DCMDICTPATH to dicom.dic)");
  // Few items cannot nest deeper than the parsers' stacks hold. Many (an enhanced multi-frame
  // CT: several per frame) are parsed only after the walk, which bounds the depth itself, found
  // the structure sound.
  const auto walkStructure = [&] {
    return CheckDicomElementStructure(path, kind == Kind::PartTen, inflated ? &*inflated : nullptr);
  };
  const bool walkedFirst = items > kMaxSequenceItems;
  if (walkedFirst)
    if (const std::string damage = walkStructure(); !damage.empty())
      throw DicomError(path + ": holds " + std::to_string(items) +
                       " sequence items (FFFE,E000) and its structure is damaged, so it is not " +
                       "parsed (" + damage + ")");

  // DCMTK rather than GDCM for the scan: it reports damaged and truncated files as errors, where
  // Debian's GDCM build aborts on assertions. Values over 4 KiB (the pixels) stay on disk. Our
  // own stream (rather than loadFile) tells where the parse stopped.
  DcmInputFileStream stream(path.c_str());
  if (stream.status().bad())
    throw DicomError(path + ": cannot be opened for reading (" + stream.status().text() + ")");
  DcmFileFormat file;
  file.setReadMode(kind == Kind::PartTen ? ERM_fileOnly : ERM_autoDetect);
  file.transferInit();
  const OFCondition status = file.read(stream, EXS_Unknown, EGL_noChange, 4096);
  file.transferEnd();
  DcmDataset& dataSet = *file.getDataset();

  if (status.bad() && kind != Kind::PartTen) return std::nullopt; // a guess that did not parse
  // What GDCM would abort on or misread, and lengths past the end of the file, before any value
  // is loaded: such a file is damaged, named like a truncated one.
  const std::string structureDamage = walkedFirst ? std::string() : walkStructure();

  DicomFileHeader header;
  header.path = path;
  for (const DicomTag& tag : kScannedTags) {
    DcmElement* element = nullptr;
    OFString value;
    // DCMTK reserves the declared length before reading: bounded here for damaged files.
    if (dataSet.findAndGetElement(DcmTagKey(tag.group, tag.element), element).bad() ||
        element == nullptr || element->getLengthField() > kMaxScannedValueLength)
      continue;
    if (element->getOFStringArray(value).good()) {
      std::string trimmed = Trimmed(value.c_str());
      if (!trimmed.empty()) header.values[Key(tag)] = std::move(trimmed);
    }
  }
  header.transferSyntaxUid = TransferSyntaxUid(file);
  if (status.bad() || !structureDamage.empty()) {
    std::string problem = structureDamage.empty() ? status.text() : structureDamage;
    // A private or newer syntax that the walk or DCMTK may misread is named with the damage.
    if (!header.transferSyntaxUid.empty() &&
        (DcmXfer(header.transferSyntaxUid.c_str()).getXfer() == EXS_Unknown ||
         header.transferSyntaxUid == kGePrivateTransferSyntax))
      problem += "; its " + Describe(kTransferSyntaxUid) + " is " +
                 NameTransferSyntax(header.transferSyntaxUid);
    if (!header.Has(kSeriesInstanceUid)) // could be a slice of any series
      throw DicomError(path +
                       (kind == Kind::PartTen ? ": the file has the DICOM marker"
                                              : ": the file starts like a DICOM data set") +
                       " but cannot be parsed (" + problem + ")");
    header.damage = "the file cannot be parsed completely (" + problem + ")";
  }
  header.transferSyntaxDecodable = GdcmCanDecode(header.transferSyntaxUid);
  ReadPixelDataLayout(dataSet, header);
  if (status.bad() && structureDamage.empty() && header.pixelDataPresent &&
      !header.pixelDataEncapsulated)
    header.damage = Describe(kPixelData) + " (declared " + std::to_string(header.pixelDataLength) +
                    " bytes) cannot be read completely: the file is truncated or damaged (" +
                    std::string(status.text()) + ")";
  // The walk checked what follows a deflated file's pixels; the stream offset is an inflated one.
  if (status.good() && header.damage.empty() && header.pixelDataPresent && !inflated)
    header.damage =
        TrailingDataDamage(path, stream.tell(), DcmXfer(dataSet.getOriginalXfer()).getByteOrder());
  return header;
}

} // namespace cumed::io::detail
