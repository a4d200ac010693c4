#pragma once
// One series of the batch: the CT surface job (CuMed::CtSurface, ExtractCtSurface) on the series
// `seriesUid` of `directory`, written as one result folder that appears complete or not at all.
#include "cumed/core/Backend.h"
#include "cumed/meshio/VtpWriter.h"

#include <cstdint>
#include <filesystem>
#include <string>

namespace cumed::batch {

struct SurfaceSettings {
  double isoHu = 300.0;
  double radiusMm = 2.0;
  bool allowLargeElement = false;
  cumed::Backend backend = cumed::Backend::CPU; ///< resolved (cpu or cuda)
  cumed::meshio::VtpCompression compression = cumed::meshio::VtpCompression::LZ4;
};

struct SeriesResult {
  int slices = 0;
  std::int64_t triangles = 0;
};

/// Why the batch passes over the series `seriesUid` of `directory` ("" when it processes it):
/// the reason of its cumed::io::ListDicomSeries entry (headers only) when that series is not CT,
/// is a localizer, or is derived or a secondary capture. A series the listing does not find
/// (or cannot scan) is processed, so that its failure is reported with the reader's message.
std::string SkipReason(const std::string& directory, const std::string& seriesUid);

/// Reads the series, closes it with the ball, contours it and writes `resultDirectory` (with
/// surface.vtp and surface.stl) through a private staging directory renamed into place; the
/// directory must not exist (or be empty). Throws what the reader and the stages throw
/// (DicomError naming the file and tag, cumed::Error, UsageError for a ball too large for the
/// series, itk::ExceptionObject).
SeriesResult ProcessSeries(const std::string& directory, const std::string& seriesUid,
                           const std::filesystem::path& resultDirectory,
                           const SurfaceSettings& settings);

} // namespace cumed::batch
