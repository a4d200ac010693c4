#include "SeriesJob.h"

#include "cumed/app/ElementLimits.h"
#include "cumed/ctsurface/CtSurface.h"
#include "cumed/io/DicomSeriesList.h"
#include "cumed/io/DicomSeriesReader.h"
#include "cumed/meshio/StlWriter.h"
#include "cumed/meshio/VtpWriter.h"
#include "cumed/output/SafeOutput.h"
#include "cumed/vtk/VtkMeshBridge.h"

#include <vtkNew.h>
#include <vtkPolyData.h>

#include <cstdio>

namespace fs = std::filesystem;

namespace cumed::batch {

std::string SkipReason(const std::string& directory, const std::string& seriesUid) {
  io::DicomSeriesListing listing;
  try {
    listing = io::ListDicomSeries(directory);
  } catch (const std::exception&) {
    return ""; // the read names what is wrong
  }
  for (const io::DicomSeriesEntry& entry : listing.series) {
    if (entry.id != seriesUid) continue;
    if (entry.modality == "CT" && !entry.localizer && !entry.derived) return "";
    return entry.reason.empty() ? io::DescribeSeriesEntry(entry) : entry.reason;
  }
  return "";
}

SeriesResult ProcessSeries(const std::string& directory, const std::string& seriesUid,
                           const fs::path& resultDirectory, const SurfaceSettings& settings) {
  io::DicomReadOptions options;
  options.seriesUid = seriesUid;
  const io::CtSeries series = io::ReadDicomCtSeries(directory, options);

  char request[64];
  std::snprintf(request, sizeof request, "--radius-mm %g", settings.radiusMm);
  const auto size = series.image->GetLargestPossibleRegion().GetSize();
  app::CheckedElementRadius(
      request, [&] { return ctsurface::ClosingRadiusVoxels(series.image, settings.radiusMm); },
      {size[0], size[1], size[2]}, settings.allowLargeElement);
  ctsurface::CtSurfaceOptions job;
  job.isoHu = settings.isoHu;
  job.closingRadiusMm = settings.radiusMm;
  job.backend = settings.backend;
  const ctsurface::CtSurfaceResult surface = ctsurface::ExtractCtSurface(series.image, job);
  vtkNew<vtkPolyData> polyData;
  ToVtkPolyData(surface.surface.mesh, polyData);

  output::WriteWholeDirectory(resultDirectory, [&](const fs::path& staged) {
    fs::create_directory(staged);
    meshio::WriteVtp(polyData, staged / "surface.vtp", settings.compression);
    meshio::WriteStl(polyData, staged / "surface.stl");
    return 0;
  });
  SeriesResult result;
  result.slices = static_cast<int>(series.info.files.size());
  result.triangles = polyData->GetNumberOfPolys();
  return result;
}

} // namespace cumed::batch
