#pragma once
// The picture's latency keys the contouring programs' summaries share: the renderer's warm-up
// before the contour and the surface's first frame after it (PreparedSnapshot).
#include "cumed/app/Json.h"

#include <string>

namespace cumed::app {

/// " warmup_ms=W first_frame_ms=F" (one decimal); "" when no picture was prepared (warmupMs < 0);
/// first_frame_ms=none when nothing was drawn.
std::string FirstFrameText(double warmupMs, double firstFrameMs);

/// Adds "warmup_ms" and "first_frame_ms": numbers, or null where FirstFrameText leaves them out
/// or says none.
void AddFirstFrameJson(JsonObject& json, double warmupMs, double firstFrameMs);

} // namespace cumed::app
