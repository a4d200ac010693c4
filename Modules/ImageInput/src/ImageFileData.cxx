#include "ImageFileData.h"

#include "CompressedStreams.h"
#include "HeaderSupport.h"
#include "MetaImageHeader.h"
#include "NiftiHeader.h"
#include "NrrdHeader.h"

#include "cumed/io/ImageInputChecks.h"
#include "cumed/core/Error.h"

#include <fstream>

namespace fs = std::filesystem;

namespace cumed::io::detail {
namespace {

std::string DataFileText(const fs::path& file, const ImageDataLocation& data) {
  return data.dataFile == file ? InputName(file)
                               : InputName(file) + " (data file '" + data.dataFile.string() + "')";
}

} // namespace

ImageDataLocation LocateImageData(const fs::path& file, const itk::ImageIOBase& io) {
  const std::string format = io.GetNameOfClass();
  if (format == "MetaImageIO") return LocateMetaImageData(file);
  if (format == "NiftiImageIO") return LocateNiftiData(file);
  if (format == "NrrdImageIO") return LocateNrrdData(file);
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

} // namespace cumed::io::detail
