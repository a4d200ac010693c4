// Every count here comes from the file, so each one is compared with the bytes that are really
// there (or, for compressed blocks, bounded by the largest ratio zlib/LZ4 can reach and by the
// machine's memory) before a buffer of that size exists.
#include "VtpArrayData.h"

#include "MeshFileFormats.h"
#include "VtpBase64.h"
#include "cumed/core/NumberRules.h"

#include <vtkCallbackCommand.h>
#include <vtkCommand.h>
#include <vtkLZ4DataCompressor.h>
#include <vtkNew.h>
#include <zlib.h>

#include <climits>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

namespace cumed::meshio::detail {
namespace {

// zlib cannot expand a byte into more than about 1032 bytes, LZ4 into more than about 255;
// a block claiming more is a lie told to make us allocate.
constexpr std::uint64_t kMaxRatio = 1040;

std::string Num(std::uint64_t value) {
  return std::to_string(value);
}

std::uint64_t Word(std::string_view bytes, std::size_t size, bool bigEndian) {
  std::uint64_t value = 0;
  for (std::size_t k = 0; k < size; ++k) {
    const auto byte = static_cast<unsigned char>(bytes[bigEndian ? k : size - 1 - k]);
    value = value << 8 | byte;
  }
  return value;
}

bool NativeBigEndian() {
  const std::uint16_t one = 1;
  unsigned char first;
  std::memcpy(&first, &one, 1);
  return first == 0;
}

void ToNative(std::string& data, std::size_t typeSize, bool bigEndian) {
  if (typeSize == 1 || bigEndian == NativeBigEndian()) return;
  for (std::size_t at = 0; at + typeSize <= data.size(); at += typeSize)
    for (std::size_t k = 0; k < typeSize / 2; ++k)
      std::swap(data[at + k], data[at + typeSize - 1 - k]);
}

/// Where stored bytes come from: raw bytes, or base64 text decoded a piece at a time.
struct Stored {
  const std::string& path;
  const std::string& label;
  std::string_view source; ///< raw bytes or base64 characters, from the array's start
  bool base64;

  /// What is left, in decoded bytes (an upper bound for base64).
  std::uint64_t available() const { return base64 ? source.size() / 4 * 3 : source.size(); }

