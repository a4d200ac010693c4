// vtkCuMedDeviceMeshMapper against VTK's own mapper.
//   DeviceMeshMapper (every machine, Mesa under xvfb-run or EGL): host input draws exactly as
//     vtkPolyDataMapper; the direct path's OpenGL plumbing (VTK's buffer group, the index buffer,
//     the stand-in input, bounds, refills) with a stand-in for the CUDA fill that writes the same
//     buffers from the host, so that it is tested where there is no GPU.
//   DeviceMeshMapperCuda (GPU machine with an EGL device; skipped otherwise): the real interop
//     path: the VBO contents after a frame equal the mesh, the frame equals the host upload's,
//     and nothing of the mesh is downloaded (only the 24 bytes of its bounds).
#include "cumed/core/Backend.h"
#include "cumed/core/Device.h"
#include "cumed/core/DeviceBuffer.h"
#include "cumed/core/Mesh.h"
#include "cumed/core/Transfer.h"
#include "cumed/rendering/DeviceColourTable.h"
#include "cumed/rendering/OffscreenRenderWindow.h"
#include "cumed/rendering/PreparedSnapshot.h"
#include "cumed/rendering/SurfaceSnapshot.h"
#include "cumed/rendering/vtkCuMedDeviceMeshMapper.h"
#include "cumed/vtk/DeviceMeshData.h"
#include "cumed/vtk/vtkCuMedDeviceMesh.h"

#include <gtest/gtest.h>
#include <vtkActor.h>
#include <vtkCamera.h>
#include <vtkCellArray.h>
#include <vtkDataArray.h>
#include <vtkImageData.h>
#include <vtkInformation.h>
#include <vtkLookupTable.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>
#include <vtkOpenGLIndexBufferObject.h>
#include <vtkOpenGLVertexBufferObject.h>
#include <vtkOpenGLVertexBufferObjectGroup.h>
#include <vtkPNGReader.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkScalarsToColors.h>
#include <vtkSphereSource.h>
#include <vtkUnsignedCharArray.h>
#include <vtk_glew.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

using cumed::rendering::OffscreenRenderWindow;

namespace {

constexpr int kWidth = 320;
constexpr int kHeight = 240;

/// A triangulated sphere off the origin, with or without point normals.
vtkSmartPointer<vtkPolyData> MakeSphere(bool normals) {
  vtkNew<vtkSphereSource> sphere;
  sphere->SetCenter(3.0, -2.0, 1.0);
  sphere->SetRadius(2.0);
  sphere->SetThetaResolution(48);
  sphere->SetPhiResolution(32);
  sphere->Update();
  auto output = vtkSmartPointer<vtkPolyData>::New();
  output->DeepCopy(sphere->GetOutput());
  if (!normals) output->GetPointData()->SetNormals(nullptr);
  return output;
}

/// The same triangles as CuMed's host mesh (float points, int64 ids, float normals if any).
cumed::SurfaceMesh ToSurfaceMesh(vtkPolyData* poly) {
  cumed::SurfaceMesh mesh;
  const vtkIdType points = poly->GetNumberOfPoints();
  mesh.points.resize(3 * points);
  for (vtkIdType p = 0; p < points; ++p) {
    double x[3];
    poly->GetPoint(p, x);
    for (int c = 0; c < 3; ++c) mesh.points[3 * p + c] = static_cast<float>(x[c]);
  }
  if (vtkDataArray* normals = poly->GetPointData()->GetNormals()) {
    mesh.normals.resize(3 * points);
    for (vtkIdType p = 0; p < points; ++p) {
      for (int c = 0; c < 3; ++c)
        mesh.normals[3 * p + c] = static_cast<float>(normals->GetComponent(p, c));
    }
  }
  vtkIdType size = 0;
  const vtkIdType* ids = nullptr;
  for (poly->GetPolys()->InitTraversal(); poly->GetPolys()->GetNextCell(size, ids);) {
    EXPECT_EQ(size, 3);
    for (vtkIdType i = 0; i < size; ++i) mesh.triangles.push_back(ids[i]);
  }
  mesh.pointOffsets = {0, points};
  mesh.triangleOffsets = {0, mesh.numberOfTriangles()};
  return mesh;
}

/// Exposes the index buffer VTK draws the triangles from.
class InspectableMapper : public vtkCuMedDeviceMeshMapper {
public:
  static InspectableMapper* New();
  vtkTypeMacro(InspectableMapper, vtkCuMedDeviceMeshMapper);
  vtkOpenGLIndexBufferObject* TriangleIndices() { return this->Primitives[PrimitiveTris].IBO; }
};
vtkStandardNewMacro(InspectableMapper);

/// The direct path with the CUDA part stood in for: "device" meshes here carry counts only, and
/// the buffers are written from `host` through OpenGL.
class HostFilledMapper : public InspectableMapper {
public:
  static HostFilledMapper* New();
  vtkTypeMacro(HostFilledMapper, InspectableMapper);
  cumed::SurfaceMesh host;
  int fills = 0;
  int indexFills = 0;         ///< fills that were asked to write the index buffer
  int colourFills = 0;        ///< fills that were asked to write the colour buffer
  int availabilityChecks = 0; ///< DirectFillUnavailableReason calls (a driver query for CUDA)

protected:
  std::string DirectFillUnavailableReason(const cumed::DeviceSurfaceMesh&) override {
    ++availabilityChecks;
    return {};
  }
  void FillDirectBuffers(const cumed::DeviceSurfaceMesh&, unsigned points, unsigned normals,
                         unsigned indices, unsigned colours, int colourAttribute,
                         const cumed::rendering::DeviceColourTable& table) override {
    auto write = [](unsigned buffer, const void* data, std::size_t bytes) {
      glBindBuffer(GL_COPY_WRITE_BUFFER, buffer);
      glBufferSubData(GL_COPY_WRITE_BUFFER, 0, static_cast<GLsizeiptr>(bytes), data);
      glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
    };
    write(points, host.points.data(), host.points.size() * sizeof(float));
    if (normals) write(normals, host.normals.data(), host.normals.size() * sizeof(float));
    if (indices) {
      std::vector<std::uint32_t> ids(host.triangles.begin(), host.triangles.end());
      write(indices, ids.data(), ids.size() * sizeof(std::uint32_t));
      ++indexFills;
    }
    if (colours) {
      // The kernel's rule on the host.
      const auto& values = host.attributes.at(colourAttribute);
      const double scale = table.high > table.low ? table.bins / (table.high - table.low) : 0.0;
      std::vector<unsigned char> rgba(4 * values.size());
      for (std::size_t p = 0; p < values.size(); ++p) {
        const int entry =
            cumed::rendering::ColourTableEntry(values[p], table.low, table.high, scale, table.bins);
        std::copy_n(&table.rgba[4 * entry], 4, &rgba[4 * p]);
      }
      write(colours, rgba.data(), rgba.size());
      ++colourFills;
    }
    ++fills;
  }
  std::array<double, 6> DeviceBounds(const cumed::DeviceSurfaceMesh&) override {
    std::array<double, 6> b{1e300, -1e300, 1e300, -1e300, 1e300, -1e300};
    for (std::size_t i = 0; i < host.points.size(); ++i) {
      const int c = static_cast<int>(i % 3);
      b[2 * c] = std::min<double>(b[2 * c], host.points[i]);
      b[2 * c + 1] = std::max<double>(b[2 * c + 1], host.points[i]);
    }
    return b;
  }
};
vtkStandardNewMacro(HostFilledMapper);

/// A vtkPolyData that carries only a device mesh.
vtkSmartPointer<vtkPolyData> Carrying(std::shared_ptr<cumed::DeviceSurfaceMesh> mesh) {
  auto data = vtkSmartPointer<vtkPolyData>::New();
  cumed::SetDeviceMesh(data, std::move(mesh));
  return data;
}

/// A DeviceSurfaceMesh of counts only (no device memory), for the stand-in fill.
std::shared_ptr<cumed::DeviceSurfaceMesh> CountsOnly(const cumed::SurfaceMesh& host) {
  auto mesh = std::make_shared<cumed::DeviceSurfaceMesh>();
  mesh->numberOfPoints = host.numberOfPoints();
  mesh->numberOfTriangles = host.numberOfTriangles();
  mesh->pointOffsets = host.pointOffsets;
  mesh->triangleOffsets = host.triangleOffsets;
  return mesh;
}

/// One frame of `mapper` drawing its input: a lit, coloured actor from a fixed camera.
struct Frame {
  std::unique_ptr<OffscreenRenderWindow> window;
  vtkNew<vtkRenderer> renderer;
  vtkNew<vtkActor> actor;
  std::vector<unsigned char> rgb;

