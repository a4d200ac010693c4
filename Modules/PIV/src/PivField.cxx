#include "cumed/piv/PivField.h"
#include "cumed/piv/PivOptions.h"

namespace cumed::piv {

std::size_t PivField::count(std::uint8_t mask) const noexcept {
  std::size_t n = 0;
  for (const std::uint8_t f : flags) n += (f & mask) != 0;
  return n;
}

void PivField::resize(int columnCount, int rowCount) {
  columns = columnCount;
  rows = rowCount;
  const std::size_t n = std::size_t(columnCount) * std::size_t(rowCount);
  for (auto* array : {&x, &y, &u, &v, &peak, &secondPeak, &peakToPeak, &peakToMean})
    array->assign(n, 0.f);
  flags.assign(n, 0);
}

const char* ToString(SubPixelFit fit) noexcept {
  switch (fit) {
  case SubPixelFit::Gaussian:
    return "gaussian";
  case SubPixelFit::Centroid:
    return "centroid";
  case SubPixelFit::Parabolic:
    return "parabolic";
  }
  return "unknown";
}

const char* ToString(Interpolation interpolation) noexcept {
  switch (interpolation) {
  case Interpolation::Bilinear:
    return "bilinear";
  case Interpolation::Bicubic:
    return "bicubic";
  case Interpolation::Lanczos:
    return "lanczos";
  }
  return "unknown";
}

const char* ToString(Replacement replacement) noexcept {
  switch (replacement) {
  case Replacement::None:
    return "none";
  case Replacement::LocalMedian:
    return "median";
  case Replacement::LocalMean:
    return "mean";
  }
  return "unknown";
}

const char* ToString(PairLossCorrection correction) noexcept {
  switch (correction) {
  case PairLossCorrection::None:
    return "none";
  case PairLossCorrection::FirstPass:
    return "first";
  case PairLossCorrection::AllPasses:
    return "all";
  }
  return "unknown";
}

} // namespace cumed::piv
