#pragma once
// The arrows of a --png picture: one flat arrow per drawn vector (piv::BuildArrowGlyphs), the
// longest one a grid step long, coloured by velocity magnitude or vorticity (blue low, red high),
// in the frame's world coordinates. A field computed on the GPU gets its arrows built there and
// drawn by vtkCuMedDeviceMeshMapper straight from device memory (CUDA-OpenGL interop; the
// mapper falls back to one host copy, and says why, where the OpenGL context cannot share the
// GPU's buffers); a CPU field's arrows are a host mesh drawn by vtkPolyDataMapper.
#include "MeshLayer.h"

#include "cumed/core/Image.h"
#include "cumed/piv/PivField.h"

namespace cumed::pivapp {

enum class ArrowColour { Magnitude, Vorticity };

/// "magnitude" or "vorticity": the option value and the colour array's name.
const char* ToString(ArrowColour colour) noexcept;

struct ArrowStyle {
  ArrowColour colour = ArrowColour::Magnitude;
  double timeBetweenFrames = 1.0; ///< --dt, for the colour's physical units
  double pixelSize = 1.0;         ///< --pixel-size
};

/// Builds the arrows of `field` (drawn over a frame of `frame` geometry) on the GPU when the field
/// was computed there (field.backendUsed), else on the CPU. Throws what BuildArrowGlyphs throws.
MeshLayer MakeArrowLayer(const piv::PivField& field, const ImageGeometry& frame,
                         const ArrowStyle& style);

} // namespace cumed::pivapp