  explicit Frame(vtkMapper* mapper, int representation = VTK_SURFACE) {
    window = OffscreenRenderWindow::Create(kWidth, kHeight);
    actor->SetMapper(mapper);
    actor->GetProperty()->SetColor(0.9, 0.8, 0.6);
    actor->GetProperty()->SetSpecular(0.3);
    actor->GetProperty()->SetRepresentation(representation);
    renderer->AddActor(actor);
    renderer->SetBackground(0.1, 0.1, 0.2);
    vtkCamera* camera = renderer->GetActiveCamera();
    camera->SetFocalPoint(3.0, -2.0, 1.0);
    camera->SetPosition(9.0, -10.0, 6.0);
    camera->SetViewUp(0.0, 0.0, 1.0);
    renderer->ResetCameraClippingRange();
    window->GetRenderWindow()->AddRenderer(renderer);
    Render();
  }
  ~Frame() { window->GetRenderWindow()->RemoveRenderer(renderer); }

  void Render() {
    vtkRenderWindow* renderWindow = window->GetRenderWindow();
    renderWindow->Render();
    vtkNew<vtkUnsignedCharArray> pixels;
    renderWindow->GetPixelData(0, 0, kWidth - 1, kHeight - 1, 0, pixels, 0);
    rgb.assign(pixels->GetPointer(0), pixels->GetPointer(0) + 3 * kWidth * kHeight);
  }
};

struct PixelDifference {
  int differing = 0; ///< pixels with any channel different
  int largest = 0;   ///< largest channel difference
};
PixelDifference Compare(const std::vector<unsigned char>& a, const std::vector<unsigned char>& b) {
  PixelDifference d;
  EXPECT_EQ(a.size(), b.size());
  for (std::size_t p = 0; p + 2 < std::min(a.size(), b.size()); p += 3) {
    int worst = 0;
    for (int c = 0; c < 3; ++c) worst = std::max(worst, std::abs(int(a[p + c]) - int(b[p + c])));
    if (worst > 0) ++d.differing;
    d.largest = std::max(d.largest, worst);
  }
  return d;
}

/// Fraction of pixels unlike the bottom-left one (the background).
double CoveredFraction(const std::vector<unsigned char>& rgb) {
  int covered = 0;
  for (std::size_t p = 0; p + 2 < rgb.size(); p += 3) {
    if (rgb[p] != rgb[0] || rgb[p + 1] != rgb[1] || rgb[p + 2] != rgb[2]) ++covered;
  }
  return static_cast<double>(covered) / (kWidth * kHeight);
}

/// The contents of an OpenGL buffer (the window's context must be current).
template <class T> std::vector<T> ReadBuffer(int buffer, std::size_t count) {
  std::vector<T> values(count);
  glBindBuffer(GL_COPY_READ_BUFFER, static_cast<GLuint>(buffer));
  glGetBufferSubData(GL_COPY_READ_BUFFER, 0, static_cast<GLsizeiptr>(count * sizeof(T)),
                     values.data());
  glBindBuffer(GL_COPY_READ_BUFFER, 0);
  return values;
}

/// The buffers `mapper` drew from hold exactly `host`'s points, normals and triangles.
void ExpectBuffersHold(Frame& frame, InspectableMapper* mapper, const cumed::SurfaceMesh& host) {
  frame.window->GetRenderWindow()->MakeCurrent();
  vtkOpenGLVertexBufferObject* points = mapper->GetVBOs()->GetVBO("vertexMC");
  ASSERT_NE(points, nullptr);
  EXPECT_EQ(points->GetNumberOfTuples(), static_cast<unsigned>(host.numberOfPoints()));
  EXPECT_EQ(ReadBuffer<float>(points->GetHandle(), host.points.size()),
            std::vector<float>(host.points.begin(), host.points.end()));
  vtkOpenGLVertexBufferObject* normals = mapper->GetVBOs()->GetVBO("normalMC");
  if (host.normals.empty()) {
    EXPECT_EQ(normals, nullptr);
  } else {
    ASSERT_NE(normals, nullptr);
    EXPECT_EQ(ReadBuffer<float>(normals->GetHandle(), host.normals.size()),
              std::vector<float>(host.normals.begin(), host.normals.end()));
  }
  vtkOpenGLIndexBufferObject* indices = mapper->TriangleIndices();
  ASSERT_EQ(indices->IndexCount, host.triangles.size());
  const auto drawn = ReadBuffer<std::uint32_t>(indices->GetHandle(), host.triangles.size());
  EXPECT_TRUE(std::equal(drawn.begin(), drawn.end(), host.triangles.begin()));
}

/// The picture VTK's own mapper draws of `poly`.
std::vector<unsigned char> ReferenceFrame(vtkPolyData* poly) {
  vtkNew<vtkPolyDataMapper> reference;
  reference->SetInputData(poly);
  Frame frame(reference);
  return frame.rgb;
}

} // namespace

