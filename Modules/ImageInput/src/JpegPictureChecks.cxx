// JPEG pictures (PictureFileChecks.h, PictureUse::Picture only). CuMed does not parse JPEG: a
// truncated one is what goes wrong in practice, and libjpeg then fills the missing rows with grey
// and ITK reads it without an error, so the start and end markers must both be there.
#include "FrameFileChecks.h"

#include "cumed/core/Error.h"

namespace cumed::io::detail {

void CheckJpegPicture(const FrameBytes& picture) {
  const unsigned char* p = picture.data;
  std::uint64_t end = picture.size;
  while (end > 0 && p[end - 1] == 0) --end; // zero padding some writers add after EOI
  if (end < 4 || p[0] != 0xff || p[1] != 0xd8)
    throw Error(picture.name + ": JPEG: no start-of-image marker (FF D8)");
  if (p[end - 2] != 0xff || p[end - 1] != 0xd9)
    throw Error(picture.name +
                ": JPEG: the file does not end with the end-of-image marker (FF D9): truncated?");
}

} // namespace cumed::io::detail
