#pragma once
// The files a run reads (parameter, settings, keyframe and mesh files, image headers and data
// files), examined before anything opens them: a FIFO, a device, a socket or a directory named
// where a file is expected is refused by stat (opening a FIFO would wait forever), and a file is
// read whole only when its real length fits the limit the caller gives. Messages start with
// `name`, how the caller names the file (e.g. "mesh file in.ply:" or "--params 'p.txt':").
#include <cstdint>
#include <filesystem>
#include <string>

namespace cumed {

/// Throws cumed::InvalidArgument "NAME no such file" / "NAME is a FIFO, not a regular file"
/// (NAME usually ends with a colon)
/// (directory, character or block device, socket) when `path` (links followed) is not an
/// existing regular file. Returns its length in bytes.
std::uint64_t CheckRegularInputFile(const std::filesystem::path& path, const std::string& name);

/// The whole of the regular file `path`: CheckRegularInputFile, then opened without waiting
/// (O_NONBLOCK: a FIFO swapped in after the check is refused, not waited on) and read to its
/// length. Throws cumed::InvalidArgument naming it when it is longer than `maxBytes` (its length
/// and the limit), cannot be opened or read, or changes length while read.
std::string ReadRegularInputFile(const std::filesystem::path& path, const std::string& name,
                                 std::uint64_t maxBytes);

} // namespace cumed