TEST(DeviceMeshMapper, InputPortAcceptsDeviceMeshes) {
  vtkNew<vtkCuMedDeviceMeshMapper> mapper;
  EXPECT_EQ(mapper->GetInputPortInformation(0)->Get(vtkCuMedDeviceMesh::ACCEPTS_DEVICE_MESH()), 1);
  EXPECT_STREQ(mapper->GetLastBackend(), "none");
}

TEST(DeviceMeshMapper, HostInputDrawsExactlyAsVtkPolyDataMapper) {
  auto sphere = MakeSphere(true);
  const std::vector<unsigned char> reference = ReferenceFrame(sphere); // one window at a time
  vtkNew<vtkCuMedDeviceMeshMapper> mapper;
  mapper->SetInputData(sphere);
  Frame frame(mapper);
  EXPECT_STREQ(mapper->GetLastBackend(), "host");
  EXPECT_EQ(mapper->GetLastFallbackReason(), "the input holds host arrays");
  EXPECT_EQ(mapper->GetNumberOfHostCopies(), 0);
  EXPECT_GT(CoveredFraction(frame.rgb), 0.1);
  const PixelDifference d = Compare(frame.rgb, reference);
  EXPECT_EQ(d.differing, 0) << "largest channel difference " << d.largest;
}

// The direct path's plumbing with the fill stood in for: the picture equals VTK's of the same
// mesh, for a mesh without normals (VTK shades by screen-space derivatives) and with them.
class DeviceMeshMapperDirect : public testing::TestWithParam<bool> {};

TEST_P(DeviceMeshMapperDirect, DrawsTheSamePictureAsHostUpload) {
  auto sphere = MakeSphere(GetParam());
  vtkNew<HostFilledMapper> mapper;
  mapper->host = ToSurfaceMesh(sphere);
  auto counts = CountsOnly(mapper->host);
  if (GetParam()) {
    // Normals are drawn when the device mesh has them: a buffer of their size stands for them,
    // which only a CUDA build can allocate.
    if (!cumed::CudaUsable()) GTEST_SKIP() << "a device buffer for the normals needs CUDA";
    counts->normals = cumed::DeviceBuffer(mapper->host.normals.size() * sizeof(float));
  }
  mapper->SetInputData(Carrying(counts));
  // The reference first and gone before the mapper's window opens: two live GLX windows made
  // Xvfb refuse glXMakeCurrent (BadAccess) in about one run in three.
  const std::vector<unsigned char> reference = ReferenceFrame(sphere);
  Frame frame(mapper);
  EXPECT_STREQ(mapper->GetLastBackend(), "interop");
  EXPECT_EQ(mapper->GetLastFallbackReason(), "");
  EXPECT_EQ(mapper->fills, 1);
  EXPECT_GT(CoveredFraction(frame.rgb), 0.1);
  const PixelDifference d = Compare(frame.rgb, reference);
  EXPECT_EQ(d.differing, 0) << "largest channel difference " << d.largest;
  ExpectBuffersHold(frame, mapper, mapper->host);

  // Nothing changed: no refill. The input changed: one.
  EXPECT_EQ(mapper->GetNumberOfBufferBuilds(), 1);
  frame.Render();
  EXPECT_EQ(mapper->fills, 1);
  mapper->GetInput()->Modified();
  frame.Render();
  EXPECT_EQ(mapper->fills, 2);
  EXPECT_EQ(mapper->GetNumberOfBufferBuilds(), 2);
  // Only the points moved (same mesh, same triangles): the index buffer was kept.
  EXPECT_EQ(mapper->indexFills, 1);
  EXPECT_EQ(mapper->GetNumberOfIndexFills(), 1);
  ExpectBuffersHold(frame, mapper, mapper->host);
}

