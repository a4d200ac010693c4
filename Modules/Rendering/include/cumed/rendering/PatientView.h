#pragma once
// Camera presets named after the patient: where a snapshot of a surface in patient coordinates
// (LPS: x to the left, y posterior, z to the head) is seen from. Azimuth turns from anterior
// towards the patient's left, elevation towards the head (SnapshotOptions).
#include "cumed/rendering/SurfaceSnapshot.h"

#include <optional>
#include <string_view>

namespace cumed::rendering {

enum class PatientView {
  LeftAnteriorOblique, ///< SnapshotOptions' own default: 30 degrees to the left, 15 up
  Anterior,
  Posterior,
  Left,
  Right,
  Superior ///< looking down from the head, anterior at the top of the picture
};

/// "left-anterior-oblique", "anterior", "posterior", "left", "right", "superior".
const char* ToString(PatientView view);

/// The view named by ToString's text; nothing for any other text.
std::optional<PatientView> ParsePatientView(std::string_view text);

/// `options` with the camera (azimuth, elevation, view-up) of `view`; the rest kept.
SnapshotOptions WithView(SnapshotOptions options, PatientView view);

} // namespace cumed::rendering
