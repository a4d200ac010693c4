#pragma once
// The "Key = value" lines of a MetaImage header (.mha, .mhd) up to ElementDataFile, read here
// because MetaIO reports a value it cannot parse (a NaN spacing) as "No such file or directory"
// and does not tell where the pixel data start; and from them, where the data are.
#include "ImageFileData.h"

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace cumed::io::detail {

struct MetaImageHeader {
  std::map<std::string, std::string> fields; ///< key -> value, both trimmed
  std::uint64_t end = 0;          ///< offset of the first byte after the ElementDataFile line
  std::vector<std::string> lines; ///< the header's lines as written, up to ElementDataFile
};

/// Reads the header of `file` (at most 1 MiB of text). Throws cumed::Error naming the file when
/// it has no ElementDataFile line.
MetaImageHeader ReadMetaImageHeader(const std::filesystem::path& file);

/// Refuses a numeric geometry field (DimSize, ElementSpacing, ElementSize, Offset, Origin,
/// Position, TransformMatrix, Rotation, Orientation, CenterOfRotation) whose values are not all
/// finite numbers, and a spacing <= 0, naming the field and its value.
void CheckMetaImageNumbers(const std::filesystem::path& file, const MetaImageHeader& header);

/// Where the data of the MetaImage `file` are and how they are stored (ElementDataFile,
/// HeaderSize, CompressedData, CompressedDataSize, BinaryData). Several data files (LIST, a
/// pattern) are refused.
ImageDataLocation LocateMetaImageData(const std::filesystem::path& file);

} // namespace cumed::io::detail