TEST(DeviceMeshMapper, RewritesTheIndicesOnlyForNewTrianglesOrAModifiedMapper) {
  auto sphere = MakeSphere(false);
  vtkNew<HostFilledMapper> mapper;
  mapper->host = ToSurfaceMesh(sphere);
  mapper->SetInputData(Carrying(CountsOnly(mapper->host)));
  const std::vector<unsigned char> reference = ReferenceFrame(sphere); // before the window opens
  Frame frame(mapper);
  ASSERT_STREQ(mapper->GetLastBackend(), "interop") << mapper->GetLastFallbackReason();
  EXPECT_EQ(mapper->indexFills, 1);
  for (int f = 0; f < 3; ++f) {
    mapper->GetInput()->Modified();
    frame.Render();
  }
  EXPECT_EQ(mapper->fills, 4);
  EXPECT_EQ(mapper->indexFills, 1);

  // A new mesh object (of the same size) may hold other triangles: they are written.
  cumed::SetDeviceMesh(mapper->GetInput(), CountsOnly(mapper->host));
  frame.Render();
  EXPECT_EQ(mapper->fills, 5);
  EXPECT_EQ(mapper->indexFills, 2);
  // The documented way to say that a mesh's triangles were rewritten in place.
  mapper->Modified();
  mapper->GetInput()->Modified();
  frame.Render();
  EXPECT_EQ(mapper->indexFills, 3);
  EXPECT_EQ(mapper->GetNumberOfIndexFills(), 3);
  // Same window, device and size all along: the driver was asked once.
  EXPECT_EQ(mapper->availabilityChecks, 1);
  ExpectBuffersHold(frame, mapper, mapper->host);
  const PixelDifference d = Compare(frame.rgb, reference);
  EXPECT_EQ(d.differing, 0) << "largest channel difference " << d.largest;
}

INSTANTIATE_TEST_SUITE_P(Normals, DeviceMeshMapperDirect, testing::Values(false, true),
                         [](const auto& info) { return info.param ? "With" : "Without"; });

TEST(DeviceMeshMapper, BoundsOfADeviceMeshComeFromTheDevice) {
  auto sphere = MakeSphere(false);
  vtkNew<HostFilledMapper> mapper;
  mapper->host = ToSurfaceMesh(sphere);
  mapper->SetInputData(Carrying(CountsOnly(mapper->host)));
  double expected[6];
  sphere->GetBounds(expected);
  const double* bounds = mapper->GetBounds();
  for (int i = 0; i < 6; ++i) EXPECT_NEAR(bounds[i], expected[i], 1e-6) << i;
}

TEST(DeviceMeshMapper, SwitchesBetweenDirectAndHostInputs) {
  auto sphere = MakeSphere(false);
  vtkNew<HostFilledMapper> mapper;
  mapper->host = ToSurfaceMesh(sphere);
  mapper->SetInputData(Carrying(CountsOnly(mapper->host)));
  const auto reference = ReferenceFrame(sphere); // before the mapper's window: one at a time
  Frame frame(mapper);
  EXPECT_STREQ(mapper->GetLastBackend(), "interop");
  mapper->SetInputData(sphere);
  frame.Render();
  EXPECT_STREQ(mapper->GetLastBackend(), "host");
  EXPECT_EQ(Compare(frame.rgb, reference).differing, 0);
  mapper->SetInputData(Carrying(CountsOnly(mapper->host)));
  frame.Render();
  EXPECT_STREQ(mapper->GetLastBackend(), "interop");
  EXPECT_EQ(Compare(frame.rgb, reference).differing, 0);
}

namespace {

/// The sphere with its height (z) as the point attribute "height", and the naming that says so.
struct ColouredSphere {
  cumed::SurfaceMesh host;
  cumed::MeshNaming naming;
  vtkSmartPointer<vtkPolyData> poly = vtkSmartPointer<vtkPolyData>::New();

  ColouredSphere() {
    host = ToSurfaceMesh(MakeSphere(false));
    host.attributes.resize(1);
    for (std::int64_t p = 0; p < host.numberOfPoints(); ++p)
      host.attributes[0].push_back(host.points[3 * p + 2]);
    naming.attributeNames = {"height"};
    cumed::ToVtkPolyDataNamed(host, poly, naming);
  }
};

/// Colours by "height" over the sphere's z range (-1 .. 3), through the mapper's default table.
void ColourByHeight(vtkMapper* mapper) {
  mapper->ScalarVisibilityOn();
  mapper->SetScalarModeToUsePointFieldData();
  mapper->SelectColorArray("height");
  mapper->SetScalarRange(-0.5, 2.5); // values on both sides of the range too
}

/// The coloured sphere drawn by VTK's own mapper: what the direct path must reproduce.
std::vector<unsigned char> VtkColouredFrame(const ColouredSphere& sphere) {
  vtkNew<vtkPolyDataMapper> vtkMapper;
  vtkMapper->SetInputData(sphere.poly);
  ColourByHeight(vtkMapper);
  Frame frame(vtkMapper);
  return frame.rgb;
}

/// The colour buffer `mapper` drew from holds what its lookup table gives each of `values`.
template <class Values>
void ExpectColoursHold(Frame& frame, vtkCuMedDeviceMeshMapper* mapper, const Values& values) {
  frame.window->GetRenderWindow()->MakeCurrent();
  vtkOpenGLVertexBufferObject* colours = mapper->GetVBOs()->GetVBO("scalarColor");
  ASSERT_NE(colours, nullptr);
  EXPECT_EQ(colours->GetNumberOfComponents(), 4);
  const auto drawn = ReadBuffer<unsigned char>(colours->GetHandle(), 4 * values.size());
  vtkScalarsToColors* table = mapper->GetLookupTable();
  for (std::size_t p = 0; p < values.size(); ++p) {
    const unsigned char* expected = table->MapValue(values[p]);
    for (int c = 0; c < 4; ++c)
      ASSERT_EQ(drawn[4 * p + c], expected[c]) << "point " << p << " value " << values[p];
  }
}

} // namespace

