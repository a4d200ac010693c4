#pragma once
// The picture's keys the contouring programs' summaries share: how its mesh reached OpenGL, the
// copies while drawing, the renderer's warm-up before the contour and the surface's first frame
// after it (PreparedSnapshot).
#include "cumed/app/Json.h"
#include "cumed/core/Transfer.h"

#include <string>

namespace cumed::app {

struct PictureSummary {
  /// How the picture's mesh reached OpenGL: "interop" (drawn from the GPU's copy, no host copy),
  /// "host", or "none" without a picture; and why not "interop".
  std::string mesh = "none";
  std::string fallback;
  /// Host<->device copies while rendering (interop: only the bounds, 6 floats, come down).
  TransferStats transfers;
  /// The picture's window opened and warmed on a tiny surface before the contour (-1: no
  /// picture), and the time from the contour's end to the surface's first frame drawn (up to the
  /// GPU's completion; -1: no picture, or nothing to draw).
  double warmupMs = -1.0;
  double firstFrameMs = -1.0;
};

/// " render_mesh=M render_copies_up=U render_copies_down=D render_bytes_down=B", then
/// " warmup_ms=W first_frame_ms=F" (one decimal; left out when no picture was prepared,
/// first_frame_ms=none when nothing was drawn) and for a host mesh render_fallback="REASON".
std::string PictureText(const PictureSummary& picture);

/// Adds "render_mesh", "render_fallback", "render_transfers", "warmup_ms" and "first_frame_ms":
/// numbers, or null where PictureText leaves them out or says none.
void AddPictureJson(JsonObject& json, const PictureSummary& picture);

} // namespace cumed::app
