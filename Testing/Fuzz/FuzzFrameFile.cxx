// libFuzzer target: the 2D frames cumed-piv, Python and the PIV module read (cumed::io::ReadFrame):
// CuMed's own PNG, BMP and TIFF checks, then ITK's readers (libpng, libtiff) on what passes. The
// first byte picks .png, .bmp or .tif (FrameFileSelector.h), the rest is the file. Documented
// refusals (cumed::Error) are fine; a crash, an abort (libpng's errors abort under ITK), a read
// beyond a buffer or anything else is a finding.
#include "FrameFileSelector.h"
#include "FuzzSupport.h"
#include "cumed/core/Error.h"
#include "cumed/io/FrameFiles.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  cumed::fuzz::QuietLibraries();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static const cumed::fuzz::ScratchDirectory scratch("frame-file");
  scratch.Clear(); // one file at a time, whatever its extension
  const auto& extensions = cumed::fuzz::FrameFileExtensions();
  const std::string file =
      scratch.Write("frame" + extensions[data[0] % extensions.size()], data + 1, size - 1);
  try {
    const cumed::Image frame = cumed::io::ReadFrame(file);
    // Touch every byte of the pixels (ASan sees a buffer shorter than the geometry claims).
    const auto* bytes = static_cast<const unsigned char*>(frame.data());
    volatile unsigned sink = 0;
    for (std::size_t i = 0; i < frame.sizeInBytes(); ++i) sink = sink + bytes[i];
  } catch (const cumed::Error& error) {
    cumed::fuzz::NoteRefusal(error);
  }
  return 0;
}