TEST(DeviceMeshMapper, ColoursAnAttributeOnTheDirectPathAsVtkDoes) {
  const ColouredSphere sphere;
  vtkNew<HostFilledMapper> mapper;
  mapper->host = sphere.host;
  auto counts = CountsOnly(sphere.host);
  counts->attributes.resize(1); // stands for the attribute; the stand-in fill reads `host`
  auto input = vtkSmartPointer<vtkPolyData>::New();
  cumed::SetDeviceMesh(input, counts, sphere.naming);
  mapper->SetInputData(input);
  ColourByHeight(mapper);
  const std::vector<unsigned char> reference = VtkColouredFrame(sphere);
  Frame frame(mapper);
  ASSERT_STREQ(mapper->GetLastBackend(), "interop") << mapper->GetLastFallbackReason();
  EXPECT_EQ(mapper->GetNumberOfHostCopies(), 0);
  const PixelDifference d = Compare(frame.rgb, reference);
  EXPECT_EQ(d.differing, 0) << "largest channel difference " << d.largest;

  // The colour buffer holds what the table gives each point's height.
  frame.window->GetRenderWindow()->MakeCurrent();
  vtkOpenGLVertexBufferObject* colours = mapper->GetVBOs()->GetVBO("scalarColor");
  ASSERT_NE(colours, nullptr);
  EXPECT_EQ(colours->GetNumberOfComponents(), 4);
  const auto n = static_cast<std::size_t>(sphere.host.numberOfPoints());
  const auto drawn = ReadBuffer<unsigned char>(colours->GetHandle(), 4 * n);
  vtkScalarsToColors* table = mapper->GetLookupTable();
  int outside = 0;
  for (std::size_t p = 0; p < n; ++p) {
    const float h = sphere.host.attributes[0][p];
    outside += h < -0.5f || h > 2.5f;
    const unsigned char* expected = table->MapValue(h);
    for (int c = 0; c < 4; ++c)
      ASSERT_EQ(drawn[4 * p + c], expected[c]) << "point " << p << " height " << h;
  }
  EXPECT_GT(outside, 0);
}

// Colours and the index buffer together: an attribute rewritten with the points refills the
// colours in the same fill and keeps the indices; a new scalar range (the mapper modified) refills
// both.
TEST(DeviceMeshMapper, ColoursFollowTheAttributeAndTheRangeWhileTheIndicesAreKept) {
  const ColouredSphere sphere;
  vtkNew<HostFilledMapper> mapper;
  mapper->host = sphere.host;
  auto counts = CountsOnly(sphere.host);
  counts->attributes.resize(1);
  auto input = vtkSmartPointer<vtkPolyData>::New();
  cumed::SetDeviceMesh(input, counts, sphere.naming);
  mapper->SetInputData(input);
  ColourByHeight(mapper);
  Frame frame(mapper);
  ASSERT_STREQ(mapper->GetLastBackend(), "interop") << mapper->GetLastFallbackReason();
  EXPECT_EQ(mapper->colourFills, 1);
  for (int f = 1; f <= 2; ++f) {
    for (float& value : mapper->host.attributes[0]) value = 1.5f - value;
    mapper->GetInput()->Modified();
    frame.Render();
    ASSERT_STREQ(mapper->GetLastBackend(), "interop") << mapper->GetLastFallbackReason();
    ExpectColoursHold(frame, mapper, mapper->host.attributes[0]);
  }
  EXPECT_EQ(mapper->fills, 3);
  EXPECT_EQ(mapper->colourFills, 3);
  EXPECT_EQ(mapper->indexFills, 1);

  mapper->SetScalarRange(0.0, 1.0);
  frame.Render();
  EXPECT_EQ(mapper->colourFills, 4);
  EXPECT_EQ(mapper->indexFills, 2);
  ExpectColoursHold(frame, mapper, mapper->host.attributes[0]);
  ExpectBuffersHold(frame, mapper, mapper->host);

  // Colouring switched off: the fill is asked for no colours and VTK draws none.
  mapper->ScalarVisibilityOff();
  frame.Render();
  EXPECT_EQ(mapper->fills, 5);
  EXPECT_EQ(mapper->colourFills, 4);
  frame.window->GetRenderWindow()->MakeCurrent();
  EXPECT_EQ(mapper->GetVBOs()->GetVBO("scalarColor"), nullptr);
}

