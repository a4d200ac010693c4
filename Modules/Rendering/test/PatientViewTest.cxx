// PatientView: the names, and the camera of each view (the rest of the options kept).
#include "cumed/rendering/PatientView.h"

#include <gtest/gtest.h>

#include <array>

namespace cumed::rendering {
namespace {

TEST(PatientView, NamesRoundTrip) {
  for (const PatientView view :
       {PatientView::LeftAnteriorOblique, PatientView::Anterior, PatientView::Posterior,
        PatientView::Left, PatientView::Right, PatientView::Superior}) {
    EXPECT_EQ(ParsePatientView(ToString(view)), view) << ToString(view);
  }
  EXPECT_STREQ(ToString(PatientView::Superior), "superior");
  EXPECT_FALSE(ParsePatientView("Anterior"));
  EXPECT_FALSE(ParsePatientView(""));
}

TEST(PatientView, EachViewSetsTheCameraOnly) {
  SnapshotOptions options;
  options.width = 320;
  options.azimuthDegrees = 12.0;
  const SnapshotOptions oblique = WithView(options, PatientView::LeftAnteriorOblique);
  EXPECT_EQ(oblique.azimuthDegrees, 30.0);
  EXPECT_EQ(oblique.elevationDegrees, 15.0);
  EXPECT_EQ(oblique.width, 320);
  const SnapshotOptions left = WithView(options, PatientView::Left);
  EXPECT_EQ(left.azimuthDegrees, 90.0);
  EXPECT_EQ(left.elevationDegrees, 0.0);
  EXPECT_EQ(WithView(options, PatientView::Right).azimuthDegrees, -90.0);
  EXPECT_EQ(WithView(options, PatientView::Posterior).azimuthDegrees, 180.0);
  EXPECT_EQ(WithView(options, PatientView::Anterior).azimuthDegrees, 0.0);
  const SnapshotOptions superior = WithView(options, PatientView::Superior);
  EXPECT_EQ(superior.elevationDegrees, 90.0);
  EXPECT_EQ(superior.viewUp, (std::array<double, 3>{0.0, -1.0, 0.0}));
  // Another view after the superior one looks up to the head again.
  EXPECT_EQ(WithView(superior, PatientView::Anterior).viewUp,
            (std::array<double, 3>{0.0, 0.0, 1.0}));
}

} // namespace
} // namespace cumed::rendering
