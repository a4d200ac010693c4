#include "CompressedStreams.h"

#include <zlib.h>

#include <fstream>
#include <memory>
#include <vector>

namespace fs = std::filesystem;

namespace cumed::io::detail {
namespace {
constexpr std::size_t kChunk = 1 << 16;
}

StreamCount CountInflatedBytes(const fs::path& file, std::uint64_t offset, std::uint64_t length,
                               std::uint64_t limit) {
  StreamCount count;
  std::ifstream in(file, std::ios::binary);
  in.seekg(static_cast<std::streamoff>(offset));
  z_stream stream{};
  if (inflateInit2(&stream, 15 + 32) != Z_OK) { // 15 + 32: zlib or gzip header
    count.problem = "zlib cannot start inflating";
    return count;
  }
  std::vector<unsigned char> input(kChunk), output(kChunk);
  int status = Z_OK;
  while (status != Z_STREAM_END && count.bytes <= limit) {
    if (stream.avail_in == 0) {
      if (length == 0) break;
      const std::size_t want = static_cast<std::size_t>(std::min<std::uint64_t>(kChunk, length));
      in.read(reinterpret_cast<char*>(input.data()), static_cast<std::streamsize>(want));
      const std::size_t got = static_cast<std::size_t>(in.gcount());
      if (got == 0) break;
      length -= got;
      stream.next_in = input.data();
      stream.avail_in = static_cast<uInt>(got);
    }
    stream.next_out = output.data();
    stream.avail_out = static_cast<uInt>(output.size());
    status = inflate(&stream, Z_NO_FLUSH);
    count.bytes += output.size() - stream.avail_out;
    if (status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR) {
      count.problem = std::string("the compressed data are corrupt (zlib: ") +
                      (stream.msg ? stream.msg : "error " + std::to_string(status)) + ")";
      break;
    }
  }
  if (count.problem.empty() && status != Z_STREAM_END && count.bytes <= limit) {
    count.problem = "the compressed data end before their stream does (truncated)";
  }
  inflateEnd(&stream);
  return count;
}

StreamCount CountGzipFileBytes(const fs::path& file, std::uint64_t limit) {
  StreamCount count;
  const std::unique_ptr<gzFile_s, int (*)(gzFile)> in(gzopen(file.c_str(), "rb"), gzclose);
  if (!in) {
    count.problem = "cannot be opened";
    return count;
  }
  std::vector<char> output(kChunk);
  while (count.bytes <= limit) {
    const int got = gzread(in.get(), output.data(), static_cast<unsigned>(output.size()));
    if (got < 0) break;
    if (got == 0) break;
    count.bytes += static_cast<std::uint64_t>(got);
  }
  int code = Z_OK;
  const char* message = gzerror(in.get(), &code);
  if (code != Z_OK && code != Z_STREAM_END) {
    count.problem = std::string("the gzip data are truncated or corrupt (zlib: ") +
                    (message ? message : "error") + ")";
  }
  return count;
}

} // namespace cumed::io::detail
