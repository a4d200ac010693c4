// Hostile numbers in registration (issue 25): options out of range refused by name and value
// (CheckRegistrationOptions, the rules programs and Python share); images with denormal pixels
// no longer give a NaN similarity and 0 iterations: denormal pixels are flushed to zero, and an
// image whose contrast lies only in denormals is refused naming the image and its range.
#include "SyntheticImages.h"
#include "cumed/core/Error.h"
#include "cumed/core/NumberRules.h"
#include "cumed/registration/Registration.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <string>

namespace {

using namespace cumed;
using namespace cumed::registration;

std::string Refusal(const RegistrationOptions& o) {
  try {
    CheckRegistrationOptions(o);
  } catch (const InvalidArgument& e) {
    return e.what();
  }
  return {};
}

RegistrationOptions Quick() {
  RegistrationOptions o;
  o.backend = Backend::CPU;
  o.levels = 1;
  o.maximumIterations = 5;
  o.gridSpacing = 16;
  o.metric = SimilarityMetric::SSD;
  return o;
}

TEST(RegistrationNumbers, OptionsOutOfRangeAreRefusedByName) {
  RegistrationOptions o;
  o.defaultPixelValue = 1e300;
  EXPECT_EQ(Refusal(o), "defaultPixelValue = 1e+300 is outside "
                        "-3.4028234663852886e+38..3.4028234663852886e+38 (the warped image is "
                        "float32)");
  o = {};
  o.gridSpacing = 1e300;
  EXPECT_EQ(Refusal(o), "gridSpacing = 1e+300 is outside 0..1e+06 (mm between control points "
                        "at the finest level)");
  o.gridSpacing = std::nan("");
  EXPECT_EQ(Refusal(o), "gridSpacing = nan is not a finite number");
  o = {};
  o.localNccSigma = -0.0;
  EXPECT_EQ(Refusal(o), "localNccSigma = -0 is outside 1e-06..1e+06 (mm)");
  o.localNccSigma = 1e-320; // positive, yet 0 voxels in the metric's float
  EXPECT_EQ(Refusal(o), "localNccSigma = 1e-320 is outside 1e-06..1e+06 (mm)");
  EXPECT_EQ(Refusal(RegistrationOptions{}), "");
}

TEST(RegistrationNumbers, SeededExtremeOptionsAreRefusedByNameOrAccepted) {
  const unsigned seed = std::random_device{}();
  std::mt19937 random(seed);
  const double values[] = {0.0,    -0.0,  5e-324,       1e-300,
                           -1e300, 1e300, std::nan(""), std::numeric_limits<double>::infinity(),
                           9.2e18, 10.0,  3.5e38};
  for (int i = 0; i < 200; ++i) {
    RegistrationOptions o;
    const double value = values[random() % std::size(values)];
    const int field = int(random() % 3);
    const char* name = field == 0   ? "gridSpacing"
                       : field == 1 ? "defaultPixelValue"
                                    : "localNccSigma";
    (field == 0 ? o.gridSpacing : field == 1 ? o.defaultPixelValue : o.localNccSigma) = value;
    const std::string refusal = Refusal(o);
    if (!refusal.empty())
      EXPECT_EQ(refusal.rfind(std::string(name) + " = " + numbers::FormatNumber(value) + " is ", 0),
                0u)
          << "seed " << seed << ": " << refusal;
    else
      EXPECT_TRUE(std::isfinite(value)) << "seed " << seed << ": accepted " << name << " " << value;
  }
}

TEST(RegistrationNumbers, DenormalPixelsAreFlushedAndTheSimilarityStaysFinite) {
  const ImageGeometry g = test::BlobGeometry();
  Image fixed = test::Blobs(g, 3), moving = test::Blobs(g, 3);
  float* f = fixed.view<float>().data;
  for (std::size_t v = 0; v < g.numberOfPixels(); v += 97) f[v] = 1e-41f; // denormal
  const RegistrationResult r = Register(fixed, moving, Quick());
  EXPECT_TRUE(std::isfinite(r.similarityBefore));
  EXPECT_TRUE(std::isfinite(r.similarityAfter));
  EXPECT_EQ(numbers::CountNonFinite(r.warpedImage.view<float>().data, g.numberOfPixels()), 0u);
}

TEST(RegistrationNumbers, AnImageWhoseContrastIsOnlyDenormalIsRefusedByName) {
  const ImageGeometry g = test::BlobGeometry();
  Image fixed = test::Blobs(g, 3), moving = test::Blobs(g, 3);
  float* m = moving.view<float>().data;
  for (std::size_t v = 0; v < g.numberOfPixels(); ++v) m[v] = m[v] * 1e-44f;
  try {
    Register(fixed, moving, Quick());
    FAIL() << "a denormal-only moving image was registered";
  } catch (const InvalidArgument& e) {
    const std::string text = e.what();
    EXPECT_EQ(text.rfind("moving image: its values span ", 0), 0u) << text;
    EXPECT_NE(text.find("are denormal floats (|v| < 1.2e-38)"), std::string::npos) << text;
  }
}

// A constant image has no gradient: every metric is flat, the optimiser stopped at once and the
// identity came back as a good registration (a hostile-input run found it: exit 0, quality ok).
TEST(RegistrationNumbers, AConstantImageIsRefusedByName) {
  const ImageGeometry g = test::BlobGeometry();
  for (const bool constantFixed : {true, false}) {
    Image fixed = test::Blobs(g, 3), moving = test::Blobs(g, 3);
    Image& flat = constantFixed ? fixed : moving;
    float* values = flat.view<float>().data;
    for (std::size_t v = 0; v < g.numberOfPixels(); ++v) values[v] = 7.0f;
    try {
      Register(fixed, moving, Quick());
      FAIL() << "a constant " << (constantFixed ? "fixed" : "moving") << " image was registered";
    } catch (const InvalidArgument& e) {
      EXPECT_EQ(std::string(e.what()), std::string(constantFixed ? "fixed" : "moving") +
                                           " image: every voxel is 7, so there is nothing to "
                                           "register");
    }
  }
}

} // namespace
