#pragma once
// Frame-file inputs of cumed_fuzz_frame_file: the first byte picks the file name extension (modulo
// their count), so that one fuzzer reaches CuMed's PNG, BMP and TIFF checks (and ITK's readers
// behind them) through cumed::io::ReadFrame; the rest is the file. Shared by the harness and the
// seed writer (MakeFuzzSeeds.cxx).
#include <string>
#include <vector>

namespace cumed::fuzz {

inline const std::vector<std::string>& FrameFileExtensions() {
  static const std::vector<std::string> extensions{".png", ".bmp", ".tif"};
  return extensions;
}

} // namespace cumed::fuzz
