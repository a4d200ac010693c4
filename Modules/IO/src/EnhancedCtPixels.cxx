#include "EnhancedCtPixels.h"

#include "JpegDecoderWarnings.h"
#include "cumed/io/DicomSeriesReader.h"

#include <gdcmImage.h>
#include <gdcmImageReader.h>

#include <cstdint>
#include <cstring>
#include <map>

namespace cumed::io::detail {
namespace {

std::string FrameName(const DicomFileHeader& header) {
  return header.path + " (frame " + std::to_string(header.frame + 1) + ")";
}

// The stored value of pixel `index` of a decoded buffer: BitsStored low bits of each
// BitsAllocated-bit word (little endian, as GDCM returns it), sign-extended when signed.
std::int64_t StoredValue(const char* buffer, std::size_t index, int bytes, int bitsStored,
                         bool isSigned) {
  std::uint64_t word = 0;
  std::memcpy(&word, buffer + index * std::size_t(bytes), std::size_t(bytes));
  const std::uint64_t mask = bitsStored >= 64 ? ~0ull : (1ull << bitsStored) - 1;
  word &= mask;
  if (isSigned && (word >> (bitsStored - 1) & 1))
    return std::int64_t(word) - std::int64_t(mask) - 1;
  return std::int64_t(word);
}

// All frames of `file`, decoded.
struct DecodedFile {
  std::vector<char> buffer;
  int bytes = 0, bitsStored = 0;
  bool isSigned = false;
  std::size_t frameSize = 0; ///< pixels per frame
};

DecodedFile Decode(const DicomFileHeader& header, std::size_t columns, std::size_t rows) {
  gdcm::ImageReader reader;
  reader.SetFileName(header.path.c_str());
  const JpegWarningCapture jpegWarnings;
  if (!reader.Read())
    throw DicomError(header.path + ": GDCM cannot decode the enhanced multi-frame CT file");
  const gdcm::Image& image = reader.GetImage();
  const unsigned int* dimensions = image.GetDimensions();
  const long frames = header.IntegerOr(kNumberOfFrames, 1);
  const unsigned int depth = image.GetNumberOfDimensions() > 2 ? dimensions[2] : 1;
  if (dimensions[0] != columns || dimensions[1] != rows || long(depth) != frames)
    throw DicomError(header.path + ": GDCM decoded " + std::to_string(dimensions[0]) + " x " +
                     std::to_string(dimensions[1]) + " x " + std::to_string(depth) +
                     " pixels but the header says " + std::to_string(columns) + " x " +
                     std::to_string(rows) + " x " + std::to_string(frames) + " (" +
                     Describe(kColumns) + " x " + Describe(kRows) + " x " +
                     Describe(kNumberOfFrames) + ")");
  const gdcm::PixelFormat& format = image.GetPixelFormat();
  DecodedFile decoded;
  decoded.bytes = format.GetBitsAllocated() / 8;
  decoded.bitsStored = format.GetBitsStored();
  decoded.isSigned = format.GetPixelRepresentation() == 1;
  decoded.frameSize = columns * rows;
  const std::size_t expected = decoded.frameSize * std::size_t(frames) * std::size_t(decoded.bytes);
  if (format.GetSamplesPerPixel() != 1 || decoded.bytes < 1 || decoded.bytes > 4 ||
      image.GetBufferLength() != expected)
    throw DicomError(header.path + ": GDCM decoded " + std::to_string(image.GetBufferLength()) +
                     " bytes of pixel data, " + std::to_string(expected) + " expected");
  decoded.buffer.resize(expected);
  if (!image.GetBuffer(decoded.buffer.data()))
    throw DicomError(header.path + ": GDCM cannot decode the pixel data of the enhanced " +
                     "multi-frame CT file");
  if (!jpegWarnings.FirstWarning().empty())
    throw DicomError(header.path + ": the JPEG decoder reported damaged compressed " +
                     Describe(kPixelData) + " ('" + jpegWarnings.FirstWarning() +
                     "'); its values would be wrong");
  return decoded;
}

} // namespace

HounsfieldImage::Pointer ReadEnhancedCtVolume(const std::vector<DicomFileHeader>& sortedFrames,
                                              const SliceStackGeometry& geometry,
                                              HounsfieldRounding* rounding) {
  HounsfieldImage::Pointer volume = AllocateHounsfieldVolume(geometry);
  const std::size_t columns = geometry.size[0];
  const std::size_t rows = geometry.size[1];
  std::int16_t* out = volume->GetBufferPointer();
  // Slices of each file, so that every file is decoded once, in the order it first appears.
  std::map<std::string, std::vector<std::size_t>> slicesOfFile;
  std::vector<std::string> fileOrder;
  for (std::size_t k = 0; k < sortedFrames.size(); ++k) {
    const DicomFileHeader& header = sortedFrames[k];
    if (header.frame < 0)
      throw DicomError("the series mixes single-frame files ('" + header.path +
                       "') with the frames of enhanced multi-frame CT files ('" +
                       sortedFrames[k == 0 ? 1 : 0].path + "')");
    auto& slices = slicesOfFile[header.path];
    if (slices.empty()) fileOrder.push_back(header.path);
    slices.push_back(k);
  }
  std::vector<double> hounsfield(columns * rows);
  for (const std::string& path : fileOrder) {
    const std::vector<std::size_t>& slices = slicesOfFile[path];
    const DecodedFile decoded = Decode(sortedFrames[slices.front()], columns, rows);
    for (std::size_t k : slices) {
      const DicomFileHeader& frame = sortedFrames[k];
      const double slope = frame.NumberOr(kRescaleSlope, 1.0);
      const double intercept = frame.NumberOr(kRescaleIntercept, 0.0);
      const std::size_t first = std::size_t(frame.frame) * decoded.frameSize;
      for (std::size_t i = 0; i < decoded.frameSize; ++i)
        hounsfield[i] = slope * double(StoredValue(decoded.buffer.data(), first + i, decoded.bytes,
                                                   decoded.bitsStored, decoded.isSigned)) +
                        intercept;
      const std::string error =
          StoreHounsfieldValues(hounsfield.data(), columns, columns * rows,
                                out + k * columns * rows, FrameName(frame), rounding);
      if (!error.empty()) throw DicomError(error);
    }
  }
  return volume;
}

} // namespace cumed::io::detail
