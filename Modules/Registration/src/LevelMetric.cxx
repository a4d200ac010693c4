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
  const auto [flo, fhi] = std::minmax_element(fixed.pixels.begin(), fixed.pixels.end());
  const auto [mlo, mhi] = std::minmax_element(moving.pixels.begin(), moving.pixels.end());
  m.fixedRange[0] = *flo;
  m.fixedRange[1] = *fhi;
  m.movingRange[0] = *mlo;
  m.movingRange[1] = *mhi;
  return m;
}

} // namespace cumed::registration::detail
