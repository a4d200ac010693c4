#pragma once
// CuMed's own checks of 2D picture files before ITK's readers, libpng, libtiff or libjpeg see
// them: libpng's errors abort the process under ITK's PNG reader, libjpeg fills a truncated JPEG
// with grey, and ITK 5.2 misreads some PNG, BMP and TIFF variants without an error. The file is
// read whole (a FIFO or directory is refused by stat, never opened) and its container is checked
// against its real length (FrameFiles.h lists the PNG, BMP and TIFF rules). No ITK header here.
//
// Which files are checked, by extension (any case) or, without a known extension, by the PNG
// signature or a TIFF header; other files (MetaImage, NRRD, NIfTI...) are left to ImageFiles.h:
//   .png  PNG   the same chunk, IHDR and inflate rules for both uses; the use decides alpha
//   .bmp  BMP, .tif/.tiff  TIFF   the same rules for both uses
//   .jpg/.jpeg  JPEG   PictureUse::Picture only: a regular file starting with the start-of-image
//               marker (FF D8) and ending (after any zero padding) with end-of-image (FF D9)
#include <filesystem>

namespace cumed::io {

/// What the picture is read for; only alpha and JPEG differ.
enum class PictureUse {
  /// A PIV frame (FrameFiles.h's ReadFrame): gray data, so a PNG with alpha (colour type 4 or 6,
  /// or a tRNS chunk, which ITK's PNG reader misreads) is refused; JPEG is not a frame format and
  /// is left unchecked. Messages start with "frame 'FILE'".
  Frame,
  /// A picture compared as a whole (cumed-compare's renderings): a PNG may carry alpha, and a
  /// JPEG's markers are checked. Messages start with "picture 'FILE'".
  Picture,
};

/// Checks `file` as described above. Throws cumed::InvalidArgument when it is not a regular
/// file, and cumed::Error naming the file, the field and the value for everything else.
void CheckPictureFile(const std::filesystem::path& file, PictureUse use);

} // namespace cumed::io
