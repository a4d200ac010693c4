// A coloured mesh layer (MeshLayer.h) and its picture over a grey image (LayerPicture.h): the
// layer's mapper colours the named attribute over the range, scaled to the image's spacing; the
// picture shows the image in grey and the mesh in the colour table's colour, at the image's
// size; bad ranges and frames are refused.
#include "cumed/rendering/LayerPicture.h"
#include "cumed/core/Error.h"
#include "cumed/core/Image.h"
#include "cumed/rendering/EglDeviceContext.h"
#include "cumed/rendering/MeshLayer.h"

#include <gtest/gtest.h>
#include <vtkActor.h>
#include <vtkDataArray.h>
#include <vtkImageData.h>
#include <vtkMapper.h>
#include <vtkNew.h>
#include <vtkPNGReader.h>
#include <vtkPointData.h>
#include <vtkPolyData.h>

#include <cstdlib>
#include <filesystem>
#include <string>

namespace fs = std::filesystem;
using namespace cumed;
using namespace cumed::rendering;

namespace {

/// One triangle over the middle of an 80 x 60 px frame, its attribute 2 everywhere.
SurfaceMesh Triangle() {
  SurfaceMesh mesh;
  mesh.points = {20, 15, -1, 60, 15, -1, 40, 45, -1};
  mesh.triangles = {0, 1, 2};
  mesh.attributes.push_back({2.f, 2.f, 2.f});
  return mesh;
}

ImageGeometry Grid(double sx, double sy) {
  ImageGeometry g;
  g.size = {80, 60, 1};
  g.spacing = {sx, sy, 1.0};
  return g;
}

TEST(MeshLayer, ColoursTheNamedAttributeOverTheRange) {
  const MeshLayer layer = MakeMeshLayer(Triangle(), nullptr, "speed", {0.0, 4.0}, Grid(0.5, 0.25));
  ASSERT_TRUE(layer.actor);
  EXPECT_FALSE(layer.deviceMapper);
  EXPECT_EQ(layer.meshBackend, Backend::CPU);
  const double* scale = layer.actor->GetScale();
  EXPECT_EQ(scale[0], 0.5);
  EXPECT_EQ(scale[1], 0.25);
  EXPECT_EQ(scale[2], 1.0);
  vtkMapper* mapper = layer.actor->GetMapper();
  ASSERT_TRUE(mapper);
  EXPECT_EQ(mapper->GetScalarRange()[0], 0.0);
  EXPECT_EQ(mapper->GetScalarRange()[1], 4.0);
  EXPECT_EQ(std::string(mapper->GetArrayName()), "speed");
  EXPECT_EQ(mapper->GetScalarMode(), VTK_SCALAR_MODE_USE_POINT_FIELD_DATA);
  auto* mesh = vtkPolyData::SafeDownCast(mapper->GetInputDataObject(0, 0));
  ASSERT_TRUE(mesh);
  EXPECT_EQ(mesh->GetNumberOfPoints(), 3);
  vtkDataArray* speed = mesh->GetPointData()->GetArray("speed");
  ASSERT_TRUE(speed);
  EXPECT_EQ(speed->GetTuple1(2), 2.0);
}

TEST(MeshLayer, RefusesAnEmptyRangeAndABadSpacing) {
  EXPECT_THROW(MakeMeshLayer(Triangle(), nullptr, "speed", {1.0, 1.0}, Grid(1, 1)),
               InvalidArgument);
  EXPECT_THROW(MakeMeshLayer(Triangle(), nullptr, "speed", {0.0, 1.0}, Grid(0, 1)),
               InvalidArgument);
}

TEST(LayerPicture, GreyFrameWithTheLayerInColour) {
  const char* display = std::getenv("DISPLAY");
  if (!(display && *display) && ListEglDevices().empty())
    GTEST_SKIP() << "no display and no EGL device";
  Image frame = Image::Allocate(PixelType::UInt8, Grid(1, 1), MemoryLocation::Host);
  std::uint8_t* pixels = frame.view<std::uint8_t>().data;
  for (int y = 0; y < 60; ++y)
    for (int x = 0; x < 80; ++x) pixels[y * 80 + x] = std::uint8_t(50 + 2 * x);
  const fs::path png = fs::temp_directory_path() / "cumed_layer_picture_test.png";
  fs::remove(png);
  // Attribute 2 at the top of the range 0..2: red.
  const LayerDrawing drawn =
      WriteLayerPng(png, frame, MakeMeshLayer(Triangle(), nullptr, "a", {0.0, 2.0}, Grid(1, 1)));
  EXPECT_EQ(drawn.glyphs, "cpu");
  EXPECT_EQ(drawn.renderMesh, "host");
  EXPECT_EQ(drawn.fallback, "");
  EXPECT_EQ(drawn.hostCopies, 0);

  vtkNew<vtkPNGReader> reader;
  reader->SetFileName(png.string().c_str());
  reader->Update();
  vtkImageData* image = reader->GetOutput();
  int dims[3];
  image->GetDimensions(dims);
  EXPECT_EQ(dims[0], 80);
  EXPECT_EQ(dims[1], 64) << "at least 64 px high";
  ASSERT_GE(image->GetNumberOfScalarComponents(), 3);
  int red = 0, grey = 0;
  for (int y = 0; y < dims[1]; ++y)
    for (int x = 0; x < dims[0]; ++x) {
      const auto* p = static_cast<unsigned char*>(image->GetScalarPointer(x, y, 0));
      if (p[0] > 200 && p[1] < 60 && p[2] < 60) ++red;
      if (p[0] > 40 && p[0] == p[1] && p[1] == p[2]) ++grey;
    }
  // The triangle covers 600 of the frame's 4,800 px.
  EXPECT_GT(red, 400);
  EXPECT_LT(red, 800);
  EXPECT_GT(grey, 2500) << "the frame in grey around it";

  Image empty;
  EXPECT_THROW(
      WriteLayerPng(png, empty, MakeMeshLayer(Triangle(), nullptr, "a", {0.0, 2.0}, Grid(1, 1))),
      InvalidArgument);
  fs::remove(png);
}

} // namespace
