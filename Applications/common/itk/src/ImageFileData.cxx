#include "ImageFileData.h"

#include "CompressedStreams.h"
#include "MetaImageHeader.h"

#include "cumed/app/ImageInputChecks.h"
#include "cumed/core/Error.h"

#include <zlib.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <fstream>
#include <memory>
#include <system_error>
#include <vector>

namespace fs = std::filesystem;

namespace cumed::app::detail {
namespace {

std::uint64_t FileSize(const fs::path& file) {
  std::error_code error;
  const auto size = fs::file_size(file, error);
  return error ? 0 : static_cast<std::uint64_t>(size);
}

std::string Lowercase(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

bool EndsWith(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() &&
         text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// A data file a header names: a regular file other than the header (not /dev/zero, not '.').
fs::path DataFileOf(const fs::path& header, const std::string& field, const std::string& name) {
  const fs::path named(name);
  const fs::path data = named.is_absolute() ? named : header.parent_path() / named;
  std::error_code error;
  if (!fs::is_regular_file(data, error)) {
    throw cumed::Error(InputName(header) + ": its data file (" + field + " = '" + name + "', " +
                       data.string() + ") " +
                       (fs::exists(data, error) ? "is not a regular file" : "does not exist"));
  }
  if (fs::equivalent(data, header, error)) {
    throw cumed::Error(InputName(header) + ": its data file (" + field + " = '" + name +
                       "') is the header itself");
  }
  return data;
}

std::int64_t WholeNumber(const fs::path& file, const std::string& field, const std::string& text) {
  try {
    std::size_t used = 0;
    const long long value = std::stoll(text, &used);
    if (used == text.size()) return value;
  } catch (const std::exception&) {
  }
  throw cumed::Error(InputName(file) + ": header field " + field + " = '" + text +
                     "' is not a whole number");
}

ImageDataLocation MetaImageData(const fs::path& file) {
  const MetaImageHeader header = ReadMetaImageHeader(file);
  auto field = [&](const char* key) {
    const auto found = header.fields.find(key);
    return found == header.fields.end() ? std::string() : found->second;
  };
  ImageDataLocation data;
  const std::string name = field("ElementDataFile");
  if (name == "LOCAL") {
    data.dataFile = file;
    data.offset = header.end;
  } else if (name.rfind("LIST", 0) == 0 || name.find_first_of(" \t") != std::string::npos) {
    throw cumed::Error(InputName(file) + ": ElementDataFile = '" + name +
                       "' names several data files (a LIST or a file name pattern); the "
                       "programs read one data file per image");
  } else {
    data.dataFile = DataFileOf(file, "ElementDataFile", name);
    const std::string headerSize = field("HeaderSize");
    if (!headerSize.empty()) {
      const std::int64_t skip = WholeNumber(file, "HeaderSize", headerSize);
      if (skip == -1)
        data.atEnd = true;
      else if (skip > 0)
        data.offset = static_cast<std::uint64_t>(skip);
    }
  }
  const std::string compressed = Lowercase(field("CompressedData"));
  if (compressed == "true") {
    data.storage = DataStorage::Zlib;
    const std::string size = field("CompressedDataSize");
    if (!size.empty()) {
      const std::int64_t bytes = WholeNumber(file, "CompressedDataSize", size);
      if (bytes > 0) data.storedBytes = static_cast<std::uint64_t>(bytes);
    }
  } else if (Lowercase(field("BinaryData")) == "false") {
    data.storage = DataStorage::Text;
  }
  return data;
}

// A value of type T at byte `at` of a header, in the header's byte order.
template <class T> T ValueAt(const unsigned char* header, std::size_t at, bool swap) {
  std::array<unsigned char, sizeof(T)> b;
  std::copy(header + at, header + at + sizeof(T), b.begin());
  if (swap) std::reverse(b.begin(), b.end());
  T value;
  std::memcpy(&value, b.data(), sizeof(T));
  return value;
}

// The NIfTI-1 geometry floats: niftilib replaces a NaN pixdim by 1 without a word.
void CheckNifti1Numbers(const fs::path& file, const unsigned char* header, bool swap) {
  const int dimensions = std::clamp<int>(ValueAt<std::int16_t>(header, 40, swap), 0, 7);
  struct Field {
    const char* name;
    std::size_t at;
    int count;
  };
  const Field fields[] = {{"pixdim", 80, dimensions}, {"quatern_b/c/d", 256, 3},
                          {"qoffset_x/y/z", 268, 3},  {"srow_x", 280, 4},
                          {"srow_y", 296, 4},         {"srow_z", 312, 4}};
  for (const Field& field : fields) {
    std::string value;
    for (int i = 0; i < field.count; ++i) {
      value += (i ? " " : "") + std::to_string(ValueAt<float>(header, field.at + 4 * i, swap));
    }
    CheckHeaderNumbers(file, std::string("NIfTI ") + field.name, value,
                       std::string(field.name) == "pixdim");
  }
}

// dim[1..dim[0]] x bitpix / 8: the bytes stored, whatever type ITK reads them as (a scl_slope
// makes ITK read int16 data as float).
std::uint64_t NiftiStoredBytes(const fs::path& file, const unsigned char* header, bool nifti2,
                               bool swap) {
  const int bitpix = ValueAt<std::int16_t>(header, nifti2 ? 14 : 72, swap);
  const std::int64_t dimensions =
      nifti2 ? ValueAt<std::int64_t>(header, 16, swap) : ValueAt<std::int16_t>(header, 40, swap);
  if (dimensions < 1 || dimensions > 7 || bitpix <= 0 || bitpix % 8 != 0) {
    throw cumed::Error(
        InputName(file) + ": NIfTI header fields dim[0] = " + std::to_string(dimensions) +
        ", bitpix = " + std::to_string(bitpix) + "; expected 1..7 dimensions of whole bytes");
  }
  std::vector<std::uint64_t> size;
  for (int axis = 1; axis <= dimensions; ++axis) {
    const std::int64_t n = nifti2 ? ValueAt<std::int64_t>(header, 16 + 8 * axis, swap)
                                  : ValueAt<std::int16_t>(header, 40 + 2 * axis, swap);
    if (n < 1) {
      throw cumed::Error(InputName(file) + ": NIfTI header field dim[" + std::to_string(axis) +
                         "] = " + std::to_string(n) + " is not a size >= 1");
    }
    size.push_back(static_cast<std::uint64_t>(n));
  }
  const std::uint64_t voxels = VoxelCount(file, size);
  const auto voxelBytes = static_cast<std::uint64_t>(bitpix / 8);
  if (voxels > UINT64_MAX / voxelBytes) {
    throw cumed::Error(InputName(file) + ": NIfTI size " + SizeText(size) +
                       " x bitpix overflows 64 bits");
  }
  return voxels * voxelBytes;
}

// NIfTI-1 (348-byte header, vox_offset a float at 108) or NIfTI-2 (540 bytes, an int64 at 168),
// either byte order; the header is read through zlib, which also reads uncompressed files.
ImageDataLocation NiftiData(const fs::path& file) {
  std::array<unsigned char, 540> bytes{};
  int got = 0;
  {
    const std::unique_ptr<gzFile_s, int (*)(gzFile)> in(gzopen(file.c_str(), "rb"), gzclose);
    if (in) got = gzread(in.get(), bytes.data(), static_cast<unsigned>(bytes.size()));
  }
  bool swap = false;
  std::int32_t headerSize = got >= 4 ? ValueAt<std::int32_t>(bytes.data(), 0, false) : 0;
  if (headerSize != 348 && headerSize != 540 && got >= 4) {
    swap = true;
    headerSize = ValueAt<std::int32_t>(bytes.data(), 0, true);
  }
  if ((headerSize != 348 && headerSize != 540) || got < headerSize) {
    throw cumed::Error(InputName(file) + ": its NIfTI header is " +
                       std::to_string(std::max(got, 0)) +
                       " bytes long (after decompression); a NIfTI header has 348 or 540");
  }
  const bool nifti2 = headerSize == 540;
  const double voxOffset = nifti2
                               ? static_cast<double>(ValueAt<std::int64_t>(bytes.data(), 168, swap))
                               : ValueAt<float>(bytes.data(), 108, swap);
  const bool singleFile =
      std::memcmp(bytes.data() + (nifti2 ? 4 : 344), nifti2 ? "n+2" : "n+1", 4) == 0;
  if (!nifti2) CheckNifti1Numbers(file, bytes.data(), swap);
  if (!(voxOffset >= 0 && voxOffset < 1e18)) {
    throw cumed::Error(InputName(file) + ": NIfTI header field vox_offset = " +
                       std::to_string(voxOffset) + " is not a byte offset");
  }
  ImageDataLocation data;
  data.dataFile = file;
  data.claimedBytes = NiftiStoredBytes(file, bytes.data(), nifti2, swap);
  if (!singleFile) { // a .hdr/.img pair: the data are in the .img beside the header
    std::string name = file.filename().string();
    const std::string lower = Lowercase(name);
    const std::size_t cut = EndsWith(lower, ".hdr.gz") ? 7 : EndsWith(lower, ".hdr") ? 4 : 0;
    if (cut == 0) {
      data.storage = DataStorage::ReaderChecked; // ITK finds the pair's other file itself
      return data;
    }
    name = name.substr(0, name.size() - cut);
    const fs::path plain = file.parent_path() / (name + ".img");
    std::error_code error;
    data.dataFile = fs::exists(plain, error) ? plain : file.parent_path() / (name + ".img.gz");
    data.dataFile = DataFileOf(file, "the .img beside the .hdr", data.dataFile.filename().string());
    data.offset = static_cast<std::uint64_t>(voxOffset);
  } else {
    data.offset = static_cast<std::uint64_t>(voxOffset);
  }
  std::ifstream in(data.dataFile, std::ios::binary);
  unsigned char magic[2] = {0, 0};
  in.read(reinterpret_cast<char*>(magic), 2);
  data.storage = magic[0] == 0x1f && magic[1] == 0x8b ? DataStorage::GzipFile : DataStorage::Raw;
  return data;
}

// "key: value" lines up to the first empty line.
ImageDataLocation NrrdData(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::string line, encoding = "raw", dataFile;
  std::int64_t byteSkip = 0;
  std::uint64_t end = 0;
  while (std::getline(in, line) && end < (1u << 20)) {
    end += line.size() + 1;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) break;
    const auto colon = line.find(':');
    if (colon == std::string::npos || line[0] == '#') continue;
    if (colon + 1 < line.size() && line[colon + 1] == '=') continue; // key:=value pairs
    const std::string key = Lowercase(line.substr(0, colon));
    std::string value = line.substr(colon + 1);
    value.erase(0, value.find_first_not_of(" \t"));
    if (key == "encoding")
      encoding = Lowercase(value);
    else if (key == "data file" || key == "datafile")
      dataFile = value;
    else if (key == "byte skip" || key == "byteskip")
      byteSkip = WholeNumber(file, key, value);
  }
  ImageDataLocation data;
  data.dataFile = file;
  data.offset = end;
  if (!dataFile.empty()) {
    if (dataFile.rfind("LIST", 0) == 0 || dataFile.find_first_of(" \t") != std::string::npos) {
      data.storage = DataStorage::ReaderChecked;
      return data;
    }
    data.dataFile = DataFileOf(file, "data file", dataFile);
    data.offset = 0;
  }
  if (byteSkip == -1)
    data.atEnd = true;
  else if (byteSkip > 0)
    data.offset += static_cast<std::uint64_t>(byteSkip);
  if (encoding == "raw")
    data.storage = DataStorage::Raw;
  else if (encoding == "hex")
    data.storage = DataStorage::Hex;
  else if (encoding == "gzip" || encoding == "gz")
    data.storage = DataStorage::Compressed;
  else
    data.storage = DataStorage::ReaderChecked;
  return data;
}

std::string DataFileText(const fs::path& file, const ImageDataLocation& data) {
  return data.dataFile == file ? InputName(file)
                               : InputName(file) + " (data file '" + data.dataFile.string() + "')";
}

} // namespace

ImageDataLocation LocateImageData(const fs::path& file, const itk::ImageIOBase& io) {
  const std::string format = io.GetNameOfClass();
  if (format == "MetaImageIO") return MetaImageData(file);
  if (format == "NiftiImageIO") return NiftiData(file);
  if (format == "NrrdImageIO") return NrrdData(file);
  ImageDataLocation data;
  data.dataFile = file;
  data.storage = DataStorage::Compressed; // PNG, TIFF, ...: the loosest bound
  return data;
}

std::uint64_t ExpectedDataBytes(const ImageDataLocation& data, std::uint64_t readerBytes) {
  return data.claimedBytes.value_or(readerBytes);
}

void CheckDataSize(const fs::path& file, const ImageDataLocation& data, std::uint64_t expected,
                   std::uint64_t valueBytes) {
  const std::uint64_t size = FileSize(data.dataFile);
  const std::uint64_t available = data.atEnd ? size : (size > data.offset ? size - data.offset : 0);
  const std::string where = DataFileText(file, data);
  auto refuseShort = [&](std::uint64_t needed, const std::string& what) {
    throw cumed::Error(where + " holds " + std::to_string(available) + " bytes of " + what +
                       " after its " + std::to_string(data.atEnd ? 0 : data.offset) +
                       "-byte header; the header's size and pixel type need " +
                       std::to_string(needed) + ": the file is truncated or its header is wrong");
  };
  switch (data.storage) {
  case DataStorage::Raw:
    if (available < expected) refuseShort(expected, "pixel data");
    return;
  case DataStorage::Hex:
    if (available / 2 < expected) refuseShort(expected * 2, "hex text");
    return;
  case DataStorage::Text: { // MetaIO reads ASCII values without noticing when they run out
    const std::uint64_t values = valueBytes ? expected / valueBytes : expected;
    if (available < 2 * values - 1) refuseShort(2 * values - 1, "text values");
    std::ifstream in(data.dataFile, std::ios::binary);
    in.seekg(static_cast<std::streamoff>(data.atEnd ? 0 : data.offset));
    std::uint64_t found = 0;
    std::string token;
    while (found < values && in >> token) ++found;
    if (found < values) {
      throw cumed::Error(where + " holds " + std::to_string(found) +
                         " text values after its header; the header's size needs " +
                         std::to_string(values) + ": the file is truncated or its header is wrong");
    }
    return;
  }
  case DataStorage::Zlib:
    if (data.storedBytes && *data.storedBytes > available) {
      throw cumed::Error(
          where + ": header field CompressedDataSize = " + std::to_string(*data.storedBytes) +
          " but only " + std::to_string(available) + " bytes follow the header");
    }
    CheckCompressedBound(file, data.storedBytes.value_or(available), expected);
    return;
  case DataStorage::GzipFile:
    CheckCompressedBound(file, size, data.offset + expected);
    return;
  case DataStorage::Compressed:
    CheckCompressedBound(file, available, expected);
    return;
  case DataStorage::ReaderChecked:
    return;
  }
}

void CheckDecompressedSize(const fs::path& file, const ImageDataLocation& data,
                           std::uint64_t expected) {
  StreamCount count;
  std::uint64_t wanted = expected;
  if (data.storage == DataStorage::Zlib) {
    const std::uint64_t size = FileSize(data.dataFile);
    const std::uint64_t length =
        data.storedBytes.value_or(size > data.offset ? size - data.offset : 0);
    count = CountInflatedBytes(data.dataFile, data.offset, length, expected);
  } else if (data.storage == DataStorage::GzipFile) {
    wanted = data.offset + expected;
    count = CountGzipFileBytes(data.dataFile, wanted);
  } else {
    return;
  }
  const std::string where = DataFileText(file, data);
  if (!count.problem.empty()) {
    throw cumed::Error(where + ": " + count.problem + " after " + std::to_string(count.bytes) +
                       " decompressed bytes; the header's size and pixel type need " +
                       std::to_string(wanted));
  }
  // MetaImage must match exactly; a .nii.gz may go on past the image (the reader stops there).
  const bool exact = data.storage == DataStorage::Zlib;
  if (count.bytes < wanted || (exact && count.bytes > wanted)) {
    throw cumed::Error(where + ": the compressed data decompress to " +
                       (count.bytes > wanted ? "more than " + std::to_string(wanted)
                                             : std::to_string(count.bytes)) +
                       " bytes; the header's size and pixel type need exactly " +
                       std::to_string(wanted));
  }
}

} // namespace cumed::app::detail
