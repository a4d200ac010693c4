#pragma once
// Frame-file inputs of cumed_fuzz_frame_file: the first byte picks the file name extension (modulo
// their count), so that one fuzzer reaches CuMed's PNG, BMP and TIFF checks (and ITK's readers
// behind them) through cumed::io::ReadFrame; the rest is the file. Where the byte divided by the
// count is odd, the harness first gives every PNG chunk its correct CRC, so that mutations reach
// past the CRC check into the IHDR rules, the inflated scanlines and libpng. Shared by the harness
// and the seed writer (MakeFuzzSeeds.cxx).
#include <string>
#include <vector>

namespace cumed::fuzz {

inline const std::vector<std::string>& FrameFileExtensions() {
  static const std::vector<std::string> extensions{".png", ".bmp", ".tif"};
  return extensions;
}

/// Whether the selector byte asks for PNG chunk CRCs to be repaired before the file is written.
inline bool RepairsPngCrcs(unsigned char selector) {
  return (selector / FrameFileExtensions().size()) % 2 == 1;
}

} // namespace cumed::fuzz
