#include "NiftiHeader.h"

#include "HeaderSupport.h"

#include "cumed/io/ImageInputChecks.h"
#include "cumed/core/Error.h"

#include <zlib.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <fstream>
#include <memory>
#include <sstream>
#include <vector>

namespace fs = std::filesystem;

namespace cumed::io::detail {
namespace {

// A value of type T at byte `at` of a header, in the header's byte order.
template <class T> T ValueAt(const unsigned char* header, std::size_t at, bool swap) {
  std::array<unsigned char, sizeof(T)> b;
  std::copy(header + at, header + at + sizeof(T), b.begin());
  if (swap) std::reverse(b.begin(), b.end());
  T value;
  std::memcpy(&value, b.data(), sizeof(T));
  return value;
}

// The NIfTI-1 geometry floats: niftilib replaces a NaN pixdim by 1 without a word, and ITK's
// orientation (a float SVD of the sform or qform matrix) aborts on a NaN and never ends on
// values whose squares overflow a float. Quaternion parts are at most 1 by definition.
void CheckNifti1Numbers(const fs::path& file, const unsigned char* header, bool swap) {
  const int dimensions = std::clamp<int>(ValueAt<std::int16_t>(header, 40, swap), 0, 7);
  constexpr double kMaxGeometry = 1e18; // its square, x3, stays below 3.4e38
  struct Field {
    const char* name;
    std::size_t at;
    int count;
    double limit;
  };
  const Field fields[] = {
      {"pixdim", 80, dimensions, kMaxGeometry}, {"quatern_b/c/d", 256, 3, 1},
      {"qoffset_x/y/z", 268, 3, kMaxGeometry},  {"srow_x", 280, 4, kMaxGeometry},
      {"srow_y", 296, 4, kMaxGeometry},         {"srow_z", 312, 4, kMaxGeometry}};
  for (const Field& field : fields) {
    std::string value;
    for (int i = 0; i < field.count; ++i) {
      value += (i ? " " : "") + std::to_string(ValueAt<float>(header, field.at + 4 * i, swap));
    }
    const std::string name = std::string("NIfTI ") + field.name;
    CheckHeaderNumbers(file, name, value, std::string(field.name) == "pixdim");
    for (int i = 0; i < field.count; ++i) {
      const float number = ValueAt<float>(header, field.at + 4 * i, swap);
      if (std::fabs(number) > field.limit) {
        std::ostringstream text;
        text << InputName(file) << ": header field " << name << " = '" << value << "': the value "
             << number << " is beyond +-" << field.limit
             << (field.limit == 1 ? " (a quaternion part)"
                                  : " (ITK's orientation solver overflows)");
        throw cumed::Error(text.str());
      }
    }
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
} // namespace

ImageDataLocation LocateNiftiData(const fs::path& file) {
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
    if (EndsWith(lower, ".nii") || EndsWith(lower, ".nii.gz")) {
      // niftilib would read it as an Analyze header and look for the data elsewhere, after
      // allocating what the header claims.
      const std::string magic(reinterpret_cast<const char*>(bytes.data()) + (nifti2 ? 4 : 344), 4);
      throw cumed::Error(InputName(file) + ": NIfTI header field magic = '" + Printable(magic) +
                         "' is not '" + (nifti2 ? "n+2" : "n+1") +
                         "', which a single .nii file (header and data together) has");
    }
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

} // namespace cumed::io::detail
