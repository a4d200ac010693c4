#include "Pipeline.h"

#include "OutputDirectory.h"
#include "SegOutput.h"

#include "cumed/app/BackendOption.h"
#include "cumed/app/ElementLimits.h"
#include "cumed/app/Messages.h"
#include "cumed/app/StageProgress.h"
#include "cumed/app/TransferJson.h"
#include "cumed/core/Backend.h"
#include "cumed/core/Error.h"
#include "cumed/core/Timer.h"
#include "cumed/core/Transfer.h"
#include "cumed/ctsurface/CtSurface.h"
#include "cumed/io/DicomSeriesReader.h"
#include "cumed/io/VtkVolume.h"
#include "cumed/meshio/StlWriter.h"
#include "cumed/meshio/VtpWriter.h"
#include "cumed/morphology/StructuringElement.h"
#include "cumed/output/SafeOutput.h"
#include "cumed/rendering/BackgroundSnapshot.h"
#include "cumed/rendering/PreparedSnapshot.h"
#include "cumed/rendering/RenderingError.h"
#include "cumed/surface/SurfaceMeasures.h"
#include "cumed/vtk/DeviceMeshData.h"
#include "cumed/vtk/VtkMeshBridge.h"

#include <vtkPolyData.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>

namespace fs = std::filesystem;

