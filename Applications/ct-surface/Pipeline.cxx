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
#include "cumed/rendering/PreparedSnapshot.h"
#include "cumed/rendering/RenderingError.h"
#include "cumed/surface/SurfaceMeasures.h"
#include "cumed/vtk/DeviceMeshData.h"
#include "cumed/vtk/VtkMeshBridge.h"

#include <vtkPolyData.h>

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

// The picture's window is opened and warmed before the closing and contour (their copies are
// counted after this), so the surface's first frame after the contour skips VTK's first-draw
// set-up. On the CUDA backend the surface will be a device mesh: the warm-up draws one too.
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
    throw cumed::rendering::RenderingError(std::string(e.what()) + "\n--no-png skips the picture");
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
  if (arguments.writePng) prepared = PreparePicture(arguments, backend, summary);

  char request[64];
  std::snprintf(request, sizeof request, "--radius-mm %g", arguments.radiusMm);
  const std::array<int, 3> radius = app::CheckedElementRadius(
      request, [&] { return ClosingRadiusVoxels(series.image, arguments.radiusMm); },
      {std::size_t(summary.size[0]), std::size_t(summary.size[1]), std::size_t(summary.size[2])},
      arguments.allowLargeElement);
  for (int i = 0; i < 3; ++i) summary.closingRadiusVoxels[i] = static_cast<int>(radius[i]);
  // The volume goes up once; closing and contour read it on the device, and only the mesh
  // comes back (CUDA). The summary reports the copies each way.
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
  summary.voxelsAtOrAboveIso = contour.voxelsAtOrAboveIso;
  summary.transfers = cumed::GetTransferStats();
  const auto surface = vtkSmartPointer<vtkPolyData>::New();
  cumed::ToVtkPolyData(contour.mesh, surface);
  summary.seconds.contour = contouring.Finish();
  summary.contourImplementation = contour.implementation;

  // The picture's first frame right away, from the device mesh where there is one; written as
  // PNG after the surface files. An empty surface is reported there, once the files are written.
  vtkSmartPointer<vtkPolyData> picture = surface;
  if (contour.deviceMesh) {
    picture = vtkSmartPointer<vtkPolyData>::New();
    cumed::SetDeviceMesh(picture, contour.deviceMesh);
  }
  const cumed::TransferStats beforeRender = cumed::GetTransferStats();
  std::string renderError;
  if (prepared) {
    try {
      summary.seconds.render += prepared->DrawFirstFrame(picture).totalMs / 1e3;
      summary.picture.firstFrameMs = sinceContour.elapsedMilliseconds();
    } catch (const cumed::rendering::RenderingError& e) {
      renderError = e.what();
    }
  }
  summary.picture.transfers = app::TransfersSince(beforeRender);

  summary.triangles = surface->GetNumberOfPolys();
  summary.points = surface->GetNumberOfPoints();
  summary.enclosedVolumeMm3 = cumed::surface::EnclosedVolumeMm3(surface);

  StageProgress writing(kProgramName, "writing surface");
  cumed::meshio::WriteVtp(surface, staged.Stage(files.vtp), arguments.compression);
  cumed::meshio::WriteStl(surface, staged.Stage(files.stl));
  if (!arguments.segFile.empty()) {
    summary.segSopInstanceUid = WriteClosingMaskSeg(*closed, arguments, series, radius);
    summary.segFile = arguments.segFile;
  }
  summary.seconds.write = writing.Finish();

  summary.renderPath = "none";
  summary.picture.mesh = "none";
  if (arguments.writePng) {
    StageProgress rendering(kProgramName, "rendering");
    const std::filesystem::path stagedPng = staged.Stage(files.png);
    try {
      if (!renderError.empty()) throw cumed::rendering::RenderingError(renderError);
      const cumed::rendering::SnapshotResult drawn = prepared->WritePng(stagedPng.string());
      summary.renderPath = drawn.renderPath;
      summary.picture.mesh = drawn.meshUpload;
      summary.picture.fallback = drawn.fallbackReason;
    } catch (const cumed::rendering::RenderingError& e) {
      std::error_code ignored; // the surface is complete without its picture, if any was begun
      std::filesystem::remove(stagedPng, ignored);
      staged.Commit();
      created.Keep();
      throw cumed::rendering::RenderingError(std::string(e.what()) + "\n" + files.vtp.string() +
                                             " and " + files.stl.string() +
                                             " were written; --no-png skips the picture");
    }
    summary.seconds.render += rendering.Finish();
  }
  // One commit for the surface and its picture: concurrent runs into one directory never leave
  // one run's picture beside another's surface.
  staged.Commit();
  created.Keep();
  summary.seconds.total = total.elapsedSeconds();
  return summary;
}

} // namespace cumed::ctsurface
