// Registration settings by name (ApplySetting) and elastix-like parameter files
// (ApplyParameterFile): the values they set, what yields to settings given elsewhere, and the
// refusals, named by file, line and key.
#include "cumed/registration/ParameterFile.h"

#include "cumed/core/Error.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace {
namespace fs = std::filesystem;
using namespace cumed::registration;

fs::path WriteFile(const std::string& name, const std::string& text) {
  const fs::path file = fs::temp_directory_path() / ("cumed_parameter_file_test_" + name);
  std::ofstream(file) << text;
  return file;
}

std::string MessageOf(const std::function<void()>& call) {
  try {
    call();
  } catch (const cumed::InvalidArgument& e) {
    return e.what();
  }
  ADD_FAILURE() << "no InvalidArgument";
  return "";
}

TEST(RegistrationSettings, ParsesEachSetting) {
  RegistrationOptions o;
  ApplySetting("--metric", "nmi", "--metric", o);
  ApplySetting("--levels", "4", "--levels", o);
  ApplySetting("--grid-spacing", "7.5", "--grid-spacing", o);
  ApplySetting("--iterations", "0", "--iterations", o);
  ApplySetting("--tolerance", "1e-3", "--tolerance", o);
  ApplySetting("--bending", "0.5", "--bending", o);
  ApplySetting("--elasticity", "2", "--elasticity", o);
  ApplySetting("--log-jacobian", "3", "--log-jacobian", o);
  ApplySetting("--bins", "32", "--bins", o);
  ApplySetting("--lncc-sigma", "4", "--lncc-sigma", o);
  ApplySetting("--default-value", "-1000", "--default-value", o);
  ApplySetting("--backend", "CPU", "--backend", o);
  EXPECT_EQ(o.metric, SimilarityMetric::NMI);
  EXPECT_EQ(o.levels, 4);
  EXPECT_EQ(o.gridSpacing, 7.5);
  EXPECT_EQ(o.maximumIterations, 0);
  EXPECT_EQ(o.relativeTolerance, 1e-3);
  EXPECT_EQ(o.bendingEnergyWeight, 0.5);
  EXPECT_EQ(o.linearElasticityWeight, 2.0);
  EXPECT_EQ(o.logJacobianWeight, 3.0);
  EXPECT_EQ(o.histogramBins, 32);
  EXPECT_EQ(o.localNccSigma, 4.0);
  EXPECT_EQ(o.defaultPixelValue, -1000.0);
  EXPECT_EQ(o.backend, cumed::Backend::CPU);
}

TEST(RegistrationSettings, RefusesNamingTheSourceAndRange) {
  RegistrationOptions o;
  EXPECT_EQ(MessageOf([&] { ApplySetting("--levels", "9", "--levels", o); }),
            "--levels 9 is outside 1..8");
  EXPECT_EQ(MessageOf([&] { ApplySetting("--levels", "two", "f line 3", o); }),
            "f line 3: 'two' is not a whole number");
  EXPECT_EQ(MessageOf([&] { ApplySetting("--bending", "-1", "--bending", o); }),
            "--bending must be >= 0 (got -1)");
  EXPECT_EQ(MessageOf([&] { ApplySetting("--grid-spacing", "0", "--grid-spacing", o); }),
            "--grid-spacing must be > 0 (got 0)");
  EXPECT_EQ(MessageOf([&] { ApplySetting("--default-value", "nan", "--default-value", o); }),
            "--default-value: 'nan' is not a finite number");
  EXPECT_NE(MessageOf([&] { ApplySetting("--metric", "mi", "--metric", o); }).find("--metric: "),
            std::string::npos);
  EXPECT_NE(MessageOf([&] { ApplySetting("--backend", "gpu", "--backend", o); }).find("'gpu'"),
            std::string::npos);
  EXPECT_EQ(MessageOf([&] { ApplySetting("--threads", "2", "x", o); }),
            "x: not a registration setting");
}

