#include "ImageCompare.h"
#include "ImageFiles.h"

#include "cumed/regression/Compare.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

namespace cumed::regression {
namespace {

// A picture as rows of pixels with `components` doubles each.
struct Picture {
  const double* data;
  long width;
  long height;
  unsigned int components;
  double Distance(long x, long y, const Picture& other, long ox, long oy) const {
    const double* p = data + (y * width + x) * components;
    const double* q = other.data + (oy * width + ox) * components;
    double largest = 0.0;
    for (unsigned int c = 0; c < components; ++c)
      largest = std::max(largest, std::abs(p[c] - q[c]));
    return largest;
  }
  // The smallest difference between pixel (x, y) of this picture and the pixels of `other`
  // within `radius` of it.
  double BestMatch(long x, long y, const Picture& other, int radius) const {
    double best = std::numeric_limits<double>::infinity();
    for (long oy = std::max(0L, y - radius); oy <= std::min(height - 1, y + radius); ++oy) {
      for (long ox = std::max(0L, x - radius); ox <= std::min(width - 1, x + radius); ++ox) {
        best = std::min(best, Distance(x, y, other, ox, oy));
      }
    }
    return best;
  }
};

Picture AsPicture(const LoadedImage& loaded, const std::string& role) {
  const auto size = loaded.image->GetLargestPossibleRegion().GetSize();
  if (size[2] != 1) {
    throw InvalidArgument("a rendering comparison needs 2D pictures; the " + role + " is " +
                          SizeText(loaded) + " (use --kind image for volumes)");
  }
  return {loaded.image->GetBufferPointer(), static_cast<long>(size[0]), static_cast<long>(size[1]),
          loaded.image->GetNumberOfComponentsPerPixel()};
}

void WriteDifference(const std::vector<double>& difference, long width, long height,
                     const std::string& path) {
  using Gray = itk::Image<unsigned char, 2>;
  auto image = Gray::New();
  image->SetRegions(Gray::SizeType{
      {static_cast<itk::SizeValueType>(width), static_cast<itk::SizeValueType>(height)}});
  image->Allocate();
  unsigned char* out = image->GetBufferPointer();
  for (std::size_t i = 0; i < difference.size(); ++i) {
    out[i] = static_cast<unsigned char>(std::min(255.0, std::round(difference[i])));
  }
  WriteImage8(image, path);
}

} // namespace

Comparison ComparePictures(const std::string& outputPath, const std::string& baselinePath,
                           const Tolerances& tolerances, const std::string& diffImage) {
  const LoadedImage output = ReadImage(outputPath);
  const LoadedImage baseline = ReadImage(baselinePath);
  const Picture a = AsPicture(output, "output");
  const Picture b = AsPicture(baseline, "baseline");
  std::ostringstream report;
  report << "rendering: output " << SizeText(output) << ", " << a.components
         << " component(s); baseline " << SizeText(baseline) << ", " << b.components
         << " component(s)\n";
  if (a.width != b.width || a.height != b.height || a.components != b.components) {
    report << "  size or number of components differs: pixels not compared\n";
    return {false, report.str()};
  }
  // A pixel differs when neither picture has a match for the other's pixel within the radius.
  std::vector<double> difference(static_cast<std::size_t>(a.width * a.height));
  std::size_t differing = 0;
  double largest = 0.0;
  double largestUnshifted = 0.0;
  const int radius = tolerances.shiftRadius;
  for (long y = 0; y < a.height; ++y) {
    for (long x = 0; x < a.width; ++x) {
      const double d = std::max(a.BestMatch(x, y, b, radius), b.BestMatch(x, y, a, radius));
      difference[static_cast<std::size_t>(y * a.width + x)] = d;
      largest = std::max(largest, d);
      largestUnshifted = std::max(largestUnshifted, a.Distance(x, y, b, x, y));
      if (d > tolerances.intensity) ++differing;
    }
  }
  const double fraction = static_cast<double>(differing) / static_cast<double>(difference.size());
  report << "  max |difference| " << largestUnshifted << " pixel by pixel, " << largest
         << " after a shift search of " << radius << " pixel(s)\n"
         << "  " << differing << " of " << difference.size() << " pixels differ by more than "
         << tolerances.intensity << ": fraction " << fraction << " (allowed "
         << tolerances.pixelsFraction << ")\n";
  if (!diffImage.empty()) {
    WriteDifference(difference, a.width, a.height, diffImage);
    report << "  difference picture written to " << diffImage << "\n";
  }
  return {fraction <= tolerances.pixelsFraction,
          report.str(),
          {{"max_difference", largest},
           {"max_difference_unshifted", largestUnshifted},
           {"differing_pixels", static_cast<double>(differing)},
           {"differing_pixels_fraction", fraction}}};
}

} // namespace cumed::regression
