#include "src/SimilarityMetricHost.h"

#include "cumed/core/Error.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>

namespace cumed::registration::detail {
namespace {

[[noreturn]] void Reject(const MetricSettings& settings, const std::string& problem) {
  throw InvalidArgument(std::string("similarity metric ") + MetricName(settings.kind) + ": " +
                        problem);
}

void RequireRange(const MetricSettings& settings, const char* which, const float range[2]) {
  if (std::isfinite(range[0]) && std::isfinite(range[1]) && range[1] > range[0]) return;
  std::ostringstream s;
  s << "the " << which << " intensity range [" << range[0] << ", " << range[1]
    << "] is empty or not finite (expected finite low < high)";
  Reject(settings, s.str());
}

} // namespace

const char* MetricName(MetricKind kind) {
  switch (kind) {
  case MetricKind::SSD:
    return "SSD";
  case MetricKind::NCC:
    return "NCC";
  case MetricKind::LocalNCC:
    return "LocalNCC";
  case MetricKind::NMI:
    return "NMI";
  }
  return "unknown";
}

void ValidateMetricSettings(const MetricSettings& settings) {
  if (settings.kind != MetricKind::SSD && settings.kind != MetricKind::NCC &&
      settings.kind != MetricKind::LocalNCC && settings.kind != MetricKind::NMI)
    throw InvalidArgument("similarity metric: unknown kind " +
                          std::to_string(static_cast<int>(settings.kind)));
  if (settings.sampling.kind != VoxelSampling::Kind::Full)
    Reject(settings, "sampling " + cumed::registration::ToString(settings.sampling) +
                         " is not available on this backend (the CUDA metrics evaluate every "
                         "voxel): use sampling full (--sampling full) or the CPU backend");
  const char* axes = "xyz";
  for (int a = 0; a < 3; ++a)
    if (settings.size[a] < 1) {
      std::ostringstream s;
      s << "image size along " << axes[a] << " is " << settings.size[a] << " (expected >= 1)";
      Reject(settings, s.str());
    }
  if (settings.kind == MetricKind::NMI) {
    if (settings.histogramBins < 4)
      Reject(settings, "histogram bins " + std::to_string(settings.histogramBins) +
                           " (expected >= 4: the cubic Parzen window spans 4 bins)");
    // Units of 2^-32 per voxel in 64-bit bins: exact up to 2^31 voxels.
    if (VoxelCount(settings) > (std::int64_t(1) << 31))
      Reject(settings, "more than 2^31 voxels (" + std::to_string(VoxelCount(settings)) + ")");
    RequireRange(settings, "fixed", settings.fixedRange);
    RequireRange(settings, "moving", settings.movingRange);
  }
  if (settings.kind == MetricKind::LocalNCC)
    for (int a = 0; a < 3; ++a) {
      const float sigma = settings.localSigmaVoxels[a];
      if (!(sigma > 0.0f) || !std::isfinite(sigma)) {
        std::ostringstream s;
        s << "Gaussian window sigma along " << axes[a] << " is " << sigma
          << " voxels (expected finite > 0)";
        Reject(settings, s.str());
      }
    }
}

std::int64_t VoxelCount(const MetricSettings& settings) {
  return settings.size[0] * settings.size[1] * settings.size[2];
}

void RequireCountedVoxels(double counted, const MetricSettings& settings) {
  if (counted > 0.0) return;
  std::ostringstream s;
  s << "no voxel is counted: the mask is zero on all " << settings.size[0] << " x "
    << settings.size[1] << " x " << settings.size[2] << " voxels";
  Reject(settings, s.str());
}

std::vector<double> GaussianWindow(float sigmaVoxels) {
  const int radius = std::max(1, static_cast<int>(std::ceil(3.0 * sigmaVoxels)));
  std::vector<double> w(2 * radius + 1);
  double sum = 0.0;
  for (int k = -radius; k <= radius; ++k)
    sum += w[k + radius] = std::exp(-0.5 * k * k / (double(sigmaVoxels) * sigmaVoxels));
  for (double& x : w) x /= sum;
  return w;
}

void RequireNccVariances(const NccMoments& m) {
  if (!(m.varF > 0.0) || !(m.varW > 0.0)) {
    std::ostringstream s;
    s << "similarity metric NCC: the " << (m.varF > 0.0 ? "warped" : "fixed")
      << " image is constant over the " << m.count
      << " counted voxels (variance 0): the correlation is undefined";
    throw InvalidArgument(s.str());
  }
}

NmiTable MakeNmiTable(const std::uint64_t* histogram, int bins) {
  const std::size_t b = static_cast<std::size_t>(bins);
  double total = 0.0;
  for (std::size_t k = 0; k < b * b; ++k) total += double(histogram[k]);
  std::vector<double> pF(b, 0.0), pW(b, 0.0);
  for (std::size_t i = 0; i < b; ++i)
    for (std::size_t j = 0; j < b; ++j) {
      const double p = double(histogram[i * b + j]) / total;
      pF[i] += p;
      pW[j] += p;
    }
  const auto plogp = [](double p) { return p > 0.0 ? p * std::log(p) : 0.0; };
  double hF = 0.0, hW = 0.0, hJ = 0.0;
  for (std::size_t i = 0; i < b; ++i) {
    hF -= plogp(pF[i]);
    hW -= plogp(pW[i]);
    for (std::size_t j = 0; j < b; ++j) hJ -= plogp(double(histogram[i * b + j]) / total);
  }
  NmiTable table;
  table.cost = -(hF + hW) / hJ;
  // cost = -(hF + hW) / hJ; dH/dp = -(log p + 1) for each entropy; the bins' units add to total.
  table.perUnit.assign(b * b, 0.0);
  for (std::size_t i = 0; i < b; ++i)
    for (std::size_t j = 0; j < b; ++j) {
      const double p = double(histogram[i * b + j]) / total;
      if (!(p > 0.0)) continue;
      const double dMarginals = -(std::log(pF[i]) + 1.0) - (std::log(pW[j]) + 1.0);
      const double dJoint = -(std::log(p) + 1.0);
      const double dNmi = dMarginals / hJ - (hF + hW) / (hJ * hJ) * dJoint;
      table.perUnit[i * b + j] = -dNmi / total;
    }
  return table;
}

} // namespace cumed::registration::detail
