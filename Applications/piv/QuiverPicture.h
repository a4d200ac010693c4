#pragma once
// The --png picture of a field: the pair's first frame in grey, the vectors as arrows coloured
// by velocity magnitude (blue slow, red fast) over it, image rows downwards as in the frame;
// drawn in CuMed::Rendering's offscreen window (EGL device or X11 offscreen) and written as PNG.
#include "cumed/core/Image.h"

#include <filesystem>

class vtkImageData;

namespace cumed::pivapp {

/// Draws `field` (FieldToImageData's, placed over `frame`) and writes `png`. The picture is the
/// frame's size, scaled down to at most 1600 px wide. Throws cumed::Error (RenderingError when
/// no OpenGL context can be had) naming the file.
void WriteQuiverPng(const std::filesystem::path& png, const Image& frame, vtkImageData* field);

} // namespace cumed::pivapp
