// Pathlines through analytic velocity fields on a window grid: a solid-body rotation (points
// stay on their circles, turn by the expected angle) and uniform flow (exact positions, lines
// ending at the grid's edge), time-varying fields interpolated linearly in time.
#include "cumed/piv/Pathlines.h"
#include "cumed/core/Error.h"

#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkDataArray.h>
#include <vtkFloatArray.h>
#include <vtkIdList.h>
#include <vtkImageData.h>
#include <vtkPointData.h>
#include <vtkPolyData.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>

namespace {

using namespace cumed::piv;

/// A 41 x 41 grid, spacing 2, origin (-40, -40), velocity f(x, y).
vtkSmartPointer<vtkImageData> AnalyticField(std::function<void(double, double, float*)> f) {
  auto image = vtkSmartPointer<vtkImageData>::New();
  image->SetDimensions(41, 41, 1);
  image->SetSpacing(2, 2, 1);
  image->SetOrigin(-40, -40, 0);
  auto v = vtkSmartPointer<vtkFloatArray>::New();
  v->SetName("velocity");
  v->SetNumberOfComponents(3);
  v->SetNumberOfTuples(41 * 41);
  for (int j = 0; j < 41; ++j)
    for (int i = 0; i < 41; ++i) {
      float w[3] = {0, 0, 0};
      f(-40 + 2 * i, -40 + 2 * j, w);
      v->SetTypedTuple(j * 41 + i, w);
    }
  image->GetPointData()->AddArray(v);
  return image;
}

std::vector<vtkIdType> LinePoints(vtkPolyData* lines, vtkIdType line) {
  auto ids = vtkSmartPointer<vtkIdList>::New();
  lines->GetLines()->GetCellAtId(line, ids);
  return std::vector<vtkIdType>(ids->begin(), ids->end());
}

TEST(PivPathlines, RotationKeepsPointsOnTheirCircles) {
  const double omega = 0.05; // rad per time unit
  auto rotation = AnalyticField([&](double x, double y, float* w) {
    w[0] = float(-omega * y);
    w[1] = float(omega * x);
  });
  std::vector<vtkImageData*> fields(11, rotation.GetPointer()); // 10 intervals of 2 time units
  PathlineOptions options;
  options.fieldInterval = 2.0;
  options.stepsPerInterval = 8;
  const std::vector<std::array<double, 3>> seeds{{10, 0, 0}, {0, -20, 0}, {25, 5, 0}};
  vtkSmartPointer<vtkPolyData> lines = TracePathlines(fields, seeds, options);
  ASSERT_EQ(lines->GetNumberOfLines(), 3);
  vtkDataArray* time = lines->GetPointData()->GetArray("time");
  vtkDataArray* speed = lines->GetPointData()->GetArray("speed");
  ASSERT_NE(time, nullptr);
  ASSERT_NE(speed, nullptr);
  for (vtkIdType l = 0; l < 3; ++l) {
    const std::vector<vtkIdType> ids = LinePoints(lines, l);
    ASSERT_EQ(ids.size(), 81u) << "line " << l;
    const double r0 = std::hypot(seeds[l][0], seeds[l][1]);
    for (vtkIdType id : ids) {
      double p[3];
      lines->GetPoint(id, p);
      EXPECT_NEAR(std::hypot(p[0], p[1]), r0, 1e-3 * r0) << "line " << l;
      EXPECT_NEAR(speed->GetComponent(id, 0), omega * r0, 1e-3 * omega * r0);
    }
    double end[3];
    lines->GetPoint(ids.back(), end);
    EXPECT_NEAR(time->GetComponent(ids.back(), 0), 20.0, 1e-5);
    // Turned by omega * 20 = 1 rad.
    const double turned = std::atan2(end[1], end[0]) - std::atan2(seeds[l][1], seeds[l][0]);
    EXPECT_NEAR(std::remainder(turned, 2 * M_PI), 1.0, 1e-4) << "line " << l;
  }
}

TEST(PivPathlines, RungeKutta4HoldsTheCircleFarCloserThanRk2) {
  // One step per 2 time units: w dt = 0.1 rad, where RK2's radius grows by (w dt)^4 / 8 a step
  // (2.5e-4 relative over 20 steps) and RK4's changes by (w dt)^6 / 144.
  const double omega = 0.05;
  auto rotation = AnalyticField([&](double x, double y, float* w) {
    w[0] = float(-omega * y);
    w[1] = float(omega * x);
  });
  std::vector<vtkImageData*> fields(21, rotation.GetPointer());
  PathlineOptions options;
  options.fieldInterval = 2.0;
  options.stepsPerInterval = 1;
  double drift[2] = {0, 0};
  for (PathlineScheme scheme : {PathlineScheme::Midpoint, PathlineScheme::RungeKutta4}) {
    options.scheme = scheme;
    vtkSmartPointer<vtkPolyData> lines = TracePathlines(fields, {{30, 0, 0}}, options);
    ASSERT_EQ(lines->GetNumberOfPoints(), 21);
    for (vtkIdType id = 0; id < 21; ++id) {
      double p[3];
      lines->GetPoint(id, p);
      drift[int(scheme)] = std::max(drift[int(scheme)], std::abs(std::hypot(p[0], p[1]) - 30));
    }
  }
  EXPECT_NEAR(drift[0], 30 * 20 * std::pow(0.1, 4) / 8, 2e-3);
  EXPECT_LT(drift[1], 1e-5);
}

TEST(PivPathlines, UniformFlowExactAndEndingAtTheEdge) {
  auto uniform = AnalyticField([](double, double, float* w) {
    w[0] = 3.f;
    w[1] = -1.f;
  });
  std::vector<vtkImageData*> fields(5, uniform.GetPointer());
  PathlineOptions options;
  options.stepsPerInterval = 2;
  vtkSmartPointer<vtkPolyData> lines = TracePathlines(fields, {{0, 0, 0}, {33, 0, 0}}, options);
  std::vector<vtkIdType> ids = LinePoints(lines, 0);
  ASSERT_EQ(ids.size(), 9u);
  for (std::size_t n = 0; n < ids.size(); ++n) {
    double p[3];
    lines->GetPoint(ids[n], p);
    EXPECT_NEAR(p[0], 1.5 * n, 1e-9);
    EXPECT_NEAR(p[1], -0.5 * n, 1e-9);
  }
  // From x = 33 at 1.5 per half step, x = 39 is the last point inside (x <= 40).
  ids = LinePoints(lines, 1);
  EXPECT_EQ(lines->GetCellData()->GetArray("seed")->GetComponent(1, 0), 1);
  ASSERT_EQ(ids.size(), 5u);
  double last[3];
  lines->GetPoint(ids.back(), last);
  EXPECT_NEAR(last[0], 39, 1e-9);
}

TEST(PivPathlines, LinearInTime) {
  // The flow speeds up from 0 to 2 over one interval: x(t) = t^2 (exact for RK2).
  auto still = AnalyticField([](double, double, float*) {});
  auto moving = AnalyticField([](double, double, float* w) { w[0] = 2.f; });
  vtkSmartPointer<vtkPolyData> lines =
      TracePathlines({still.GetPointer(), moving.GetPointer()}, {{0, 0, 0}});
  const std::vector<vtkIdType> ids = LinePoints(lines, 0);
  ASSERT_EQ(ids.size(), 5u);
  double end[3];
  lines->GetPoint(ids.back(), end);
  EXPECT_NEAR(end[0], 1.0, 1e-9);
}

TEST(PivPathlines, SeedsOutsideGiveNoLine) {
  auto uniform = AnalyticField([](double, double, float* w) { w[0] = 3.f; });
  // Outside; inside but leaving at once (x = 39.5 -> 41); inside.
  vtkSmartPointer<vtkPolyData> lines = TracePathlines({uniform.GetPointer(), uniform.GetPointer()},
                                                      {{0, 100, 0}, {39.5, 0, 0}, {0, 0, 0}});
  ASSERT_EQ(lines->GetNumberOfLines(), 1);
  EXPECT_EQ(lines->GetCellData()->GetArray("seed")->GetComponent(0, 0), 2);
  EXPECT_EQ(lines->GetNumberOfPoints(), 5);
  EXPECT_EQ(lines->GetPointData()->GetArray("time")->GetNumberOfTuples(), 5);
}

TEST(PivPathlines, NamedErrors) {
  auto field = AnalyticField([](double, double, float*) {});
  auto other = vtkSmartPointer<vtkImageData>::New();
  other->SetDimensions(5, 5, 1);
  try {
    TracePathlines({field.GetPointer(), other.GetPointer()}, {{0, 0, 0}});
    FAIL();
  } catch (const cumed::InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("field 1 has no 3-component point array \"velocity\""),
              std::string::npos)
        << e.what();
  }
  PathlineOptions options;
  options.stepsPerInterval = 0;
  EXPECT_THROW(TracePathlines({field.GetPointer()}, {{0, 0, 0}}, options), cumed::InvalidArgument);
  EXPECT_THROW(TracePathlines({}, {{0, 0, 0}}), cumed::InvalidArgument);
}

} // namespace
