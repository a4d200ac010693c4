#include "Pipeline.h"

#include "ClosingStage.h"
#include "ContourStage.h"
#include "OutputDirectory.h"
#include "SurfaceMeasures.h"
#include "SurfaceWriters.h"

#include "cumed/app/BackendOption.h"
#include "cumed/app/StageProgress.h"
#include "cumed/core/Backend.h"
#include "cumed/core/Error.h"
#include "cumed/core/Timer.h"
#include "cumed/io/DicomSeriesReader.h"
#include "cumed/rendering/RenderingError.h"
#include "cumed/rendering/SurfaceSnapshot.h"

#include <vtkPolyData.h>

#include <cstdio>
#include <filesystem>

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
  const fs::path outputDirectory =
      PrepareOutputDirectory(arguments.outputDirectory, arguments.inputDirectory);

  StageProgress reading(kProgramName, "reading series");
  cumed::io::DicomReadOptions readOptions;
  readOptions.seriesUid = arguments.seriesUid;
  const cumed::io::CtSeries series =
      cumed::io::ReadDicomCtSeries(arguments.inputDirectory, readOptions);
  summary.seconds.read = reading.Finish();
  summary.seriesUid = series.info.seriesUid;
  const auto size = series.image->GetLargestPossibleRegion().GetSize();
  for (int i = 0; i < 3; ++i) {
    summary.size[i] = static_cast<int>(size[i]);
    summary.spacing[i] = series.image->GetSpacing()[i];
  }

  const std::array<int, 3> radius =
      BallRadiusInVoxels(series.image->GetSpacing(), arguments.radiusMm);
  for (int i = 0; i < 3; ++i) summary.closingRadiusVoxels[i] = static_cast<int>(radius[i]);
  HounsfieldImage::Pointer closed = series.image;
  if (IsZeroRadius(radius)) {
    summary.closingImplementation = "skipped";
    if (arguments.radiusMm > 0.0) {
      std::fprintf(stderr,
                   "cumed-ct-surface: note: --radius-mm %g is under half a voxel on every axis "
                   "(spacing %gx%gx%g mm); closing skipped\n",
                   arguments.radiusMm, summary.spacing[0], summary.spacing[1], summary.spacing[2]);
    }
  } else {
    StageProgress closing(kProgramName, "closing");
    const ClosingResult result =
        CloseWithBall(series.image, radius, backend, [&](double f) { closing.Report(f); });
    closed = result.image;
    summary.seconds.closing = closing.Finish();
    summary.closingImplementation = std::string("cumed-") + cumed::ToString(result.backend);
  }
  summary.isoHu = arguments.isoHu;
  summary.voxelsAtOrAboveIso = CountVoxelsAtOrAbove(closed, arguments.isoHu);
  summary.voxelVolumeMm3 = VoxelVolumeMm3(closed);
  if (summary.voxelsAtOrAboveIso == 0) {
    char message[160];
    std::snprintf(message, sizeof message,
                  "no voxel reaches --iso %g HU: the surface would be empty (try a lower --iso)",
                  arguments.isoHu);
    throw cumed::Error(message);
  }

  StageProgress contouring(kProgramName, "isosurface");
  const ContourResult contour = ExtractIsosurface(closed, arguments.isoHu, backend);
  const vtkSmartPointer<vtkPolyData>& surface = contour.surface;
  summary.seconds.contour = contouring.Finish();
  summary.contourImplementation = contour.implementation;
  summary.triangles = surface->GetNumberOfPolys();
  summary.points = surface->GetNumberOfPoints();
  summary.enclosedVolumeMm3 = EnclosedVolumeMm3(surface);

  StageProgress writing(kProgramName, "writing surface");
  WriteVtp(surface, (outputDirectory / "surface.vtp").string());
  WriteBinaryStl(surface, (outputDirectory / "surface.stl").string());
  summary.seconds.write = writing.Finish();

  summary.renderPath = "none";
  if (arguments.writePng) {
    StageProgress rendering(kProgramName, "rendering");
    cumed::rendering::SnapshotOptions snapshot;
    snapshot.width = arguments.pngWidth;
    snapshot.height = arguments.pngHeight;
    const auto png = (outputDirectory / "surface.png").string();
    try {
      summary.renderPath = cumed::rendering::RenderSurfaceToPng(surface, png, snapshot).renderPath;
    } catch (const cumed::rendering::RenderingError& e) {
      throw cumed::rendering::RenderingError(
          std::string(e.what()) + "\nsurface.vtp and surface.stl were written; --no-png skips " +
          "the picture");
    }
    summary.seconds.render = rendering.Finish();
  }
  summary.seconds.total = total.elapsedSeconds();
  return summary;
}

} // namespace cumed::ctsurface
