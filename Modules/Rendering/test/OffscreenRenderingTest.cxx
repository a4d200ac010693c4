// Renders a sphere offscreen on each path this machine has and checks the PNG that comes out.
#include "cumed/rendering/EglDeviceContext.h"
#include "cumed/rendering/OffscreenRenderWindow.h"
#include "cumed/rendering/RenderingError.h"
#include "cumed/rendering/SurfaceFrameRenderer.h"
#include "cumed/rendering/SurfaceSnapshot.h"

#include <gtest/gtest.h>
#include <vtkDataArray.h>
#include <vtkFloatArray.h>
#include <vtkFlyingEdges3D.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPNGReader.h>
#include <vtkPointData.h>
#include <vtkPolyData.h>
#include <vtkSmartPointer.h>
#include <vtkUnsignedCharArray.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using namespace cumed::rendering;

namespace {

// A sphere of radius 20 as the isosurface of the distance to the centre of a 64^3 grid.
vtkSmartPointer<vtkPolyData> MakeSphere() {
  vtkNew<vtkImageData> distance;
  distance->SetDimensions(64, 64, 64);
  distance->SetOrigin(-31.5, -31.5, -31.5);
  vtkNew<vtkFloatArray> values;
  values->SetNumberOfValues(64 * 64 * 64);
  for (vtkIdType i = 0; i < values->GetNumberOfValues(); ++i) {
    double p[3];
    distance->GetPoint(i, p);
    values->SetValue(i, static_cast<float>(std::sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2])));
  }
  distance->GetPointData()->SetScalars(values);
  vtkNew<vtkFlyingEdges3D> contour;
  contour->SetInputData(distance);
  contour->SetValue(0, 20.0);
  contour->ComputeNormalsOn();
  contour->Update();
  return contour->GetOutput();
}

fs::path OutputPath(const std::string& name) {
  const auto dir = fs::temp_directory_path() / "cumed_rendering_test";
  fs::create_directories(dir);
  return dir / name;
}

struct PngCheck {
  int width = 0;
  int height = 0;
  int components = 0;
  double fractionUnlikeCorner = 0.0; // pixels that differ from the top-left corner (background)
  bool centreUnlikeCorner = false;
  unsigned char corner[3] = {0, 0, 0};
  int distinctCentreGreys = 0; // shading: a lit sphere is not one flat colour
};

PngCheck InspectPng(const fs::path& path) {
  vtkNew<vtkPNGReader> reader;
  reader->SetFileName(path.string().c_str());
  reader->Update();
  vtkImageData* image = reader->GetOutput();
  PngCheck check;
  int dims[3];
  image->GetDimensions(dims);
  check.width = dims[0];
  check.height = dims[1];
  check.components = image->GetNumberOfScalarComponents();
  if (check.components < 3) return check;
  auto pixel = [&](int x, int y) {
    return static_cast<unsigned char*>(image->GetScalarPointer(x, y, 0));
  };
  const unsigned char* corner = pixel(0, dims[1] - 1);
  std::copy(corner, corner + 3, check.corner);
  auto differs = [&](const unsigned char* p) {
    return std::abs(p[0] - corner[0]) + std::abs(p[1] - corner[1]) + std::abs(p[2] - corner[2]) >
           12;
  };
  long unlike = 0;
  for (int y = 0; y < dims[1]; ++y)
    for (int x = 0; x < dims[0]; ++x) unlike += differs(pixel(x, y)) ? 1 : 0;
  check.fractionUnlikeCorner = static_cast<double>(unlike) / (double(dims[0]) * dims[1]);
  check.centreUnlikeCorner = differs(pixel(dims[0] / 2, dims[1] / 2));
  bool seen[256] = {};
  for (int y = dims[1] / 4; y < 3 * dims[1] / 4; ++y) {
    for (int x = dims[0] / 4; x < 3 * dims[0] / 4; ++x) {
      const unsigned char grey = pixel(x, y)[1];
      if (!seen[grey]) ++check.distinctCentreGreys;
      seen[grey] = true;
    }
  }
  return check;
}

