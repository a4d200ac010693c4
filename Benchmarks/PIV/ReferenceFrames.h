#pragma once
// The frames and the OpenPIV result files of ../shared/data/piv for cumed-piv-reference: 8-bit
// frames read through ITK's BMP and TIFF readers (colour palettes as luminance), and OpenPIV's
// .txt fields (x y u v ..., y up) turned into image coordinates (y down).
#include "cumed/core/Image.h"

#include <string>
#include <vector>

namespace cumed::piv::reference {

/// An 8-bit frame; throws cumed::Error naming the file when it cannot be read.
Image ReadFrame8(const std::string& file);

struct ReferenceVector {
  double x, y, u, v; ///< image coordinates (px, y down), displacement in image axes
  int flag;          ///< OpenPIV's flag or mask column: 0 = valid
};

/// OpenPIV's text field of a frame `height` px high: y_image = height - y, v_image = -v.
/// Throws cumed::Error naming the file when it cannot be read or holds no vector.
std::vector<ReferenceVector> ReadOpenPivText(const std::string& file, int height);

} // namespace cumed::piv::reference