TEST(DeviceMeshMapper, ColoursTheDirectPathCannotDrawAreNamed) {
  const ColouredSphere sphere;
  vtkNew<HostFilledMapper> mapper;
  auto counts = CountsOnly(sphere.host);
  counts->attributes.resize(1);
  auto input = vtkSmartPointer<vtkPolyData>::New();
  cumed::SetDeviceMesh(input, counts, sphere.naming);
  mapper->SetInputData(input);
  const auto reasonFor = [&](auto configure) {
    configure();
    vtkNew<vtkRenderer> renderer;
    vtkNew<vtkActor> actor;
    actor->SetMapper(mapper);
    // The reason is decided before any drawing: a render in a window is not needed.
    return mapper->GetHostPathReason(renderer, actor);
  };
  ColourByHeight(mapper);
  EXPECT_EQ(reasonFor([] {}), "");
  EXPECT_EQ(reasonFor([&] { mapper->SelectColorArray("speed"); }),
            "scalar colouring by point array 'speed', which is not one of the mesh's 1 "
            "attributes");
  EXPECT_EQ(reasonFor([&] {
              mapper->SelectColorArray("height");
              mapper->InterpolateScalarsBeforeMappingOn();
            }),
            "InterpolateScalarsBeforeMapping (VTK colours through a texture then)");
  EXPECT_EQ(reasonFor([&] {
              mapper->InterpolateScalarsBeforeMappingOff();
              mapper->SetScalarModeToUseCellData();
            }),
            "scalar colouring by UseCellData (only a point attribute is coloured on the device)");
  EXPECT_EQ(reasonFor([&] { mapper->SetScalarModeToDefault(); }), "");
}

// ---- On the GPU: the real interop path ----

namespace {

std::shared_ptr<cumed::DeviceSurfaceMesh> Upload(const cumed::SurfaceMesh& host) {
  auto mesh = CountsOnly(host);
  mesh->device = 0;
  mesh->points = cumed::DeviceBuffer(host.points.size() * sizeof(float));
  mesh->points.upload(host.points.data(), mesh->points.size());
  mesh->triangles = cumed::DeviceBuffer(host.triangles.size() * sizeof(std::int64_t));
  mesh->triangles.upload(host.triangles.data(), mesh->triangles.size());
  if (!host.normals.empty()) {
    mesh->normals = cumed::DeviceBuffer(host.normals.size() * sizeof(float));
    mesh->normals.upload(host.normals.data(), mesh->normals.size());
  }
  return mesh;
}

// Interop needs the OpenGL context on the NVIDIA GPU (EGL device); Mesa's cannot share buffers.
#define SKIP_WITHOUT_GPU_CONTEXT(frame)                                                            \
  if ((frame).window->Describe().find("NVIDIA") == std::string::npos)                              \
  GTEST_SKIP() << "the OpenGL context is not on an NVIDIA GPU: " << (frame).window->Describe()

} // namespace

TEST(DeviceMeshMapperCuda, DrawsFromTheDeviceWithoutDownloadingTheMesh) {
  if (!cumed::CudaUsable()) GTEST_SKIP() << "no usable CUDA device: " << cumed::DescribeDevices();
  auto sphere = MakeSphere(true);
  const cumed::SurfaceMesh host = ToSurfaceMesh(sphere);
  auto input = Carrying(Upload(host));
  vtkNew<InspectableMapper> mapper;
  mapper->SetInputData(input);
  cumed::ResetTransferStats();
  Frame frame(mapper);
  const cumed::TransferStats stats = cumed::GetTransferStats();
  SKIP_WITHOUT_GPU_CONTEXT(frame);
  ASSERT_STREQ(mapper->GetLastBackend(), "interop") << mapper->GetLastFallbackReason();
  // Only the bounds (6 floats, for the camera's clipping range) come back; nothing goes up.
  EXPECT_EQ(stats.deviceToHostBytes, 6 * sizeof(float));
  EXPECT_EQ(stats.deviceToHostCopies, 1u);
  EXPECT_EQ(stats.hostToDeviceCopies, 0u);
  EXPECT_EQ(mapper->GetNumberOfHostCopies(), 0);
  ExpectBuffersHold(frame, mapper, host);

  EXPECT_GT(CoveredFraction(frame.rgb), 0.1);
  // Same buffers as VTK's upload, same shaders: the frames are expected to be identical; up to
  // 0.1% of the pixels may differ (by at most 2 levels) to allow for rasteriser order.
  const PixelDifference d = Compare(frame.rgb, ReferenceFrame(sphere));
  std::printf("interop vs host upload: %d of %d pixels differ, by at most %d\n", d.differing,
              kWidth * kHeight, d.largest);
  EXPECT_LE(d.differing, kWidth * kHeight / 1000);
  EXPECT_LE(d.largest, 2);

  // A second frame of the same mesh transfers nothing at all.
  cumed::ResetTransferStats();
  frame.Render();
  const cumed::TransferStats again = cumed::GetTransferStats();
  EXPECT_EQ(again.deviceToHostCopies + again.hostToDeviceCopies, 0u);
}

TEST(DeviceMeshMapperCuda, ColoursAnAttributeOnTheDeviceWithoutDownloadingIt) {
  if (!cumed::CudaUsable()) GTEST_SKIP() << "no usable CUDA device: " << cumed::DescribeDevices();
  const ColouredSphere sphere;
  auto mesh = Upload(sphere.host);
  mesh->attributes.emplace_back(sphere.host.attributes[0].size() * sizeof(float));
  mesh->attributes[0].upload(sphere.host.attributes[0].data(), mesh->attributes[0].size());
  auto input = vtkSmartPointer<vtkPolyData>::New();
  cumed::SetDeviceMesh(input, mesh, sphere.naming);
  vtkNew<InspectableMapper> mapper;
  mapper->SetInputData(input);
  ColourByHeight(mapper);
  const std::vector<unsigned char> reference = VtkColouredFrame(sphere);
  cumed::ResetTransferStats();
  Frame frame(mapper);
  const cumed::TransferStats stats = cumed::GetTransferStats();
  SKIP_WITHOUT_GPU_CONTEXT(frame);
  ASSERT_STREQ(mapper->GetLastBackend(), "interop") << mapper->GetLastFallbackReason();
  // Up: the sampled table only (bins + 3 RGBA entries); down: the bounds only.
  EXPECT_EQ(stats.hostToDeviceCopies, 1u);
  EXPECT_LE(stats.hostToDeviceBytes, 4u * (4096 + 3));
  EXPECT_EQ(stats.deviceToHostBytes, 6 * sizeof(float));
  EXPECT_EQ(mapper->GetNumberOfHostCopies(), 0);
  ExpectColoursHold(frame, mapper, sphere.host.attributes[0]);
  const PixelDifference d = Compare(frame.rgb, reference);
  std::printf("coloured interop vs host upload: %d of %d pixels differ, by at most %d\n",
              d.differing, kWidth * kHeight, d.largest);
  EXPECT_LE(d.differing, kWidth * kHeight / 1000);
  EXPECT_LE(d.largest, 2);
}

