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

// Inflates the stream into `output` (`room` bytes), or only counts its bytes when `output` is
// null. Returns the inflated size, at most `room` (which must leave one byte more than the stream
// may produce: a stream that fills it is too long).
std::uint64_t Inflate(const std::string& path, std::uint64_t dataSetStart, unsigned char* output,
                      std::uint64_t room) {
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

  std::vector<unsigned char> input(1 << 16), scratch(output ? 0 : 1 << 20);
  std::uint64_t produced = 0, consumed = 0;
  int status = Z_OK;
  bool endOfFile = false;
  while (status != Z_STREAM_END) {
    if (stream.avail_in == 0 && !endOfFile) {
      file.read(reinterpret_cast<char*>(input.data()), static_cast<std::streamsize>(input.size()));
      stream.next_in = input.data();
      stream.avail_in = static_cast<uInt>(file.gcount());
      consumed += stream.avail_in;
      endOfFile = stream.avail_in == 0;
    }
    const std::uint64_t step = std::min<std::uint64_t>(std::uint64_t(1) << 20, room - produced);
    if (step == 0) return produced; // the caller tells what a full buffer means
    stream.next_out = output ? output + produced : scratch.data();
    stream.avail_out = static_cast<uInt>(step);
    status = inflate(&stream, Z_NO_FLUSH);
    produced += step - stream.avail_out;
    if (status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR)
      throw DicomError(
          Problem(path, std::string("is damaged (zlib: ") +
                            (stream.msg ? stream.msg : "error " + std::to_string(status)) + ")"));
    // Without input, zlib can only flush what it holds; no progress means the stream is cut off.
    if (endOfFile && status == Z_BUF_ERROR)
      throw DicomError(Problem(path, "ends after " + std::to_string(consumed) +
                                         " bytes, before its deflate stream does (expected " +
                                         "a final deflate block): the file is truncated"));
  }
  return produced;
}

} // namespace

// Two passes: the first only measures, so that a bomb is refused before anything is allocated
// and the data set is then held in one allocation of its exact size.
std::string InflateDataSet(const std::string& path, std::uint64_t dataSetStart) {
  const std::uint64_t size = Inflate(path, dataSetStart, nullptr, kMaxInflatedBytes + 1);
  if (size > kMaxInflatedBytes) throw DicomError(Problem(path, TooLarge()));
  std::string inflated(size + 1, '\0'); // the byte more shows a file grown since
  const std::uint64_t again = Inflate(
      path, dataSetStart, reinterpret_cast<unsigned char*>(inflated.data()), inflated.size());
  if (again != size) throw DicomError(Problem(path, "changed while it was read"));
  inflated.resize(size);
  return inflated;
}

} // namespace cumed::io::detail
