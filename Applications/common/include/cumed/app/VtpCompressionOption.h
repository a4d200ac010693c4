#pragma once
// --compression C (none, lz4 or zlib) for the programs that write .vtp surfaces: one spelling,
// one parser and one message for cumed-ct-surface, cumed-isosurface and cumed-batch.
#include "cumed/app/CommandLine.h"
#include "cumed/app/UsageError.h"
#include "cumed/meshio/VtpWriter.h"

#include <string>

namespace cumed::app {

/// Declares --compression on `cli` with `help`; a value other than none, lz4 or zlib is a
/// UsageError naming it.
inline void VtpCompressionOption(CommandLine& cli, const std::string& help,
                                 cumed::meshio::VtpCompression& target) {
  cli.Words(cli.Value("--compression", "C", help,
                      [&target](const std::string& value) {
                        const auto compression = cumed::meshio::ParseVtpCompression(value);
                        if (!compression) {
                          throw UsageError("--compression: unknown compression '" + value +
                                           "' (none, lz4 or zlib)");
                        }
                        target = *compression;
                      }),
            {"none", "lz4", "zlib"});
}

} // namespace cumed::app
