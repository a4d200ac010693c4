#pragma once
// The arrows of a --png picture: one flat arrow per drawn vector (piv::BuildArrowGlyphs), the
// longest one a grid step long, coloured by velocity magnitude or vorticity (blue low, red high),
// in the frame's world coordinates. A field computed on the GPU gets its arrows built there and
// drawn by vtkCuMedDeviceMeshMapper straight from device memory (CUDA-OpenGL interop; the
// mapper falls back to one host copy, and says why, where the OpenGL context cannot share the
// GPU's buffers); a CPU field's arrows are a host mesh drawn by vtkPolyDataMapper.
#include "cumed/core/Backend.h"
#include "cumed/core/Image.h"
#include "cumed/piv/PivField.h"

#include <vtkSmartPointer.h>

#include <string>

class vtkActor;
class vtkCuMedDeviceMeshMapper;

namespace cumed::pivapp {

enum class ArrowColour { Magnitude, Vorticity };

/// "magnitude" or "vorticity": the option value and the colour array's name.
const char* ToString(ArrowColour colour) noexcept;

struct ArrowStyle {
  ArrowColour colour = ArrowColour::Magnitude;
  double timeBetweenFrames = 1.0; ///< --dt, for the colour's physical units
  double pixelSize = 1.0;         ///< --pixel-size
};

struct ArrowLayer {
  vtkSmartPointer<vtkActor> actor;
  /// The mapper of a device mesh (after a render it says how it drew: interop or host); null
  /// when the arrows are a host mesh.
  vtkSmartPointer<vtkCuMedDeviceMeshMapper> deviceMapper;
  Backend glyphBackend = Backend::CPU; ///< where the arrow geometry was built
};

/// Builds the arrows of `field` (drawn over a frame of `frame` geometry) on the GPU when the field
/// was computed there (field.backendUsed), else on the CPU. Throws what BuildArrowGlyphs throws.
ArrowLayer MakeArrowLayer(const piv::PivField& field, const ImageGeometry& frame,
                          const ArrowStyle& style);

} // namespace cumed::pivapp
