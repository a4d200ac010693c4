// Issue 13's accuracy cases end to end on the GPU (the CPU runs the same algorithm; on 2 cores it
// would take minutes, so these are *Cuda* tests that skip without a device): the real CT warped by
// known fields of two families, and the lung pair with its 51 landmarks. The settings are the
// benchmark's (cumed-register-benchmark), the thresholds the and elastix's.
#include "FieldError.h"
#include "ImageFiles.h"
#include "KnownWarp.h"
#include "Landmarks.h"
#include "SharedData.h"
#include "VolumeSampling.h"

#include "cumed/registration/Registration.h"
#include "cumed/test/Backends.h"

#include <gtest/gtest.h>

namespace cumed::regdata {
namespace {

registration::RegistrationOptions KnownWarpOptions() {
  registration::RegistrationOptions o;
  o.backend = Backend::CUDA;
  o.metric = registration::SimilarityMetric::LocalNCC;
  o.localNccSigma = 3.0;
  o.gridSpacing = 10.0;
  o.bendingEnergyWeight = 10.0;
  o.maximumIterations = 50;
  return o;
}

TEST(RegistrationAccuracyCuda, KnownWarpsOfTheRealCtWithinEightTenthsOfAMillimetre) {
  CUMED_SKIP_WITHOUT_CUDA();
  const auto series = SharedDataFile("ct/popi-phase00");
  if (!series) GTEST_SKIP() << "real CT series not found: ../shared/data/ct/popi-phase00";
  const Image moving = ResampleIsotropic(ReadCtSeriesAsFloat(series->string()), 2.0);
  for (FieldFamily family : {FieldFamily::BSpline, FieldFamily::GaussianRbf}) {
    regdata::KnownWarpOptions warpOptions;
    warpOptions.family = family;
    const KnownWarp warp = MakeKnownWarp(moving, warpOptions);
    const auto result = registration::Register(warp.fixed, moving, KnownWarpOptions());
    const FieldErrorStatistics error =
        CompareFields(result.displacementField, warp.trueField, warp.bodyMask);
    // Issue 13: RMS <= 0.8 mm in the body for both families (elastix SSD: 1.85 and 0.97 mm).
    EXPECT_LE(error.rmsMm, 0.8) << (family == FieldFamily::BSpline ? "B-spline" : "RBF")
                                << " family, before " << error.trueRmsMm << " mm";
    EXPECT_EQ(result.jacobian.foldedVoxels, 0u);
  }
}

TEST(RegistrationAccuracyCuda, LungPairTreNoWorseThanElastixAndPlastimatch) {
  CUMED_SKIP_WITHOUT_CUDA();
  const auto data = SharedDataFile("registration");
  if (!data) GTEST_SKIP() << "registration data not found: ../shared/data/registration";
  const std::string lung = (*data / "elastix_Testing_Data").string();
  const std::string points = (*data / "ITKElastix_examples_data").string();
  const Image fixed = ReadFloatImage(lung + "/3DCT_lung_baseline_mask.mha");
  const Image moving = ReadFloatImage(lung + "/3DCT_lung_followup_mask.mha");
  registration::RegistrationOptions o;
  o.backend = Backend::CUDA;
  // The settings this bound was measured with (the benchmark's lung run), not the defaults.
  o.metric = registration::SimilarityMetric::SSD;
  o.maximumIterations = 100;
  o.affineStage = true;
  const auto result = registration::Register(fixed, moving, o);
  const TreStatistics tre =
      ComputeTre(ReadElastixPoints(points + "/CT_3D_lung_fixed_point_set_corrected.txt"),
                 ReadElastixPoints(points + "/CT_3D_lung_moving_point_set_corrected.txt"),
                 &result.displacementField);
  ASSERT_EQ(tre.pairs, 51u);
  // elastix 5.08 mm and plastimatch 5.56 mm measured on this pair (issue 13: 5.26 and 5.21).
  EXPECT_LE(tre.meanMm, 5.2);
}

} // namespace
} // namespace cumed::regdata