namespace {
std::vector<unsigned char> PngPixels(const std::string& path) {
  vtkNew<vtkPNGReader> reader;
  reader->SetFileName(path.c_str());
  reader->Update();
  vtkDataArray* scalars = reader->GetOutput()->GetPointData()->GetScalars();
  if (!scalars) return {};
  auto* bytes = static_cast<unsigned char*>(scalars->GetVoidPointer(0));
  return {bytes, bytes + scalars->GetNumberOfValues()};
}
} // namespace

// What the applications do (issue 12): the renderer warmed on a tiny device mesh before the
// surface exists, then the surface's first frame. It is drawn from the device (only the bounds
// come down, nothing goes up) and looks as a new window's picture of the same device mesh.
TEST(DeviceMeshMapperCuda, WarmedSnapshotDrawsTheFirstFrameFromTheDeviceAsAnUnwarmedOne) {
  if (!cumed::CudaUsable()) GTEST_SKIP() << "no usable CUDA device: " << cumed::DescribeDevices();
  const auto sphere = MakeSphere(true);
  const std::shared_ptr<cumed::DeviceSurfaceMesh> mesh = Upload(ToSurfaceMesh(sphere));
  cumed::rendering::SnapshotOptions options;
  options.width = kWidth;
  options.height = kHeight;
  const auto dir = std::filesystem::temp_directory_path() / "cumed_device_mesh_mapper_test";
  std::filesystem::create_directories(dir);
  const std::string unwarmedPng = (dir / "unwarmed.png").string();
  const std::string warmedPng = (dir / "warmed.png").string();
  const auto unwarmed = cumed::rendering::RenderSurfaceToPng(Carrying(mesh), unwarmedPng, options);
  if (unwarmed.meshUpload != "interop") {
    GTEST_SKIP() << "no interop here: " << unwarmed.renderPath << ": " << unwarmed.fallbackReason;
  }

  cumed::rendering::PreparedSnapshot prepared(options, true);
  EXPECT_GT(prepared.WarmupMilliseconds(), 0.0);
  EXPECT_EQ(prepared.MeshUpload(), "interop"); // the warm-up itself went through interop
  cumed::ResetTransferStats();
  const auto first = prepared.DrawFirstFrame(Carrying(mesh));
  const cumed::TransferStats stats = cumed::GetTransferStats();
  std::printf("warm-up %.2f ms; first frame %.2f ms (buffers %.2f ms)\n",
              prepared.WarmupMilliseconds(), first.totalMs, first.bufferMs);
  EXPECT_EQ(prepared.MeshUpload(), "interop");
  EXPECT_EQ(stats.deviceToHostBytes, 6 * sizeof(float));
  EXPECT_EQ(stats.hostToDeviceCopies, 0u);
  const auto written = prepared.WritePng(warmedPng);
  EXPECT_EQ(written.meshUpload, "interop");

  const PixelDifference d = Compare(PngPixels(warmedPng), PngPixels(unwarmedPng));
  std::printf("warmed vs unwarmed first frame: %d of %d pixels differ, by at most %d\n",
              d.differing, kWidth * kHeight, d.largest);
  EXPECT_LE(d.differing, kWidth * kHeight / 1000);
  EXPECT_LE(d.largest, 2);
}

// An animation's frame: new points and normals written into the same device mesh. The VBOs get
// them; the index buffer is kept (one index fill in all), and still holds the triangles.
TEST(DeviceMeshMapperCuda, MovedPointsRefillTheVertexBuffersAndKeepTheIndices) {
  if (!cumed::CudaUsable()) GTEST_SKIP() << "no usable CUDA device: " << cumed::DescribeDevices();
  auto sphere = MakeSphere(true);
  cumed::SurfaceMesh host = ToSurfaceMesh(sphere);
  const std::shared_ptr<cumed::DeviceSurfaceMesh> mesh = Upload(host);
  vtkNew<InspectableMapper> mapper;
  mapper->SetInputData(Carrying(mesh));
  Frame frame(mapper);
  SKIP_WITHOUT_GPU_CONTEXT(frame);
  ASSERT_STREQ(mapper->GetLastBackend(), "interop") << mapper->GetLastFallbackReason();
  for (int f = 1; f <= 3; ++f) {
    for (std::size_t i = 0; i < host.points.size(); ++i) host.points[i] += 0.25f * (i % 3 + 1);
    for (std::size_t i = 0; i < host.normals.size(); i += 3)
      std::swap(host.normals[i], host.normals[i + 1]);
    mesh->points.upload(host.points.data(), host.points.size() * sizeof(float));
    mesh->normals.upload(host.normals.data(), host.normals.size() * sizeof(float));
    mapper->GetInput()->Modified();
    frame.Render();
    ASSERT_STREQ(mapper->GetLastBackend(), "interop") << mapper->GetLastFallbackReason();
    ExpectBuffersHold(frame, mapper, host);
  }
  EXPECT_EQ(mapper->GetNumberOfBufferBuilds(), 4);
  EXPECT_EQ(mapper->GetNumberOfIndexFills(), 1);
  EXPECT_GT(mapper->GetLastInteropMapSeconds(), 0.0);
  EXPECT_GT(mapper->GetLastInteropUnmapSeconds(), 0.0);
}

