#include "cumed/app/FirstFrameSummary.h"

#include <cstdio>
#include <utility>

namespace cumed::app {

std::string FirstFrameText(double warmupMs, double firstFrameMs) {
  if (warmupMs < 0) return "";
  char text[96];
  if (firstFrameMs < 0) {
    std::snprintf(text, sizeof text, " warmup_ms=%.1f first_frame_ms=none", warmupMs);
  } else {
    std::snprintf(text, sizeof text, " warmup_ms=%.1f first_frame_ms=%.1f", warmupMs, firstFrameMs);
  }
  return text;
}

void AddFirstFrameJson(JsonObject& json, double warmupMs, double firstFrameMs) {
  for (const auto& [key, value] : {std::pair{"warmup_ms", warmupMs},
                                   std::pair{"first_frame_ms", warmupMs < 0 ? -1 : firstFrameMs}}) {
    if (value < 0) {
      json.AddNull(key);
    } else {
      json.Add(key, value);
    }
  }
}

} // namespace cumed::app
