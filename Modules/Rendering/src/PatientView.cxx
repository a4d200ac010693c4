#include "cumed/rendering/PatientView.h"

namespace cumed::rendering {

const char* ToString(PatientView view) {
  switch (view) {
  case PatientView::LeftAnteriorOblique:
    return "left-anterior-oblique";
  case PatientView::Anterior:
    return "anterior";
  case PatientView::Posterior:
    return "posterior";
  case PatientView::Left:
    return "left";
  case PatientView::Right:
    return "right";
  case PatientView::Superior:
    return "superior";
  }
  return "unknown";
}

std::optional<PatientView> ParsePatientView(std::string_view text) {
  for (const PatientView view :
       {PatientView::LeftAnteriorOblique, PatientView::Anterior, PatientView::Posterior,
        PatientView::Left, PatientView::Right, PatientView::Superior}) {
    if (text == ToString(view)) return view;
  }
  return std::nullopt;
}

SnapshotOptions WithView(SnapshotOptions options, PatientView view) {
  const SnapshotOptions defaults;
  options.viewUp = defaults.viewUp;
  switch (view) {
  case PatientView::LeftAnteriorOblique:
    options.azimuthDegrees = defaults.azimuthDegrees;
    options.elevationDegrees = defaults.elevationDegrees;
    break;
  case PatientView::Anterior:
    options.azimuthDegrees = 0.0, options.elevationDegrees = 0.0;
    break;
  case PatientView::Posterior:
    options.azimuthDegrees = 180.0, options.elevationDegrees = 0.0;
    break;
  case PatientView::Left:
    options.azimuthDegrees = 90.0, options.elevationDegrees = 0.0;
    break;
  case PatientView::Right:
    options.azimuthDegrees = -90.0, options.elevationDegrees = 0.0;
    break;
  case PatientView::Superior:
    // Looking down from the head, anterior (LPS -y) at the top of the picture.
    options.azimuthDegrees = 0.0, options.elevationDegrees = 90.0;
    options.viewUp = {0.0, -1.0, 0.0};
    break;
  }
  return options;
}

} // namespace cumed::rendering
