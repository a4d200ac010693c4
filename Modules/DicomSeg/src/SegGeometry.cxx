#include "SegGeometry.h"

#include <cmath>
#include <sstream>

namespace cumed::seg::detail {
namespace {

template <class Vector> std::string Text(const Vector& v, unsigned n) {
  std::ostringstream text;
  for (unsigned i = 0; i < n; ++i) text << (i ? " x " : "") << v[i];
  return text.str();
}

template <class Vector> bool Near(const Vector& a, const Vector& b, unsigned n, double tolerance) {
  for (unsigned i = 0; i < n; ++i)
    if (!(std::abs(a[i] - b[i]) <= tolerance)) return false;
  return true;
}

} // namespace

std::string GridDifference(const itk::ImageBase<3>& a, const itk::ImageBase<3>& b,
                           double tolerance) {
  const auto sizeA = a.GetLargestPossibleRegion().GetSize();
  const auto sizeB = b.GetLargestPossibleRegion().GetSize();
  if (sizeA != sizeB) return "size " + Text(sizeA, 3) + " vs " + Text(sizeB, 3);
  if (!Near(a.GetSpacing(), b.GetSpacing(), 3, tolerance))
    return "spacing " + Text(a.GetSpacing(), 3) + " vs " + Text(b.GetSpacing(), 3);
  if (!Near(a.GetOrigin(), b.GetOrigin(), 3, tolerance))
    return "origin " + Text(a.GetOrigin(), 3) + " vs " + Text(b.GetOrigin(), 3);
  for (unsigned row = 0; row < 3; ++row)
    if (!Near(a.GetDirection()[row], b.GetDirection()[row], 3, tolerance))
      return "direction row " + std::to_string(row) + " " + Text(a.GetDirection()[row], 3) +
             " vs " + Text(b.GetDirection()[row], 3);
  return "";
}

} // namespace cumed::seg::detail
