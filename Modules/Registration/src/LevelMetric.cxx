#include "src/LevelMetric.h"

#include <algorithm>

namespace cumed::registration::detail {
namespace {

MetricKind KindOf(SimilarityMetric m) {
  switch (m) {
  case SimilarityMetric::SSD:
    return MetricKind::SSD;
  case SimilarityMetric::NCC:
    return MetricKind::NCC;
  case SimilarityMetric::LocalNCC:
    return MetricKind::LocalNCC;
  case SimilarityMetric::NMI:
    return MetricKind::NMI;
  }
  return MetricKind::SSD;
}

} // namespace

MetricSettings LevelMetricSettings(const RegistrationOptions& options, const LevelImage& fixed,
                                   const LevelImage& moving) {
  MetricSettings m;
  m.kind = KindOf(options.metric);
  for (int a = 0; a < 3; ++a) {
    m.size[a] = static_cast<std::int64_t>(fixed.geometry.size[a]);
    m.localSigmaVoxels[a] = static_cast<float>(options.localNccSigma / fixed.geometry.spacing[a]);
  }
  m.histogramBins = options.histogramBins;
  m.sampling = options.sampling;
  const PixelStatistics f = Summarize(fixed.pixels), g = Summarize(moving.pixels);
  m.fixedRange[0] = f.minimum;
  m.fixedRange[1] = f.maximum;
  m.movingRange[0] = g.minimum;
  m.movingRange[1] = g.maximum;
  return m;
}

} // namespace cumed::registration::detail
