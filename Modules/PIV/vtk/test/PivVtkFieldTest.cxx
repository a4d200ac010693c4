// FieldToImageData: the grid of window centres in the frames' world coordinates and every array.
#include "cumed/piv/PivVtkField.h"
#include "cumed/core/Error.h"

#include <vtkDataArray.h>
#include <vtkImageData.h>
#include <vtkPointData.h>

#include <gtest/gtest.h>

#include <cmath>

namespace {

using namespace cumed::piv;

/// A 4 x 3 field, 16 px windows every 8 px, displacement u = 0.5 * column, v = -0.25 * row.
PivField LinearField() {
  PivField f;
  f.resize(4, 3);
  f.windowSize = 16;
  f.step = 8;
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 4; ++c) {
      const int i = r * 4 + c;
      f.x[i] = 7.5f + 8 * c;
      f.y[i] = 7.5f + 8 * r;
      f.u[i] = 0.5f * c;
      f.v[i] = -0.25f * r;
      f.peakToPeak[i] = 2.f + i;
    }
  f.flags[5] = MedianOutlier | Replaced;
  return f;
}

TEST(PivVtkField, GridPlacedInTheFramesWorldCoordinates) {
  cumed::ImageGeometry frames;
  frames.size = {40, 32, 1};
  frames.spacing = {0.1, 0.1, 1.0};
  frames.origin = {10, 20, 5};
  vtkSmartPointer<vtkImageData> image = FieldToImageData(LinearField(), frames, 0.5);
  int dims[3];
  image->GetDimensions(dims);
  EXPECT_EQ(dims[0], 4);
  EXPECT_EQ(dims[1], 3);
  EXPECT_EQ(dims[2], 1);
  double origin[3], spacing[3];
  image->GetOrigin(origin);
  image->GetSpacing(spacing);
  EXPECT_NEAR(origin[0], 10.75, 1e-9);
  EXPECT_NEAR(origin[1], 20.75, 1e-9);
  EXPECT_NEAR(origin[2], 5, 1e-9);
  EXPECT_NEAR(spacing[0], 0.8, 1e-9);
  EXPECT_NEAR(spacing[1], 0.8, 1e-9);

  vtkPointData* pd = image->GetPointData();
  vtkDataArray* velocity = pd->GetVectors();
  ASSERT_NE(velocity, nullptr);
  EXPECT_STREQ(velocity->GetName(), "velocity");
  // Point (2, 1): u = 1 px, v = -0.25 px per 0.5 time units at 0.1 per px.
  const vtkIdType i = 1 * 4 + 2;
  EXPECT_NEAR(velocity->GetComponent(i, 0), 0.2, 1e-6);
  EXPECT_NEAR(velocity->GetComponent(i, 1), -0.05, 1e-6);
  EXPECT_NEAR(velocity->GetComponent(i, 2), 0, 1e-9);
  EXPECT_NEAR(pd->GetScalars()->GetComponent(i, 0), std::hypot(0.2, 0.05), 1e-6);
  EXPECT_STREQ(pd->GetScalars()->GetName(), "magnitude");
  // dU/dx = 0.5 px / 8 px / 0.5 = 0.125 1/time; dV/dy = -0.0625; no rotation.
  EXPECT_NEAR(pd->GetArray("divergence")->GetComponent(i, 0), 0.125 - 0.0625, 1e-6);
  EXPECT_NEAR(pd->GetArray("vorticity")->GetComponent(i, 0), 0, 1e-6);
  EXPECT_NEAR(pd->GetArray("displacement")->GetComponent(i, 0), 1.0, 1e-6);
  EXPECT_NEAR(pd->GetArray("peak_to_peak")->GetComponent(i, 0), 8.0, 1e-6);
  EXPECT_EQ(pd->GetArray("flags")->GetComponent(5, 0), double(MedianOutlier | Replaced));
  EXPECT_NE(pd->GetArray("peak"), nullptr);
  EXPECT_NE(pd->GetArray("peak_to_mean"), nullptr);
}

TEST(PivVtkField, DirectionTurnsTheVelocity) {
  cumed::ImageGeometry frames;
  frames.size = {40, 32, 1};
  frames.direction = {0, -1, 0, 1, 0, 0, 0, 0, 1}; // x axis along world y, y axis along -x
  vtkSmartPointer<vtkImageData> image = FieldToImageData(LinearField(), frames);
  vtkDataArray* velocity = image->GetPointData()->GetVectors();
  const vtkIdType i = 1 * 4 + 2; // u = 1, v = -0.25 px
  EXPECT_NEAR(velocity->GetComponent(i, 0), 0.25, 1e-6);
  EXPECT_NEAR(velocity->GetComponent(i, 1), 1.0, 1e-6);
  double origin[3];
  image->GetOrigin(origin);
  EXPECT_NEAR(origin[0], -7.5, 1e-9);
  EXPECT_NEAR(origin[1], 7.5, 1e-9);
}

TEST(PivVtkField, NamedErrors) {
  cumed::ImageGeometry frames;
  frames.size = {40, 32, 1};
  frames.spacing = {0.1, 0.2, 1};
  try {
    FieldToImageData(LinearField(), frames);
    FAIL() << "non-square pixels accepted";
  } catch (const cumed::InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("spacing is 0.100000 x 0.200000"), std::string::npos)
        << e.what();
  }
  frames.spacing = {1, 1, 1};
  EXPECT_THROW(FieldToImageData(LinearField(), frames, 0.0), cumed::InvalidArgument);
}

} // namespace
