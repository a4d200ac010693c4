#include "cumed/rendering/LayerPicture.h"

#include "cumed/core/Error.h"
#include "cumed/rendering/OffscreenRenderWindow.h"
#include "cumed/rendering/vtkCuMedDeviceMeshMapper.h"

#include <vtkActor.h>
#include <vtkCamera.h>
#include <vtkErrorCode.h>
#include <vtkImageActor.h>
#include <vtkImageData.h>
#include <vtkImageMapper3D.h>
#include <vtkNew.h>
#include <vtkPNGWriter.h>
#include <vtkPointData.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkUnsignedCharArray.h>
#include <vtkWindowToImageFilter.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace cumed::rendering {

namespace {

/// The frame as 8-bit grey, stretched between its lowest and highest value, at the field's
/// world coordinates (origin 0, the frame's spacing).
vtkSmartPointer<vtkImageData> GreyFrame(const Image& frame) {
  const ImageGeometry& g = frame.geometry();
  const std::size_t n = g.numberOfPixels();
  std::vector<double> values(n);
  auto copy = [&](auto t) {
    using T = decltype(t);
    const T* p = frame.view<T>().data;
    for (std::size_t i = 0; i < n; ++i) values[i] = double(p[i]);
  };
  switch (frame.pixelType()) {
  case PixelType::UInt8:
    copy(std::uint8_t{});
    break;
  case PixelType::Int16:
    copy(std::int16_t{});
    break;
  case PixelType::UInt16:
    copy(std::uint16_t{});
    break;
  case PixelType::Float32:
    copy(float{});
    break;
  }
  const auto [low, high] = std::minmax_element(values.begin(), values.end());
  const double scale = *high > *low ? 255.0 / (*high - *low) : 0.0;
  auto image = vtkSmartPointer<vtkImageData>::New();
  image->SetDimensions(int(g.size[0]), int(g.size[1]), 1);
  image->SetSpacing(g.spacing[0], g.spacing[1], 1.0);
  auto grey = vtkSmartPointer<vtkUnsignedCharArray>::New();
  grey->SetNumberOfTuples(vtkIdType(n));
  for (std::size_t i = 0; i < n; ++i)
    grey->SetValue(vtkIdType(i), static_cast<unsigned char>((values[i] - *low) * scale + 0.5));
  image->GetPointData()->SetScalars(grey);
  return image;
}

} // namespace

LayerDrawing WriteLayerPng(const std::filesystem::path& png, const Image& frame,
                           const MeshLayer& layer) {
  if (frame.empty() || frame.location() != MemoryLocation::Host)
    throw InvalidArgument("cannot draw '" + png.string() + "': the frame is not a host image");
  const ImageGeometry& g = frame.geometry();
  const double worldWidth = g.size[0] * g.spacing[0], worldHeight = g.size[1] * g.spacing[1];
  const double shrink = std::min(1.0, 1600.0 / double(g.size[0]));
  const int width = std::max(64, int(std::lround(g.size[0] * shrink)));
  const int height = std::max(64, int(std::lround(g.size[1] * shrink)));
  auto window = OffscreenRenderWindow::Create(width, height);

  vtkNew<vtkImageActor> background;
  background->GetMapper()->SetInputData(GreyFrame(frame));

  vtkNew<vtkRenderer> renderer;
  renderer->AddActor(background);
  renderer->AddActor(layer.actor);
  renderer->SetBackground(0, 0, 0);
  // Seen from -z with y down the screen: image rows downwards, x to the right.
  vtkCamera* camera = renderer->GetActiveCamera();
  camera->ParallelProjectionOn();
  const double cx = 0.5 * (worldWidth - g.spacing[0]), cy = 0.5 * (worldHeight - g.spacing[1]);
  camera->SetFocalPoint(cx, cy, 0);
  camera->SetPosition(cx, cy, -10.0 * std::max(worldWidth, worldHeight));
  camera->SetViewUp(0, -1, 0);
  camera->SetParallelScale(0.5 * worldHeight);
  renderer->ResetCameraClippingRange();
  vtkRenderWindow* renderWindow = window->GetRenderWindow();
  renderWindow->AddRenderer(renderer);
  renderWindow->Render();

  vtkNew<vtkWindowToImageFilter> capture;
  capture->SetInput(renderWindow);
  capture->ReadFrontBufferOff();
  vtkNew<vtkPNGWriter> writer;
  writer->SetInputConnection(capture->GetOutputPort());
  writer->SetFileName(png.c_str());
  // Write(), not Update(): vtkPNGWriter encodes in Write(); Update() runs vtkImageWriter's raw
  // writer.
  writer->Write();
  if (writer->GetErrorCode() != vtkErrorCode::NoError || !std::filesystem::exists(png))
    throw Error("cannot write '" + png.string() +
                "': " + vtkErrorCode::GetStringFromErrorCode(writer->GetErrorCode()));
  LayerDrawing drawn;
  drawn.glyphs = layer.meshBackend == Backend::CUDA ? "cuda" : "cpu";
  drawn.renderMesh = layer.deviceMapper ? layer.deviceMapper->GetLastBackend() : "host";
  if (layer.deviceMapper && drawn.renderMesh != "interop") {
    drawn.fallback = layer.deviceMapper->GetLastFallbackReason();
    drawn.hostCopies = layer.deviceMapper->GetNumberOfHostCopies();
  }
  return drawn;
}

} // namespace cumed::rendering
