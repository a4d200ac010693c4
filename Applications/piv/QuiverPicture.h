#pragma once
// The --png picture of a field: the pair's first frame in grey, the vectors as arrows coloured
// by velocity magnitude or vorticity (blue low, red high) over it (ArrowLayer.h: built and drawn
// from the GPU for a CUDA field), image rows downwards as in the frame; drawn in
// CuMed::Rendering's offscreen window (EGL device or X11 offscreen) and written as PNG.
#include "ArrowLayer.h"

#include "cumed/core/Image.h"
#include "cumed/piv/PivField.h"

#include <filesystem>
#include <string>

namespace cumed::pivapp {

/// How the mesh of one picture (arrows or pathline ribbons) was made and drawn.
struct QuiverDrawing {
  std::string glyphs;     ///< where the geometry was built: "cpu" or "cuda"
  std::string renderMesh; ///< how it reached OpenGL: "interop" (from the GPU) or "host"
  std::string fallback;   ///< why a device mesh was drawn through the host ("" otherwise)
  int hostCopies = 0;     ///< device meshes copied to the host to be drawn (0 or 1)
};

/// Draws `field` over `frame` and writes `png`. The picture is the frame's size, scaled down to
/// at most 1600 px wide. Throws cumed::Error (RenderingError when no OpenGL context can be had)
/// naming the file.
QuiverDrawing WriteQuiverPng(const std::filesystem::path& png, const Image& frame,
                             const piv::PivField& field, const ArrowStyle& style);

/// Draws `layer` over `frame` (the picture of WriteQuiverPng) and writes `png`; throws as it.
QuiverDrawing WriteLayerPng(const std::filesystem::path& png, const Image& frame,
                            const MeshLayer& layer);

} // namespace cumed::pivapp