// Renders the sphere on `path` and checks the picture; returns the path description.
std::string RenderAndCheckSphere(RenderPath path, const std::string& fileName) {
  const auto png = OutputPath(fileName);
  fs::remove(png);
  SnapshotOptions options;
  options.width = 320;
  options.height = 240;
  options.path = path;
  const auto sphere = MakeSphere();
  EXPECT_GT(sphere->GetNumberOfCells(), 1000);
  const SnapshotResult result = RenderSurfaceToPng(sphere, png.string(), options);

  EXPECT_TRUE(fs::exists(png)) << png;
  const PngCheck check = InspectPng(png);
  EXPECT_EQ(check.width, 320);
  EXPECT_EQ(check.height, 240);
  EXPECT_GE(check.components, 3);
  // The background is the colour that was asked for (GL rounds each channel to 8 bits).
  for (int c = 0; c < 3; ++c) {
    EXPECT_NEAR(check.corner[c], options.background[c] * 255.0, 2.0) << "channel " << c;
  }
  // The sphere fills the middle of the view: after ResetCamera and the zoom its disc covers
  // roughly a third of a 4:3 picture.
  EXPECT_TRUE(check.centreUnlikeCorner);
  EXPECT_GT(check.fractionUnlikeCorner, 0.15);
  EXPECT_LT(check.fractionUnlikeCorner, 0.9);
  EXPECT_GT(check.distinctCentreGreys, 20) << "the sphere looks flat: lighting or normals missing";
  std::cout << "rendered with " << result.renderPath << " -> " << png << "\n";
  return result.renderPath;
}

// The PNG's pixels, row after row (empty when it cannot be read).
std::vector<unsigned char> PngPixels(const fs::path& path) {
  vtkNew<vtkPNGReader> reader;
  reader->SetFileName(path.string().c_str());
  reader->Update();
  vtkDataArray* scalars = reader->GetOutput()->GetPointData()->GetScalars();
  if (!scalars) return {};
  auto* bytes = static_cast<unsigned char*>(scalars->GetVoidPointer(0));
  return {bytes, bytes + scalars->GetNumberOfValues()};
}

bool DisplayIsSet() {
  const char* display = std::getenv("DISPLAY");
  return display && *display;
}

// Runs a block with DISPLAY unset, restoring it afterwards.
class WithoutDisplay {
public:
  WithoutDisplay() {
    if (const char* display = std::getenv("DISPLAY")) saved_ = display;
    unsetenv("DISPLAY");
  }
  ~WithoutDisplay() {
    if (saved_) setenv("DISPLAY", saved_->c_str(), 1);
  }

private:
  std::optional<std::string> saved_;
};

} // namespace

TEST(OffscreenRendering, EglDeviceRendersSphere) {
  if (ListEglDevices().empty()) GTEST_SKIP() << "EGL lists no device on this machine";
  const std::string description = RenderAndCheckSphere(RenderPath::EglDevice, "sphere-egl.png");
  EXPECT_EQ(description.rfind("EGL device (", 0), 0u) << description;
}

TEST(OffscreenRendering, X11OffscreenRendersSphere) {
  if (!DisplayIsSet()) GTEST_SKIP() << "DISPLAY is not set (run under xvfb-run -a)";
  const std::string description = RenderAndCheckSphere(RenderPath::X11Offscreen, "sphere-x11.png");
  EXPECT_EQ(description.rfind("X11 offscreen (", 0), 0u) << description;
}

TEST(OffscreenRendering, AutoUsesX11WhenDisplayIsSet) {
  if (!DisplayIsSet()) GTEST_SKIP() << "DISPLAY is not set (run under xvfb-run -a)";
  const std::string description = RenderAndCheckSphere(RenderPath::Auto, "sphere-auto-x11.png");
  EXPECT_EQ(description.rfind("X11 offscreen (", 0), 0u) << description;
}

TEST(OffscreenRendering, HeadlessAutoUsesEglDevice) {
  WithoutDisplay headless;
  if (ListEglDevices().empty()) GTEST_SKIP() << "EGL lists no device on this machine";
  const std::string description = RenderAndCheckSphere(RenderPath::Auto, "sphere-auto-egl.png");
  EXPECT_EQ(description.rfind("EGL device (", 0), 0u) << description;
}

