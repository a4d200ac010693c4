#pragma once
// The meshes of PIV pictures, each with the per-point quantity that colours it and that
// quantity's range (drawn over a frame by CuMed::Rendering: cumed/rendering/MeshLayer.h and
// LayerPicture.h, blue low to red high):
// - the field's arrows: one flat arrow per drawn vector (BuildArrowGlyphs), the longest a grid
//   step long, coloured by velocity magnitude or vorticity;
// - pathlines as thin ribbons (BuildPathlineRibbons) coloured by speed.
// In pixels, in front of the frame (z = -1, as a camera on -z sees it). Built on the GPU when the
// field was computed (the lines traced) there, on the CPU otherwise.
#include "cumed/core/Backend.h"
#include "cumed/core/Mesh.h"
#include "cumed/piv/PathlineTracing.h"
#include "cumed/piv/PivField.h"

#include <array>
#include <memory>
#include <string>

namespace cumed::piv {

enum class ArrowColour { Magnitude, Vorticity };

/// "magnitude" or "vorticity": the colour array's name.
const char* ToString(ArrowColour colour) noexcept;

struct ArrowStyle {
  ArrowColour colour = ArrowColour::Magnitude;
  double timeBetweenFrames = 1.0; ///< for the colour's physical units (DerivedFields)
  double pixelSize = 1.0;         ///< length per px
};

/// A mesh to draw: on the host (`host`) or the device (`device` set), attributes[0] the colour.
struct ColouredMesh {
  SurfaceMesh host;
  std::shared_ptr<DeviceSurfaceMesh> device;
  std::string colourName;                      ///< the colour attribute's name
  std::array<double, 2> colourRange{0.0, 1.0}; ///< low < high, never empty
  Backend builtOn = Backend::CPU;
};

/// The arrows of `field`: magnitude coloured from its lowest to its highest value, vorticity
/// symmetric about 0, over the drawn arrows. Built on the GPU when field.backendUsed is CUDA.
/// Throws what BuildArrowGlyphs throws.
ColouredMesh BuildArrowPicture(const PivField& field, const ArrowStyle& style);

/// `width` px wide ribbons of `lines` coloured by speed (named "speed"), from the lowest to the
/// highest speed over the lines' points; built where the lines are. Throws what
/// BuildPathlineRibbons throws.
ColouredMesh BuildPathlinePicture(const PathlineSet& lines, float width);

} // namespace cumed::piv
