#pragma once
// A picture of a 2D image with a coloured mesh over it (MeshLayer.h): the image in grey,
// stretched between its lowest and highest value, image rows downwards; drawn in the offscreen
// window (OffscreenRenderWindow.h: EGL device or X11 offscreen) and written as PNG. PIV's
// quiver and pathline pictures are such pictures (cumed/piv/PictureMeshes.h).
#include "cumed/core/Image.h"
#include "cumed/rendering/MeshLayer.h"

#include <filesystem>
#include <string>

namespace cumed::rendering {

/// How the layer of one picture was made and drawn.
struct LayerDrawing {
  std::string glyphs;     ///< where the geometry was built: "cpu" or "cuda"
  std::string renderMesh; ///< how it reached OpenGL: "interop" (from the GPU) or "host"
  std::string fallback;   ///< why a device mesh was drawn through the host ("" otherwise)
  int hostCopies = 0;     ///< device meshes copied to the host to be drawn (0 or 1)
};

/// Draws `layer` over `frame` (a 2D host image of any pixel type, at origin 0 with its spacing;
/// the layer in the same world coordinates) and writes `png`. The picture is the frame's size,
/// scaled down to at most 1600 px wide (at least 64 x 64). Throws cumed::Error (RenderingError
/// when no OpenGL context can be had) naming the file, InvalidArgument for an empty frame.
LayerDrawing WriteLayerPng(const std::filesystem::path& png, const Image& frame,
                           const MeshLayer& layer);

} // namespace cumed::rendering
