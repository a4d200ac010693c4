#include "SeriesJob.h"

#include "ClosingStage.h"
#include "ContourStage.h"

#include "cumed/app/SafeOutput.h"
#include "cumed/io/DicomSeriesReader.h"
#include "cumed/meshio/StlWriter.h"

#include <vtkPolyData.h>

namespace fs = std::filesystem;

namespace cumed::batch {

SeriesResult ProcessSeries(const std::string& directory, const std::string& seriesUid,
                           const fs::path& resultDirectory, const SurfaceSettings& settings) {
  io::DicomReadOptions options;
  options.seriesUid = seriesUid;
  const io::CtSeries series = io::ReadDicomCtSeries(directory, options);

  const std::array<int, 3> radius =
      ctsurface::BallRadiusInVoxels(series.image, settings.radiusMm, settings.allowLargeElement);
  const ctsurface::ClosedImage::Pointer closed =
      ctsurface::IsZeroRadius(radius)
          ? ctsurface::WithoutClosing(series.image)
          : ctsurface::CloseWithBall(series.image, radius, settings.backend, [](double) {}).image;
  const ctsurface::ContourResult contour =
      ctsurface::ExtractIsosurface(closed, settings.isoHu, settings.backend);

  app::WriteWholeDirectory(resultDirectory, [&](const fs::path& staged) {
    fs::create_directory(staged);
    meshio::WriteVtp(contour.surface, staged / "surface.vtp", settings.compression);
    meshio::WriteStl(contour.surface, staged / "surface.stl");
    return 0;
  });
  SeriesResult result;
  result.slices = static_cast<int>(series.info.files.size());
  result.triangles = contour.surface->GetNumberOfPolys();
  return result;
}

} // namespace cumed::batch
