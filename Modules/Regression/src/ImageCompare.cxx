#include "ImageCompare.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace cumed::regression {
namespace {

constexpr int kListedDifferences = 5;

// Largest |a - b| over the entries of two vectors or matrices of the same shape.
template <class T> double MaxEntryDifference(const T& a, const T& b, unsigned int rows) {
  double largest = 0.0;
  for (unsigned int i = 0; i < rows; ++i) largest = std::max(largest, std::abs(a[i] - b[i]));
  return largest;
}

// Checks spacing, origin and direction; appends a line per property that differs.
bool SameGeometry(const VectorVolume* a, const VectorVolume* b, double tolerance,
                  std::ostringstream& report) {
  bool same = true;
  const auto check = [&](const char* what, double difference) {
    if (difference > tolerance) {
      report << "  " << what << " differs by " << difference << " (allowed " << tolerance << ")\n";
      same = false;
    }
  };
  check("spacing", MaxEntryDifference(a->GetSpacing(), b->GetSpacing(), 3));
  check("origin", MaxEntryDifference(a->GetOrigin(), b->GetOrigin(), 3));
  double direction = 0.0;
  for (unsigned int row = 0; row < 3; ++row) {
    direction =
        std::max(direction, MaxEntryDifference(a->GetDirection()[row], b->GetDirection()[row], 3));
  }
  check("direction", direction);
  return same;
}

// |a - b|; two NaNs are equal, one NaN differs from everything.
double Difference(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b) ? 0.0 : INFINITY;
  return std::abs(a - b);
}

std::string Values(const VectorVolume::PixelType& pixel) {
  std::ostringstream text;
  const unsigned int n = pixel.GetSize();
  if (n > 1) text << "(";
  for (unsigned int c = 0; c < n; ++c) text << (c ? ", " : "") << pixel[c];
  if (n > 1) text << ")";
  return text.str();
}

std::string IndexText(const VectorVolume::IndexType& index, unsigned int dimension) {
  std::ostringstream text;
  text << "(" << index[0] << ", " << index[1];
  if (dimension > 2) text << ", " << index[2];
  text << ")";
  return text.str();
}

} // namespace

std::string SizeText(const LoadedImage& loaded) {
  const auto size = loaded.image->GetLargestPossibleRegion().GetSize();
  std::ostringstream text;
  text << size[0] << "x" << size[1];
  if (loaded.dimension > 2) text << "x" << size[2];
  return text.str();
}

Comparison CompareLoadedImages(const LoadedImage& output, const LoadedImage& baseline,
                               const Tolerances& tolerances) {
  const VectorVolume* a = output.image;
  const VectorVolume* b = baseline.image;
  std::ostringstream report;
  report << "image: output " << SizeText(output) << ", " << a->GetNumberOfComponentsPerPixel()
         << " component(s), " << output.componentType << "; baseline " << SizeText(baseline) << ", "
         << b->GetNumberOfComponentsPerPixel() << " component(s), " << baseline.componentType
         << "\n";
  const auto region = a->GetLargestPossibleRegion();
  if (region.GetSize() != b->GetLargestPossibleRegion().GetSize() ||
      a->GetNumberOfComponentsPerPixel() != b->GetNumberOfComponentsPerPixel()) {
    report << "  size or number of components differs: voxels not compared\n";
    return {false, report.str()};
  }
  bool within = SameGeometry(a, b, tolerances.geometry, report);

  const unsigned int components = a->GetNumberOfComponentsPerPixel();
  const VectorVolume::PixelType::ValueType* pa = a->GetBufferPointer();
  const VectorVolume::PixelType::ValueType* pb = b->GetBufferPointer();
  const std::size_t voxels = region.GetNumberOfPixels();
  std::size_t differing = 0;
  double largest = 0.0;
  std::size_t largestAt = 0;
  std::ostringstream listed;
  for (std::size_t v = 0; v < voxels; ++v) {
    double voxelDifference = 0.0;
    for (unsigned int c = 0; c < components; ++c) {
      voxelDifference =
          std::max(voxelDifference, Difference(pa[v * components + c], pb[v * components + c]));
    }
    if (voxelDifference > largest) {
      largest = voxelDifference;
      largestAt = v;
    }
    if (voxelDifference <= tolerances.intensity) continue;
    if (differing++ < kListedDifferences) {
      const auto index = a->ComputeIndex(static_cast<VectorVolume::OffsetValueType>(v));
      listed << "    at " << IndexText(index, output.dimension) << ": output "
             << Values(a->GetPixel(index)) << ", baseline " << Values(b->GetPixel(index)) << "\n";
    }
  }
  report << "  max |difference| " << largest;
  if (largest > 0.0) {
    report << " at "
           << IndexText(a->ComputeIndex(static_cast<VectorVolume::OffsetValueType>(largestAt)),
                        output.dimension);
  }
  report << "\n  " << differing << " of " << voxels << " voxels differ by more than "
         << tolerances.intensity << " (allowed " << tolerances.voxels << ")\n"
         << listed.str();
  if (differing > kListedDifferences) {
    report << "    ... and " << differing - kListedDifferences << " more\n";
  }
  if (differing > static_cast<std::size_t>(tolerances.voxels)) within = false;
  return {within,
          report.str(),
          {{"max_difference", largest},
           {"differing_voxels", static_cast<double>(differing)},
           {"voxels", static_cast<double>(voxels)}}};
}

Comparison CompareImages(const std::string& output, const std::string& baseline,
                         const Tolerances& tolerances) {
  const LoadedImage a = ReadImage(output);
  const LoadedImage b = ReadImage(baseline);
  return CompareLoadedImages(a, b, tolerances);
}

} // namespace cumed::regression
