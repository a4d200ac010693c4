#pragma once
// The checks every image file a program reads must pass before its pixels are allocated: a
// size that the file's bytes can hold and the machine's memory can take, and a geometry that
// gives finite points. One place for cumed-morphology, cumed-isosurface and cumed-compare (ITK
// files and VTK .vti). Each failure throws cumed::Error naming the file, the field or size, the
// value and what was expected.
#include <array>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace cumed::io {

/// How the messages name an image file the program reads: "INPUT 'a.mha'".
std::string InputName(const std::filesystem::path& file);

/// What a header claims about the image's grid (up to 3 axes are used by the programs).
struct ImageGridClaim {
  std::vector<std::uint64_t> size; ///< voxels per axis
  std::vector<double> spacing;     ///< per axis
  std::vector<double> origin;      ///< per axis
  std::vector<double> direction;   ///< row-major, size.size() squared values
  std::uint64_t bytesPerVoxel = 0; ///< as stored: component bytes x components
};

/// Refuses a header field of numbers (`value`, as written in the file) with a token that is not
/// a finite number, or not > 0 when `positive`, naming the field and the value. Readers turn
/// such text into 0, 1 or NaN, or into an unrelated error, without saying so.
void CheckHeaderNumbers(const std::filesystem::path& file, const std::string& field,
                        const std::string& value, bool positive);

/// Voxels in the grid; throws when the product of the sizes overflows 64 bits or a size is 0.
std::uint64_t VoxelCount(const std::filesystem::path& file, const std::vector<std::uint64_t>& size);

/// Refuses a geometry that cannot place voxels: a spacing that is not finite or <= 0, an origin
/// or direction value that is not finite, a singular direction matrix, or a physical extent
/// (origin + size x spacing along the directions) beyond the largest 32-bit float (3.4e38), in
/// which surfaces keep their points.
void CheckGridGeometry(const std::filesystem::path& file, const ImageGridClaim& grid);

/// The bytes this process may still allocate: CUMED_AVAILABLE_MEMORY when set (bytes, or with a
/// K, M, G or T suffix for binary multiples), else MemAvailable from /proc/meminfo, else the
/// physical memory sysconf reports. `source` says which.
std::uint64_t AvailableMemoryBytes(std::string* source = nullptr);

/// Refuses to go on when `bytesNeeded` (the program's estimate for holding the image of `file`)
/// exceeds the available memory; the message names the size, the bytes and what is available.
void CheckFitsInMemory(const std::filesystem::path& file, const std::string& sizeText,
                       std::uint64_t bytesNeeded);

/// "4294967296x2x2".
std::string SizeText(const std::vector<std::uint64_t>& size);

/// Deflate (zlib, gzip) cannot expand data more than 1032 times; a compressed stream of
/// `compressedBytes` claiming more than that is refused before anything is allocated.
void CheckCompressedBound(const std::filesystem::path& file, std::uint64_t compressedBytes,
                          std::uint64_t expectedBytes);

} // namespace cumed::io
