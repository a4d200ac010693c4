#include "cumed/app/PictureSummary.h"

#include "cumed/app/TransferJson.h"

#include <cstdio>
#include <utility>

namespace cumed::app {

std::string PictureText(const PictureSummary& p) {
  std::string text = " render_mesh=" + p.mesh +
                     " render_copies_up=" + std::to_string(p.transfers.hostToDeviceCopies) +
                     " render_copies_down=" + std::to_string(p.transfers.deviceToHostCopies) +
                     " render_bytes_down=" + std::to_string(p.transfers.deviceToHostBytes);
  if (p.warmupMs >= 0) {
    char times[96];
    if (p.firstFrameMs < 0) {
      std::snprintf(times, sizeof times, " warmup_ms=%.1f first_frame_ms=none", p.warmupMs);
    } else {
      std::snprintf(times, sizeof times, " warmup_ms=%.1f first_frame_ms=%.1f", p.warmupMs,
                    p.firstFrameMs);
    }
    text += times;
  }
  if (p.mesh == "host" && !p.fallback.empty()) text += " render_fallback=\"" + p.fallback + "\"";
  return text;
}

void AddPictureJson(JsonObject& json, const PictureSummary& p) {
  json.Add("render_mesh", p.mesh)
      .Add("render_fallback", p.fallback)
      .Add("render_transfers", TransfersJson(p.transfers));
  for (const auto& [key, value] :
       {std::pair{"warmup_ms", p.warmupMs},
        std::pair{"first_frame_ms", p.warmupMs < 0 ? -1 : p.firstFrameMs}}) {
    if (value < 0) {
      json.AddNull(key);
    } else {
      json.Add(key, value);
    }
  }
}

} // namespace cumed::app
