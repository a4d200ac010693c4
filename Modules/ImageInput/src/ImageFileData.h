#pragma once
// Where an image file's pixel data lie and how they are stored, per format, so that the bytes
// can be checked against what the header claims before ITK allocates and reads: MetaImage
// (.mha/.mhd), NIfTI (.nii, .nii.gz, .hdr/.img), NRRD (.nrrd, .nhdr); other formats get the
// deflate bound on their file size.
#include <itkImageIOBase.h>

#include <cstdint>
#include <filesystem>
#include <optional>

namespace cumed::io::detail {

enum class DataStorage {
  Raw,          ///< the bytes as they are
  Text,         ///< MetaImage ASCII values, counted (MetaIO zero-fills missing ones)
  Hex,          ///< NRRD hex: two characters per byte
  Zlib,         ///< MetaImage CompressedData: one zlib stream, counted before reading
  GzipFile,     ///< NIfTI .gz: the whole file is gzip, the data at `offset` inside it
  Compressed,   ///< bounded by the deflate ratio only; the reader counts them itself (NRRD)
  ReaderChecked ///< several files or an encoding the reader verifies itself (NRRD ascii, bzip2)
};

struct ImageDataLocation {
  std::filesystem::path dataFile;
  std::uint64_t offset = 0; ///< where the data start (inside the decompressed stream: GzipFile)
  bool atEnd = false;       ///< the data are the file's last bytes (MetaImage HeaderSize = -1)
  std::optional<std::uint64_t> storedBytes;  ///< MetaImage CompressedDataSize
  std::optional<std::uint64_t> claimedBytes; ///< the data's size from the format's own header
                                             ///< (NIfTI) when ITK reads them as another type
  DataStorage storage = DataStorage::Raw;
};

/// Where the data of `file` (read by `io`) are. Throws cumed::Error naming the file when its
/// header names a data file that is not a regular file, or is the header itself.
ImageDataLocation LocateImageData(const std::filesystem::path& file, const itk::ImageIOBase& io);

/// The bytes the data must hold: `data.claimedBytes` when the format gave them, else
/// `readerBytes` (size x bytes per voxel as the ImageIO reports them).
std::uint64_t ExpectedDataBytes(const ImageDataLocation& data, std::uint64_t readerBytes);

/// Refuses data that cannot hold `expectedBytes`: raw data shorter than that, compressed data
/// too small for it (file sizes only), ASCII data with fewer values (counted).
void CheckDataSize(const std::filesystem::path& file, const ImageDataLocation& data,
                   std::uint64_t expectedBytes, std::uint64_t valueBytes);

/// For zlib and gzip data: decompresses them once into a scratch buffer and refuses a stream
/// that is corrupt, truncated or of another length than `expectedBytes` (ITK would zero-fill).
void CheckDecompressedSize(const std::filesystem::path& file, const ImageDataLocation& data,
                           std::uint64_t expectedBytes);

} // namespace cumed::io::detail