TEST(OffscreenRendering, X11WithoutDisplayIsAClearError) {
  WithoutDisplay headless;
  try {
    OffscreenRenderWindow::Create(64, 64, RenderPath::X11Offscreen);
    FAIL() << "expected RenderingError";
  } catch (const RenderingError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("DISPLAY is not set"), std::string::npos) << message;
    EXPECT_NE(message.find("xvfb-run"), std::string::npos) << message;
  }
}

TEST(OffscreenRendering, RejectsBadRequests) {
  EXPECT_THROW(OffscreenRenderWindow::Create(0, 64), RenderingError);
  vtkNew<vtkPolyData> empty;
  EXPECT_THROW(RenderSurfaceToPng(empty, OutputPath("empty.png").string()), RenderingError);
  EXPECT_THROW(RenderSurfaceToPng(nullptr, OutputPath("null.png").string()), RenderingError);
}

TEST(OffscreenRendering, UnwritablePngIsAClearError) {
  SnapshotOptions options;
  options.width = 64;
  options.height = 64;
  const auto missingDir = OutputPath("no-such-dir") / "sphere.png";
  fs::remove_all(missingDir.parent_path());
  try {
    RenderSurfaceToPng(MakeSphere(), missingDir.string(), options);
    FAIL() << "expected RenderingError";
  } catch (const RenderingError& e) {
    EXPECT_NE(std::string(e.what()).find(missingDir.string()), std::string::npos) << e.what();
  }
}

TEST(OffscreenRendering, ParsesRenderPathNames) {
  EXPECT_EQ(ParseRenderPath("auto"), RenderPath::Auto);
  EXPECT_EQ(ParseRenderPath("EGL"), RenderPath::EglDevice);
  EXPECT_EQ(ParseRenderPath("x11"), RenderPath::X11Offscreen);
  EXPECT_THROW(ParseRenderPath("vulkan"), cumed::InvalidArgument);
  EXPECT_STREQ(ToString(RenderPath::EglDevice), "egl");
}

// A renderer warmed on the tiny surface before the real one exists draws the real one's first
// frame exactly as a new window does: same camera (not zoomed twice), same lights, same pixels.
// Both ways of handing the surface over: SetSurface after the warm-up, and the surface given at
// construction and put back by the warm-up.
TEST(OffscreenRendering, WarmedRendererFirstFrameMatchesSnapshot) {
  if (!DisplayIsSet() && ListEglDevices().empty()) GTEST_SKIP() << "no display and no EGL device";
  SnapshotOptions options;
  options.width = 320;
  options.height = 240;
  const auto sphere = MakeSphere();
  const auto unwarmedPng = OutputPath("sphere-unwarmed.png");
  RenderSurfaceToPng(sphere, unwarmedPng.string(), options);
  const std::vector<unsigned char> unwarmed = PngPixels(unwarmedPng);
  ASSERT_EQ(unwarmed.size(), 320u * 240u * 3u);

  const auto laterPng = OutputPath("sphere-warmed-set-later.png");
  {
    SurfaceFrameRenderer renderer(nullptr, options, false);
    EXPECT_GT(renderer.PrepareFirstFrame(false), 0.0);
    renderer.SetSurface(sphere);
    const FrameDrawTimes first = renderer.Draw();
    EXPECT_GE(first.gpuWaitMs, 0.0);
    EXPECT_EQ(renderer.MeshUpload(), "host");
    renderer.WritePng(laterPng.string());
  }
  EXPECT_TRUE(PngPixels(laterPng) == unwarmed) << laterPng << " differs from " << unwarmedPng;

  const auto keptPng = OutputPath("sphere-warmed-kept.png");
  {
    SurfaceFrameRenderer renderer(sphere, options, false);
    renderer.PrepareFirstFrame(false);
    renderer.Draw();
    renderer.WritePng(keptPng.string());
  }
  EXPECT_TRUE(PngPixels(keptPng) == unwarmed) << keptPng << " differs from " << unwarmedPng;
}
