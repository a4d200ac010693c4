#pragma once
// 2D frames from image files (PIV recordings, image sequences): files, a directory or a pattern
// turned into an ordered list of frame files, and each frame read through ITK (PNG, TIFF, BMP
// and the formats of ImageFiles.h) as the grayscale pixel type it is stored in (8-bit stays
// 8-bit), with CuMed's own checks of PNG, BMP and TIFF files (and ImageFiles.h's header checks)
// before any pixel is allocated.
#include "cumed/core/Image.h"

#include <filesystem>
#include <string>
#include <vector>

namespace cumed::io {

/// The frames named by `inputs`, in order: files as given; a directory's image files (.tif,
/// .tiff, .bmp, .png, any case) sorted by name; a pattern's matches (*, ? and [...] in the file
/// name, a leading '.' matched only by a '.') sorted by name. Throws cumed::InvalidArgument naming
/// the input that is missing or gives no frame.
std::vector<std::filesystem::path> ListFrameFiles(const std::vector<std::string>& inputs);

/// A 2D grayscale frame (uint8, uint16, int16 as stored; other types as float), placed at
/// origin 0 with spacing `pixelSize` (> 0). RGB frames and paletted PNGs/BMPs become their
/// luminance (ITK's weights: the grey value itself where the channels are equal); 1/2/4-bit gray
/// PNGs and TIFFs are expanded to 0..255.
///
/// A PNG, BMP or TIFF frame (by its extension, any case, or by its first bytes) is checked by
/// CuMed before ITK, libpng or libtiff see it: the file must be a regular file (a FIFO is refused
/// by stat, never opened), is read whole and checked against its real length, and is refused
/// (cumed::Error naming the file, the field and the value) when it is truncated, inconsistent or
/// a variant that ITK 5.2 misreads:
///  - PNG: signature, IHDR first and valid, every chunk within the file with a correct CRC,
///    PLTE where needed, IDAT consecutive, IEND last with nothing after it, and the IDAT data
///    inflating to exactly the filtered scanlines (interlaced too) with filter types 0..4.
///    Refused: alpha (colour types 4 and 6) and tRNS; unknown critical chunks.
///  - BMP: the 40-byte BITMAPINFOHEADER, 8-bit paletted (every index within the palette) or
///    24-bit, uncompressed, bottom-up or top-down; palette and every padded row within the file.
///    Refused: 1/4/16/32 bits, RLE and bitfields, OS/2, V4 and V5 headers.
///  - TIFF: classic TIFF (II or MM, 42), one image directory within the file (a second page is
///    refused), gray 1/2/4-bit, 8/16-bit unsigned or signed, 32-bit float, or RGB 8/16-bit;
///    uncompressed, LZW, Deflate or PackBits strips (tiles only up to 8 bits); every strip/tile
///    within the file and, uncompressed, holding its rows. Refused: 32-bit integers, 64-bit
///    floats, alpha/extra samples, palette and white-is-zero (8 bits and more), Orientation other
///    than 1, BigTIFF.
///  - width x height against the available memory before anything is allocated or inflated.
/// Other formats get ImageFiles.h's header checks. Also throws cumed::Error naming the file when
/// it is unreadable, not 2D or has other component counts; cumed::InvalidArgument for a file that
/// is missing or not a regular file, and for a pixel size that is not a finite number > 0.
Image ReadFrame(const std::filesystem::path& file, double pixelSize = 1.0);

/// A mask frame: non-zero pixels -> 1 (uint8, spacing 1). Same errors as ReadFrame.
Image ReadMask(const std::filesystem::path& file);

} // namespace cumed::io