namespace cumed::ctsurface {
using app::StageProgress;
namespace {

void CheckInputDirectory(const std::string& directory) {
  std::error_code error;
  if (!fs::exists(directory, error)) {
    throw cumed::Error("input directory '" + directory + "' does not exist");
  }
  if (!fs::is_directory(directory, error)) {
    throw cumed::Error("input '" + directory + "' is not a directory");
  }
}

cumed::rendering::SnapshotOptions SnapshotFor(const Arguments& arguments) {
  cumed::rendering::SnapshotOptions snapshot;
  snapshot.width = arguments.pngWidth;
  snapshot.height = arguments.pngHeight;
  return cumed::rendering::WithView(snapshot, arguments.view);
}

cumed::rendering::RenderingError WithNoPngAdvice(const cumed::rendering::RenderingError& e);

// --no-overlap: the picture's window is opened and warmed before the closing and contour (their
// copies are counted after this), so the surface's first frame after the contour skips VTK's
// first-draw set-up. On the CUDA backend the surface will be a device mesh: the warm-up draws one
// too.
std::unique_ptr<cumed::rendering::PreparedSnapshot>
PreparePicture(const Arguments& arguments, cumed::Backend backend, RunSummary& summary) {
  StageProgress preparing(kProgramName, "preparing renderer");
  try {
    auto picture = std::make_unique<cumed::rendering::PreparedSnapshot>(
        SnapshotFor(arguments), backend == cumed::Backend::CUDA);
    summary.picture.warmupMs = picture->WarmupMilliseconds();
    summary.seconds.render += preparing.Finish();
    return picture;
  } catch (const cumed::rendering::RenderingError& e) {
    throw WithNoPngAdvice(e);
  }
}

cumed::rendering::SnapshotResult
FinishBackgroundPicture(cumed::rendering::BackgroundSnapshot& picture,
                        std::chrono::steady_clock::time_point contourEnd, RunSummary& summary) {
  const cumed::rendering::BackgroundSnapshotResult drawn = picture.Finish();
  summary.seconds.render += (drawn.warmupMs + drawn.draw.totalMs + drawn.pngMs) / 1e3;
  summary.picture.warmupMs = drawn.warmupMs;
  summary.warmupDeviceMs = drawn.deviceWorkMs;
  summary.picture.firstFrameMs =
      std::chrono::duration<double, std::milli>(drawn.drawn - contourEnd).count();
  summary.picture.transfers = drawn.drawTransfers;
  return drawn.snapshot;
}

cumed::rendering::RenderingError WithNoPngAdvice(const cumed::rendering::RenderingError& e) {
  return cumed::rendering::RenderingError(std::string(e.what()) + "\n--no-png skips the picture");
}

// The overlapped picture: the renderer opens and warms on its own thread from the start.
std::unique_ptr<cumed::rendering::BackgroundSnapshot> StartPicture(const Arguments& arguments,
                                                                   cumed::Backend backend) {
  if (!arguments.writePng || !arguments.overlap) return nullptr;
  return std::make_unique<cumed::rendering::BackgroundSnapshot>(SnapshotFor(arguments),
                                                                backend == cumed::Backend::CUDA);
}

// Rethrows a failed warm-up as --no-overlap reports it before the closing: nothing is kept.
void ThrowIfWarmUpFailed(cumed::rendering::BackgroundSnapshot& picture) {
  if (!picture.WarmUpFailed()) return;
  try {
    picture.Finish();
  } catch (const cumed::rendering::RenderingError& e) {
    throw WithNoPngAdvice(e);
  }
}

} // namespace

RunSummary RunPipeline(const Arguments& arguments) {
  const cumed::Stopwatch total;
  RunSummary summary;
  summary.requestedBackend = cumed::ToString(arguments.backend);

  // Everything that can be checked before the slow stages is checked first, and nothing is
  // created before the checks pass.
  CheckInputDirectory(arguments.inputDirectory);
  const cumed::Backend backend = app::ResolveRequestedBackend(arguments.backend);
  summary.resolvedBackend = cumed::ToString(backend);
  const OutputFiles files = PlanOutputFiles(arguments);
  summary.files = {files.vtp.string(), files.stl.string(), files.png.string()};
  CheckSegFile(arguments, files);
  // A run that fails before writing removes the directory it made; files appear once complete.
  output::CreatedDirectories created;
  created.Create(files.directory);
  output::StagedFiles staged(arguments.force);
  // Declared after `staged`: its thread has ended before a failed run removes the staged files.
  const std::unique_ptr<cumed::rendering::BackgroundSnapshot> background =
      StartPicture(arguments, backend);

  StageProgress reading(kProgramName, "reading series");
  cumed::io::DicomReadOptions readOptions;
  readOptions.seriesUid = arguments.seriesUid;
  readOptions.series = arguments.dicomSeries.series;
  const cumed::io::CtSeries series =
      cumed::io::ReadDicomCtSeries(arguments.inputDirectory, readOptions);
  summary.seconds.read = reading.Finish();
  summary.series = series.info;
  const auto size = series.image->GetLargestPossibleRegion().GetSize();
  // The rule cumed-isosurface applies: one slice has no cells to contour (a flat sheet).
  cumed::io::CheckIsVolume({size[0], size[1], size[2]}, arguments.inputDirectory);
  for (int i = 0; i < 3; ++i) {
    summary.size[i] = static_cast<int>(size[i]);
    summary.spacing[i] = series.image->GetSpacing()[i];
  }

  std::unique_ptr<cumed::rendering::PreparedSnapshot> prepared;
  if (arguments.writePng && !background) prepared = PreparePicture(arguments, backend, summary);

  char request[64];
  std::snprintf(request, sizeof request, "--radius-mm %g", arguments.radiusMm);
  const std::array<int, 3> radius = app::CheckedElementRadius(
      request, [&] { return ClosingRadiusVoxels(series.image, arguments.radiusMm); },
      {std::size_t(summary.size[0]), std::size_t(summary.size[1]), std::size_t(summary.size[2])},
      arguments.allowLargeElement);
  for (int i = 0; i < 3; ++i) summary.closingRadiusVoxels[i] = static_cast<int>(radius[i]);
  // The volume goes up once; closing and contour read it on the device, and only the mesh
  // comes back (CUDA). The summary reports the copies each way: the renderer's thread has made
  // its warm-up's copies before they are counted (it makes no more until the surface's frame).
  if (background) {
    const cumed::Stopwatch waiting;
    background->WaitForDeviceWork();
    summary.seconds.renderWait += waiting.elapsedSeconds();
  }
  cumed::ResetTransferStats();
  ClosedImage::Pointer closed;
  if (IsZeroRadius(radius)) {
    closed = WithoutClosing(series.image);
    summary.closingImplementation = "skipped";
    if (arguments.radiusMm > 0.0) {
      char note[160];
      std::snprintf(note, sizeof note,
                    "--radius-mm %g is under half a voxel on every axis (spacing %gx%gx%g mm); "
                    "closing skipped",
                    arguments.radiusMm, summary.spacing[0], summary.spacing[1], summary.spacing[2]);
      app::Note(kProgramName, note);
    }
  } else {
    app::NoteElementWork(
        kProgramName, "closing", radius,
        cumed::morphology::StructuringElement::Ball(radius).chords().size(),
        {std::size_t(summary.size[0]), std::size_t(summary.size[1]), std::size_t(summary.size[2])},
        2, backend == cumed::Backend::CPU);
    StageProgress closing(kProgramName, "closing");
    const ClosingResult result =
        CloseWithBall(series.image, radius, backend, [&](double f) { closing.Report(f); });
    closed = result.image;
    summary.seconds.closing = closing.Finish();
    summary.closingImplementation = std::string("cumed-") + cumed::ToString(result.backend);
  }
  summary.isoHu = arguments.isoHu;
  summary.voxelVolumeMm3 = VoxelVolumeMm3(series.image);

  StageProgress contouring(kProgramName, "isosurface");
  // With a picture on the CUDA backend the mesh also stays on the GPU, and the picture is drawn
  // from there (vtkCuMedDeviceMeshMapper): the files still need their one download.
  ContourResult contour;
  try {
    contour = ContourClosedVolume(closed, arguments.isoHu, backend, arguments.writePng);
  } catch (const cumed::InvalidArgument& e) { // the level: name the option that set it
    char option[48];
    std::snprintf(option, sizeof option, "--iso %g HU: ", arguments.isoHu);
    throw cumed::Error(option + std::string(e.what()) + " (try a lower --iso)");
  }
  const cumed::Stopwatch sinceContour;
  const auto contourEnd = std::chrono::steady_clock::now();
  summary.voxelsAtOrAboveIso = contour.voxelsAtOrAboveIso;
  summary.transfers = cumed::GetTransferStats();
  // The files' names are staged in the order --no-overlap stages them (Commit's order).
  const std::filesystem::path stagedVtp = staged.Stage(files.vtp);
  const std::filesystem::path stagedStl = staged.Stage(files.stl);
  const std::filesystem::path stagedPng =
      arguments.writePng ? staged.Stage(files.png) : std::filesystem::path();
  // The picture's first frame right away, from the device mesh where there is one; written as
  // PNG after (--no-overlap) or while (the renderer's thread) the surface files are written. An
  // empty surface is reported there, once the files are written.
  vtkSmartPointer<vtkPolyData> picture;
  if (contour.deviceMesh) {
    picture = vtkSmartPointer<vtkPolyData>::New();
    cumed::SetDeviceMesh(picture, contour.deviceMesh);
    // A device picture shares nothing with the host surface: drawn while it is made and written.
    if (background) {
      ThrowIfWarmUpFailed(*background);
      background->Draw(picture, stagedPng.string());
    }
  }
  const auto surface = vtkSmartPointer<vtkPolyData>::New();
  cumed::ToVtkPolyData(contour.mesh, surface);
  summary.seconds.contour = contouring.Finish();
  summary.contourImplementation = contour.implementation;
  if (!picture) picture = surface;

  const cumed::TransferStats beforeRender = cumed::GetTransferStats();
  std::string renderError;
  if (background && !contour.deviceMesh) {
    // A host picture is the surface itself: VTK's drawing may fill caches in it (bounds,
    // ranges), so it is drawn before the measures and writers read it.
    ThrowIfWarmUpFailed(*background);
    background->Draw(picture, stagedPng.string());
    const cumed::Stopwatch waiting;
    background->WaitUntilDrawn();
    summary.seconds.renderWait += waiting.elapsedSeconds();
  } else if (prepared) {
    try {
      summary.seconds.render += prepared->DrawFirstFrame(picture).totalMs / 1e3;
      summary.picture.firstFrameMs = sinceContour.elapsedMilliseconds();
    } catch (const cumed::rendering::RenderingError& e) {
      renderError = e.what();
    }
  }
  if (!background) summary.picture.transfers = app::TransfersSince(beforeRender);

  summary.triangles = surface->GetNumberOfPolys();
  summary.points = surface->GetNumberOfPoints();
  summary.enclosedVolumeMm3 = cumed::surface::EnclosedVolumeMm3(surface);

  StageProgress writing(kProgramName, "writing surface");
  cumed::meshio::WriteVtp(surface, stagedVtp, arguments.compression);
  cumed::meshio::WriteStl(surface, stagedStl);
  if (!arguments.segFile.empty()) {
    // The SEG may download the closed volume: not while the frame's copies are counted.
    if (background) background->WaitUntilDrawn();
    summary.segSopInstanceUid = WriteClosingMaskSeg(*closed, arguments, series, radius);
    summary.segFile = arguments.segFile;
  }
  summary.seconds.write = writing.Finish();

  summary.renderPath = "none";
  summary.picture.mesh = "none";
  if (arguments.writePng) {
    StageProgress rendering(kProgramName, "rendering");
    try {
      if (!renderError.empty()) throw cumed::rendering::RenderingError(renderError);
      const cumed::rendering::SnapshotResult drawn =
          background ? FinishBackgroundPicture(*background, contourEnd, summary)
                     : prepared->WritePng(stagedPng.string());
      summary.renderPath = drawn.renderPath;
      summary.picture.mesh = drawn.meshUpload;
      summary.picture.fallback = drawn.fallbackReason;
    } catch (const cumed::rendering::RenderingError& e) {
      // A renderer that never opened: nothing is kept, as --no-overlap fails before the closing.
      if (background && background->WarmUpFailed()) throw WithNoPngAdvice(e);
      std::error_code ignored; // the surface is complete without its picture, if any was begun
      std::filesystem::remove(stagedPng, ignored);
      staged.Commit();
      created.Keep();
      throw cumed::rendering::RenderingError(std::string(e.what()) + "\n" + files.vtp.string() +
                                             " and " + files.stl.string() +
                                             " were written; --no-png skips the picture");
    }
    const double seconds = rendering.Finish();
    if (background) {
      summary.seconds.renderWait += seconds; // render: the thread's own times
    } else {
      summary.seconds.render += seconds;
    }
  }
  if (!background) summary.seconds.renderWait = summary.seconds.render;
  // One commit for the surface and its picture: concurrent runs into one directory never leave
  // one run's picture beside another's surface.
  staged.Commit();
  created.Keep();
  summary.seconds.total = total.elapsedSeconds();
  return summary;
}

} // namespace cumed::ctsurface