TEST(RegistrationParameterFile, AppliesElastixKeysAndYieldsToGivenSettings) {
  const fs::path file = WriteFile("keys.txt", "// elastix-like\n"
                                              "(Metric \"AdvancedNormalizedCorrelation\" "
                                              "\"TransformBendingEnergyPenalty\")\n"
                                              "(Metric1Weight 0.25)\n"
                                              "(NumberOfResolutions 2)\n"
                                              "(FinalGridSpacingInPhysicalUnits 8 8 8)\n"
                                              "(MaximumNumberOfIterations 30 30)\n"
                                              "(AffineStage \"true\")\n"
                                              "(Interpolator \"BSplineInterpolator\")\n");
  RegistrationOptions o;
  ParameterFileOutcome outcome = ApplyParameterFile(file, {"--levels"}, o);
  EXPECT_EQ(o.metric, SimilarityMetric::NCC);
  EXPECT_EQ(o.bendingEnergyWeight, 0.25);
  EXPECT_EQ(o.levels, RegistrationOptions{}.levels); // given elsewhere: the file yields
  EXPECT_EQ(o.gridSpacing, 8.0);
  EXPECT_EQ(o.maximumIterations, 30);
  EXPECT_TRUE(o.affineStage);
  EXPECT_EQ(outcome.ignored, std::vector<std::string>{"Interpolator"});
  EXPECT_TRUE(outcome.warnings.empty());
}

TEST(RegistrationParameterFile, StochasticIterationsAreWarnedNotUsed) {
  const fs::path file =
      WriteFile("stochastic.txt", "(Optimizer \"AdaptiveStochasticGradientDescent\")\n"
                                  "(MaximumNumberOfIterations 500)\n");
  RegistrationOptions o;
  const ParameterFileOutcome outcome = ApplyParameterFile(file, {}, o);
  EXPECT_EQ(o.maximumIterations, RegistrationOptions{}.maximumIterations);
  ASSERT_EQ(outcome.warnings.size(), 1u);
  EXPECT_NE(outcome.warnings[0].find("line 2 (MaximumNumberOfIterations): 500 is not used"),
            std::string::npos)
      << outcome.warnings[0];
  EXPECT_EQ(outcome.ignored, std::vector<std::string>{"Optimizer"});
}

TEST(RegistrationParameterFile, RefusesBadFilesByLineAndKey) {
  RegistrationOptions o;
  const fs::path twice =
      WriteFile("twice.txt", "(NumberOfResolutions 2)\n(NumberOfResolutions 3)\n");
  EXPECT_NE(MessageOf([&] {
              ApplyParameterFile(twice, {}, o);
            }).find("line 2: NumberOfResolutions was already given on line 1"),
            std::string::npos);
  const fs::path perLevel = WriteFile("perlevel.txt", "(MaximumNumberOfIterations 10 20)\n");
  EXPECT_NE(
      MessageOf([&] { ApplyParameterFile(perLevel, {}, o); }).find("the values differ per level"),
      std::string::npos);
  const fs::path mattes = WriteFile("mattes.txt", "(Metric \"AdvancedMattesMutualInformation\")\n");
  EXPECT_NE(MessageOf([&] { ApplyParameterFile(mattes, {}, o); }).find("Mattes mutual information"),
            std::string::npos);
  const fs::path malformed = WriteFile("malformed.txt", "NumberOfResolutions 2\n");
  EXPECT_NE(MessageOf([&] {
              ApplyParameterFile(malformed, {}, o);
            }).find("line 1: expected (Key value ...), got 'NumberOfResolutions 2'"),
            std::string::npos);
  const fs::path missing = fs::temp_directory_path() / "cumed_parameter_file_test_missing.txt";
  fs::remove(missing);
  try {
    ApplyParameterFile(missing, {}, o);
    ADD_FAILURE() << "no error";
  } catch (const cumed::InvalidArgument&) {
    ADD_FAILURE() << "an unreadable file is no InvalidArgument";
  } catch (const cumed::Error& e) {
    EXPECT_EQ(std::string(e.what()), "'" + missing.string() + "': no such file");
  }
}

} // namespace
