#pragma once
// Image files written byte by byte for the input tests: MetaImage headers with any field, raw or
// zlib data, valid files written by ITK to truncate, and .vti files with raw appended data.
#include <cstdint>
#include <filesystem>
#include <string>

namespace cumed::imageinputtest {

/// A fresh, empty directory for the current test.
std::filesystem::path FreshDirectory();

/// "ObjectType = Image / NDims = 3 / DimSize = <dimSize> / ElementType = MET_SHORT", then
/// `extraFields` (lines ending in '\n'), then "ElementDataFile = <dataFile>" and `data`.
std::filesystem::path WriteMetaImage(const std::filesystem::path& file, const std::string& dimSize,
                                     const std::string& extraFields, const std::string& data,
                                     const std::string& dataFile = "LOCAL");

/// `count` int16 values 0, 1, 2, ... as little-endian bytes.
std::string Int16Bytes(std::size_t count);

/// `bytes` deflated into one zlib stream.
std::string Deflated(const std::string& bytes);

/// A valid 9x7x5 int16 image (spacing 0.5 0.75 1.25) written by ITK to `file` (compressed when
/// the format allows), so that its extension picks the format.
std::filesystem::path WriteValidImage(const std::filesystem::path& file);

/// The first `bytes` bytes of `from`, written to `to`.
std::filesystem::path Truncated(const std::filesystem::path& from, const std::filesystem::path& to,
                                std::uint64_t bytes);

/// A copy of `from` at `to` with `bytes` written over it at `offset`.
std::filesystem::path WithBytesAt(const std::filesystem::path& from,
                                  const std::filesystem::path& to, std::size_t offset,
                                  const std::string& bytes);

/// A copy of `from` at `to` with the 4-byte float at `offset` replaced by `value`.
std::filesystem::path WithFloatAt(const std::filesystem::path& from,
                                  const std::filesystem::path& to, std::size_t offset, float value);

std::uint64_t SizeOf(const std::filesystem::path& file);

/// A 4x4x4 float .vti with raw appended data: `spacing` as written, `payloadBytes` of the 256
/// the array needs present, the block header declaring `declaredBytes`.
std::filesystem::path WriteVti(const std::filesystem::path& file, const std::string& wholeExtent,
                               const std::string& spacing, const std::string& origin,
                               std::size_t payloadBytes, std::uint32_t declaredBytes);

} // namespace cumed::imageinputtest