// Colours and moved points through the real interop fill: the attribute rewritten on the device
// is coloured again in the same map and unmap, the indices are kept, and the table (unchanged)
// does not go up again, nor for a new scalar range (same colours, other bins); new colours in
// the lookup table send it up once.
TEST(DeviceMeshMapperCuda, ColoursFollowAnAttributeRewrittenOnTheDevice) {
  if (!cumed::CudaUsable()) GTEST_SKIP() << "no usable CUDA device: " << cumed::DescribeDevices();
  ColouredSphere sphere;
  auto mesh = Upload(sphere.host);
  auto& values = sphere.host.attributes[0];
  mesh->attributes.emplace_back(values.size() * sizeof(float));
  mesh->attributes[0].upload(values.data(), mesh->attributes[0].size());
  auto input = vtkSmartPointer<vtkPolyData>::New();
  cumed::SetDeviceMesh(input, mesh, sphere.naming);
  vtkNew<InspectableMapper> mapper;
  mapper->SetInputData(input);
  ColourByHeight(mapper);
  Frame frame(mapper);
  SKIP_WITHOUT_GPU_CONTEXT(frame);
  ASSERT_STREQ(mapper->GetLastBackend(), "interop") << mapper->GetLastFallbackReason();
  for (int f = 1; f <= 2; ++f) {
    for (float& value : values) value = 1.5f - value;
    mesh->attributes[0].upload(values.data(), mesh->attributes[0].size());
    cumed::ResetTransferStats();
    mapper->GetInput()->Modified();
    frame.Render();
    const cumed::TransferStats stats = cumed::GetTransferStats();
    ASSERT_STREQ(mapper->GetLastBackend(), "interop") << mapper->GetLastFallbackReason();
    EXPECT_EQ(stats.hostToDeviceCopies, 0u) << "frame " << f;
    EXPECT_EQ(stats.deviceToHostBytes, 6 * sizeof(float)) << "frame " << f;
    ExpectColoursHold(frame, mapper, values);
  }
  EXPECT_EQ(mapper->GetNumberOfBufferBuilds(), 3);
  EXPECT_EQ(mapper->GetNumberOfIndexFills(), 1);

  // A new range maps the values to other bins of the same colours: nothing goes up.
  cumed::ResetTransferStats();
  mapper->SetScalarRange(0.0, 1.0);
  frame.Render();
  EXPECT_EQ(cumed::GetTransferStats().hostToDeviceCopies, 0u);
  ExpectColoursHold(frame, mapper, values);
  ExpectBuffersHold(frame, mapper, sphere.host);
  // New colours in the table: it goes up once.
  auto* table = vtkLookupTable::SafeDownCast(mapper->GetLookupTable());
  ASSERT_NE(table, nullptr);
  table->SetHueRange(0.1, 0.9);
  table->Build();
  cumed::ResetTransferStats();
  frame.Render();
  EXPECT_EQ(cumed::GetTransferStats().hostToDeviceCopies, 1u);
  ExpectColoursHold(frame, mapper, values);
}

TEST(DeviceMeshMapperCuda, ForcedHostUploadCopiesTheMeshOnceAndDrawsTheSame) {
  if (!cumed::CudaUsable()) GTEST_SKIP() << "no usable CUDA device: " << cumed::DescribeDevices();
  auto sphere = MakeSphere(true);
  const cumed::SurfaceMesh host = ToSurfaceMesh(sphere);
  vtkNew<InspectableMapper> mapper;
  mapper->SetInputData(Carrying(Upload(host)));
  mapper->ForceHostUploadOn();
  cumed::ResetTransferStats();
  Frame frame(mapper);
  frame.Render();
  const cumed::TransferStats stats = cumed::GetTransferStats();
  SKIP_WITHOUT_GPU_CONTEXT(frame);
  EXPECT_STREQ(mapper->GetLastBackend(), "host");
  EXPECT_EQ(mapper->GetLastFallbackReason(), "host upload forced (ForceHostUpload)");
  EXPECT_EQ(mapper->GetNumberOfHostCopies(), 1);
  const std::uint64_t meshBytes = (host.points.size() + host.normals.size()) * sizeof(float) +
                                  host.triangles.size() * sizeof(std::int64_t);
  EXPECT_GE(stats.deviceToHostBytes, meshBytes);
  EXPECT_EQ(Compare(frame.rgb, ReferenceFrame(sphere)).differing, 0);
}

TEST(DeviceMeshMapperCuda, WireframeTakesTheHostPathWithItsReason) {
  if (!cumed::CudaUsable()) GTEST_SKIP() << "no usable CUDA device: " << cumed::DescribeDevices();
  auto sphere = MakeSphere(true);
  vtkNew<InspectableMapper> mapper;
  mapper->SetInputData(Carrying(Upload(ToSurfaceMesh(sphere))));
  Frame frame(mapper, VTK_WIREFRAME);
  SKIP_WITHOUT_GPU_CONTEXT(frame);
  EXPECT_STREQ(mapper->GetLastBackend(), "host");
  EXPECT_NE(mapper->GetLastFallbackReason().find("representation Wireframe"), std::string::npos)
      << mapper->GetLastFallbackReason();
  EXPECT_EQ(mapper->GetNumberOfHostCopies(), 1);
}
