#pragma once
// Where a PIV field's vectors will lie before it is computed: the window-centre grid of the last
// pass, in pixels and in the frames' world coordinates. For adapters that must announce their
// output's geometry first (ITK's GenerateOutputInformation, VTK's RequestInformation).
#include "cumed/core/Image.h"
#include "cumed/piv/PivOptions.h"

namespace cumed::piv {

struct FieldGrid {
  int columns = 0, rows = 0;    ///< 0 when the last window does not fit the frame
  int windowSize = 0;           ///< of the last pass, px
  int step = 0;                 ///< px between window centres
  float firstX = 0, firstY = 0; ///< the first window centre, px (pixel-centre coordinates)
};

/// The grid of options' last pass over width x height frames, as ComputePiv lays it out (the
/// options are not checked here; ComputePiv checks them).
FieldGrid PlanFieldGrid(int width, int height, const PivOptions& options);

/// The grid in the frames' world coordinates: columns x rows x 1, origin at the first window
/// centre, spacing = step x the frames' spacing, the frames' direction.
ImageGeometry FieldGeometry(const FieldGrid& grid, const ImageGeometry& frames);

} // namespace cumed::piv