  /// `count` bytes starting at decoded offset 0 of the chunk at character/byte `at`; moves
  /// `at` past the chunk (base64 chunks are padded to whole groups, as VTK writes them).
  std::string take(std::size_t& at, std::uint64_t count, const char* what) const {
    const std::uint64_t need = base64 ? Base64Length(count) : count;
    if (at > source.size() || need > source.size() - at)
      Refuse(path, label + ": " + what + " needs " + Num(count) + " bytes" +
                       (base64 ? " (" + Num(need) + " base64 characters)" : "") +
                       ", the file holds " + Num(at > source.size() ? 0 : source.size() - at));
    const std::string_view piece = source.substr(at, need);
    at += need;
    if (!base64) return std::string(piece);
    std::string bytes;
    std::size_t bad = 0;
    if (!DecodeBase64(piece, bytes, bad))
      Refuse(path, label + ": " + what + ": " + Quote(piece.substr(bad, 8)) + " at character " +
                       Num(at - need + bad) + " is not base64");
    bytes.resize(count);
    return bytes;
  }
};

void Inflate(const Stored& s, VtpCompressor compressor, std::string_view block, char* out,
             std::size_t size, std::uint64_t index) {
  const std::string what =
      s.label + ": compressed block " + Num(index) + " (" + Num(block.size()) + " bytes)";
  if (compressor == VtpCompressor::ZLib) {
    uLongf produced = size;
    const int status = uncompress(reinterpret_cast<Bytef*>(out), &produced,
                                  reinterpret_cast<const Bytef*>(block.data()), block.size());
    if (status != Z_OK || produced != size)
      Refuse(s.path, what + " does not inflate to its " + Num(size) + " bytes");
  } else {
    // VTK's LZ4 compressor (LZ4_decompress_safe: bounded by both sizes) so that CuMed needs no
    // liblz4 of its own; the observer keeps its error text out of stderr (the refusal says it).
    vtkNew<vtkLZ4DataCompressor> lz4;
    vtkNew<vtkCallbackCommand> quiet;
    lz4->AddObserver(vtkCommand::ErrorEvent, quiet);
    const std::size_t produced =
        lz4->Uncompress(reinterpret_cast<const unsigned char*>(block.data()), block.size(),
                        reinterpret_cast<unsigned char*>(out), size);
    if (produced != size)
      Refuse(s.path, what + " does not decompress to its " + Num(size) + " bytes");
  }
}

void RequireBytes(const std::string& path, const std::string& label, std::uint64_t bytes) {
  const std::size_t memory = numbers::PhysicalMemoryBytes();
  if (memory != 0 && bytes > memory)
    Refuse(path, label + ": needs " + Num(bytes) + " bytes, more than the machine's memory (" +
                     numbers::FormatBytes(memory) + ")");
}

std::string ReadBlocks(const Stored& s, const VtpStorage& storage, std::uint64_t expected) {
  const std::size_t h = storage.headerSize;
  std::size_t at = 0;
  // VTK's header: block count, block size, last block size (0: a full block), compressed sizes.
  const std::string head = s.take(at, 3 * h, "the compression header");
  const std::uint64_t blocks = Word(head, h, storage.bigEndian);
  const std::uint64_t blockSize = Word(head.substr(h), h, storage.bigEndian);
  const std::uint64_t lastSize = Word(head.substr(2 * h), h, storage.bigEndian);
  if (blocks > s.available() / h)
    Refuse(s.path, s.label + ": the compression header claims " + Num(blocks) +
                       " blocks, the file holds " + Num(s.available()) + " bytes");
  at = 0;
  const std::string sizes = s.take(at, (3 + blocks) * h, "the compression header").substr(3 * h);
  std::uint64_t total = 0, compressed = 0;
  if (blocks > 0) {
    if (blockSize == 0 || blockSize > INT_MAX || lastSize > blockSize)
      Refuse(s.path, s.label + ": compression header: block size " + Num(blockSize) +
                         ", last block size " + Num(lastSize) + " (need 0 < size <= 2^31 - 1)");
    const std::uint64_t last = lastSize == 0 ? blockSize : lastSize;
    if ((blocks - 1) > (std::numeric_limits<std::uint64_t>::max() - last) / blockSize)
      Refuse(s.path, s.label + ": compression header: " + Num(blocks) + " blocks of " +
                         Num(blockSize) + " bytes overflow");
    total = (blocks - 1) * blockSize + last;
  }
  if (total != expected)
    Refuse(s.path, s.label + ": compression header: " + Num(blocks) + " blocks hold " + Num(total) +
                       " bytes, the array declares " + Num(expected));
  std::vector<std::uint64_t> blockBytes(blocks);
  for (std::uint64_t b = 0; b < blocks; ++b) {
    blockBytes[b] = Word(std::string_view(sizes).substr(b * h), h, storage.bigEndian);
    const std::uint64_t size = b + 1 < blocks || lastSize == 0 ? blockSize : lastSize;
    if (blockBytes[b] > INT_MAX || blockBytes[b] > s.available() ||
        size > blockBytes[b] * kMaxRatio + 1024)
      Refuse(s.path, s.label + ": compressed block " + Num(b) + " of " + Num(blockBytes[b]) +
                         " bytes cannot hold its " + Num(size) + " bytes (the file holds " +
                         Num(s.available()) + ")");
    compressed += blockBytes[b];
  }
  RequireBytes(s.path, s.label, expected);
  const std::string data = s.take(at, compressed, "the compressed blocks");
  std::string out(expected, '\0');
  std::size_t from = 0, to = 0;
  for (std::uint64_t b = 0; b < blocks; ++b) {
    const std::uint64_t size = b + 1 < blocks || lastSize == 0 ? blockSize : lastSize;
    Inflate(s, storage.compressor, std::string_view(data).substr(from, blockBytes[b]),
            out.data() + to, size, b);
    from += blockBytes[b];
    to += size;
  }
  return out;
}

std::string ReadPlain(const Stored& s, const VtpStorage& storage, std::uint64_t expected) {
  const std::size_t h = storage.headerSize;
  std::size_t at = 0;
  const std::uint64_t declared = Word(s.take(at, h, "the size header"), h, storage.bigEndian);
  if (declared != expected)
    Refuse(s.path, s.label + ": its size header says " + Num(declared) +
                       " bytes, the array declares " + Num(expected));
  if (expected > s.available())
    Refuse(s.path,
           s.label + ": needs " + Num(expected) + " bytes, the file holds " + Num(s.available()));
  at = 0; // header and data are one stream (one base64 chunk)
  return s.take(at, h + expected, "the data").substr(h);
}

template <typename T> bool FitsInteger(std::string_view word, std::string& out) {
  T value;
  if constexpr (std::is_same_v<T, std::uint64_t>) {
    if (!ParseUnsigned(word, value)) return false;
  } else {
    std::int64_t wide;
    if (!ParseInteger(word, wide) ||
        wide < static_cast<std::int64_t>(std::numeric_limits<T>::min()) ||
        (wide > 0 && static_cast<std::uint64_t>(wide) > std::numeric_limits<T>::max()))
      return false;
    value = static_cast<T>(wide);
  }
  out.append(reinterpret_cast<const char*>(&value), sizeof(value));
  return true;
}

/// Floats as VTK's stream reads them: decimal only (no hex, nan or inf), finite.
template <typename T> bool FitsReal(std::string_view word, std::string& out) {
  for (const char c : word)
    if (!((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.' || c == 'e' || c == 'E'))
      return false;
  T value;
  if constexpr (std::is_same_v<T, float>) {
    if (!ParseFloat(word, value)) return false;
  } else {
    if (!ParseReal(word, value)) return false;
  }
  if (!std::isfinite(value)) return false;
  out.append(reinterpret_cast<const char*>(&value), sizeof(value));
  return true;
}

bool AppendWord(std::string_view type, std::string_view word, std::string& out) {
  if (type == "Int8") return FitsInteger<std::int8_t>(word, out);
  if (type == "UInt8") return FitsInteger<std::uint8_t>(word, out);
  if (type == "Int16") return FitsInteger<std::int16_t>(word, out);
  if (type == "UInt16") return FitsInteger<std::uint16_t>(word, out);
  if (type == "Int32") return FitsInteger<std::int32_t>(word, out);
  if (type == "UInt32") return FitsInteger<std::uint32_t>(word, out);
  if (type == "Int64") return FitsInteger<std::int64_t>(word, out);
  if (type == "UInt64") return FitsInteger<std::uint64_t>(word, out);
  if (type == "Float32") return FitsReal<float>(word, out);
  return FitsReal<double>(word, out);
}

std::string ReadAscii(const std::string& path, const VtpArray& array) {
  const auto space = [](char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
  };
  // Each value takes at least one character and one separator: check before reserving.
  if (array.values > array.text.size() / 2 + 1)
    Refuse(path, array.label + ": declares " + Num(array.values) + " values, its " +
                     Num(array.text.size()) + " characters cannot hold them");
  std::string out;
  out.reserve(array.values * TypeSize(array.type));
  std::uint64_t count = 0;
  std::size_t at = 0;
  const std::string_view text = array.text;
  while (true) {
    while (at < text.size() && space(text[at])) ++at;
    if (at == text.size()) break;
    const std::size_t start = at;
    while (at < text.size() && !space(text[at])) ++at;
    const std::string_view word = text.substr(start, at - start);
    if (count == array.values)
      Refuse(path, array.label + ": more than the declared " + Num(array.values) + " values");
    if (!AppendWord(array.type, word, out))
      Refuse(path, array.label + ": value " + Num(count) + " " + Quote(word) + " is not a " +
                       (IsIntegerType(array.type) ? "" : "finite ") + array.type);
    ++count;
  }
  if (count != array.values)
    Refuse(path, array.label + ": holds " + Num(count) + " values, declares " + Num(array.values));
  return out;
}

std::string_view Trim(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

} // namespace

std::size_t TypeSize(std::string_view type) {
  if (type == "Int8" || type == "UInt8") return 1;
  if (type == "Int16" || type == "UInt16") return 2;
  if (type == "Int32" || type == "UInt32" || type == "Float32") return 4;
  if (type == "Int64" || type == "UInt64" || type == "Float64") return 8;
  return 0;
}

bool IsIntegerType(std::string_view type) {
  return TypeSize(type) > 0 && type.substr(0, 5) != "Float";
}

std::string ReadVtpArray(const std::string& path, const VtpStorage& storage,
                         const VtpArray& array) {
  const std::size_t typeSize = TypeSize(array.type);
  if (array.values > std::numeric_limits<std::uint64_t>::max() / typeSize)
    Refuse(path, array.label + ": " + Num(array.values) + " values overflow");
  const std::uint64_t expected = array.values * typeSize;
  if (array.format == "ascii") return ReadAscii(path, array);
  std::string_view source;
  bool base64 = true;
  if (array.format == "binary") {
    source = Trim(array.text);
  } else {
    if (!storage.hasAppended)
      Refuse(path, array.label + ": format appended, but the file has no AppendedData");
    if (array.offset > storage.appended.size())
      Refuse(path, array.label + ": offset " + Num(array.offset) +
                       " is past the end of AppendedData (" + Num(storage.appended.size()) +
                       " bytes)");
    source = storage.appended.substr(array.offset);
    base64 = storage.appendedBase64;
  }
  const Stored stored{path, array.label, source, base64};
  std::string data = storage.compressor == VtpCompressor::None
                         ? ReadPlain(stored, storage, expected)
                         : ReadBlocks(stored, storage, expected);
  ToNative(data, typeSize, storage.bigEndian);
  return data;
}

bool IntegerValue(std::string_view type, const std::string& data, std::uint64_t index,
                  std::int64_t& value) {
  const std::size_t size = TypeSize(type);
  const char* at = data.data() + index * size;
  const auto get = [&](auto sample) {
    decltype(sample) v;
    std::memcpy(&v, at, sizeof(v));
    return v;
  };
  if (type == "Int8")
    value = get(std::int8_t());
  else if (type == "UInt8")
    value = get(std::uint8_t());
  else if (type == "Int16")
    value = get(std::int16_t());
  else if (type == "UInt16")
    value = get(std::uint16_t());
  else if (type == "Int32")
    value = get(std::int32_t());
  else if (type == "UInt32")
    value = get(std::uint32_t());
  else if (type == "Int64")
    value = get(std::int64_t());
  else {
    const std::uint64_t v = get(std::uint64_t());
    if (v > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) return false;
    value = static_cast<std::int64_t>(v);
  }
  return true;
}

} // namespace cumed::meshio::detail
