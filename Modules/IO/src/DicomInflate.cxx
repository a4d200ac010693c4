#include "DicomInflate.h"

#include "DicomTags.h"
#include "cumed/io/DicomSeriesReader.h"

#include <zlib.h>

#include <algorithm>
#include <fstream>
#include <vector>

namespace cumed::io::detail {
namespace {

std::string Problem(const std::string& path, const std::string& what) {
  return path + ": the deflated data set (" + Describe(kTransferSyntaxUid) + " " +
         kDeflatedTransferSyntax + ") " + what;
}

std::string TooLarge() {
  return "inflates to more than " + std::to_string(kMaxInflatedBytes) +
         " bytes (expected at most that much for one file: a decompression bomb is not read)";
}

} // namespace

std::string InflateDataSet(const std::string& path, std::uint64_t dataSetStart) {
  std::ifstream file(path, std::ios::binary);
  if (!file.is_open()) throw DicomError(path + ": cannot be opened for reading");
  file.seekg(static_cast<std::streamoff>(dataSetStart));

  z_stream stream{};
  // Negative window bits: raw deflate, without the zlib header and checksum.
  if (inflateInit2(&stream, -MAX_WBITS) != Z_OK)
    throw DicomError(Problem(path, "cannot be inflated: zlib failed to initialise"));
  struct End { // inflateEnd on every way out
    z_stream& stream;
    ~End() { inflateEnd(&stream); }
  } end{stream};

  std::string inflated;
  std::vector<unsigned char> input(1 << 16);
  constexpr std::size_t kStep = 1 << 20;
  int status = Z_OK;
  std::uint64_t consumed = 0;
  while (status != Z_STREAM_END) {
    if (stream.avail_in == 0) {
      file.read(reinterpret_cast<char*>(input.data()), static_cast<std::streamsize>(input.size()));
      stream.next_in = input.data();
      stream.avail_in = static_cast<uInt>(file.gcount());
      consumed += stream.avail_in;
      if (stream.avail_in == 0)
        throw DicomError(Problem(path, "ends after " + std::to_string(consumed) +
                                           " bytes, before its deflate stream does (expected " +
                                           "a final deflate block): the file is truncated"));
    }
    // One byte past the limit is room enough to tell that the stream exceeds it.
    const std::size_t before = inflated.size();
    const std::size_t room = std::min<std::uint64_t>(kStep, kMaxInflatedBytes + 1 - before);
    if (room == 0) throw DicomError(Problem(path, TooLarge()));
    inflated.resize(before + room);
    stream.next_out = reinterpret_cast<unsigned char*>(inflated.data() + before);
    stream.avail_out = static_cast<uInt>(room);
    status = inflate(&stream, Z_NO_FLUSH);
    inflated.resize(before + room - stream.avail_out);
    if (status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR)
      throw DicomError(
          Problem(path, std::string("is damaged (zlib: ") +
                            (stream.msg ? stream.msg : "error " + std::to_string(status)) + ")"));
  }
  if (inflated.size() > kMaxInflatedBytes) throw DicomError(Problem(path, TooLarge()));
  return inflated;
}

} // namespace cumed::io::detail
