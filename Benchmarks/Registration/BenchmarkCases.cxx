#include "BenchmarkCases.h"

#include "ChildProcess.h"
#include "ImageFiles.h"
#include "KnownWarp.h"
#include "VolumeSampling.h"

#include "cumed/core/Error.h"
#include "cumed/core/Timer.h"

#include <cstdio>
#include <filesystem>

namespace cumed::regbench {

namespace fs = std::filesystem;

namespace {

struct KnownWarpSpec {
  const char* key; ///< as --cases names it
  const char* name;
  const char* directory;
  regdata::FieldFamily family;
  double spacingMm; ///< 0: the series' own grid
};

BenchmarkCase KnownWarpCase(const KnownWarpSpec& spec, const std::string& workDir) {
  BenchmarkCase c;
  c.name = spec.name;
  c.directory = (fs::path(workDir) / spec.directory).string();
  c.fixed = c.directory + "/fixed.mha";
  c.moving = c.directory + "/moving.mha";
  c.trueField = c.directory + "/true-field.mha";
  c.bodyMask = c.directory + "/body-mask.mha";
  c.fullResolution = spec.spacingMm == 0.0;
  return c;
}

// Writes the known warps (all from one read of the series); runs in a child process.
ChildReport WriteKnownWarps(const std::string& series, const std::vector<KnownWarpSpec>& specs,
                            const std::vector<BenchmarkCase>& cases) {
  const Stopwatch watch;
  const Image ct = regdata::ReadCtSeriesAsFloat(series);
  for (std::size_t i = 0; i < specs.size(); ++i) {
    const Image moving =
        specs[i].spacingMm > 0 ? regdata::ResampleIsotropic(ct, specs[i].spacingMm) : ct.clone();
    regdata::KnownWarpOptions options;
    options.family = specs[i].family;
    const regdata::KnownWarp warp = regdata::MakeKnownWarp(moving, options);
    fs::create_directories(cases[i].directory);
    regdata::WriteImage(moving, cases[i].moving);
    regdata::WriteImage(warp.fixed, cases[i].fixed);
    regdata::WriteImage(warp.trueField, cases[i].trueField);
    regdata::WriteImage(warp.bodyMask, cases[i].bodyMask);
    const auto& size = moving.geometry().size;
    std::printf("built %-14s %zux%zux%zu, max |u| in body %.3f mm, rms %.3f mm\n", specs[i].name,
                size[0], size[1], size[2], warp.maxDisplacementInBodyMm,
                warp.rmsDisplacementInBodyMm);
    std::fflush(stdout);
  }
  ChildReport report;
  report.ok = true;
  report.seconds = watch.elapsedSeconds();
  return report;
}

void RequireFile(const std::string& path, const std::string& what) {
  if (!fs::is_regular_file(path))
    throw Error("the " + what + " '" + path + "' does not exist (from --registration-data)");
}

} // namespace

std::vector<BenchmarkCase> BuildCases(const Settings& settings, const std::string& workDir) {
  using regdata::FieldFamily;
  std::vector<KnownWarpSpec> specs;
  if (settings.quick)
    specs = {{"rbf-4mm", "4 mm RBF", "4mm-rbf", FieldFamily::GaussianRbf, 4.0}};
  else
    for (const KnownWarpSpec& spec :
         {KnownWarpSpec{"bspline-2mm", "2 mm B-spline", "2mm-bspline", FieldFamily::BSpline, 2.0},
          KnownWarpSpec{"rbf-2mm", "2 mm RBF", "2mm-rbf", FieldFamily::GaussianRbf, 2.0},
          KnownWarpSpec{"bspline-full", "full B-spline", "full-bspline", FieldFamily::BSpline,
                        0.0}})
      if (settings.runs(spec.key)) specs.push_back(spec);
  std::vector<BenchmarkCase> cases;
  for (const auto& spec : specs) cases.push_back(KnownWarpCase(spec, workDir));
  if (!specs.empty()) {
    const ChildOutcome built =
        RunInChild([&] { return WriteKnownWarps(settings.series, specs, cases); });
    if (!built.report.ok)
      throw Error("building the known warps from the series '" + settings.series +
                  "' failed: " + built.report.message);
    std::printf("known warps built in %.1f s (peak %.0f MB) under %s\n", built.report.seconds,
                built.peakRssMb, workDir.c_str());
  }

  if (!settings.registrationData.empty() && settings.runs("lung")) {
    const fs::path data(settings.registrationData);
    BenchmarkCase lung;
    lung.name = "lung pair";
    lung.directory = (fs::path(workDir) / "lung").string();
    lung.fixed = (data / "elastix_Testing_Data/3DCT_lung_baseline_mask.mha").string();
    lung.moving = (data / "elastix_Testing_Data/3DCT_lung_followup_mask.mha").string();
    lung.fixedPoints =
        (data / "ITKElastix_examples_data/CT_3D_lung_fixed_point_set_corrected.txt").string();
    lung.movingPoints =
        (data / "ITKElastix_examples_data/CT_3D_lung_moving_point_set_corrected.txt").string();
    RequireFile(lung.fixed, "lung fixed image");
    RequireFile(lung.moving, "lung moving image");
    RequireFile(lung.fixedPoints, "fixed landmark file");
    RequireFile(lung.movingPoints, "moving landmark file");
    fs::create_directories(lung.directory);
    cases.push_back(lung);
  }
  return cases;
}

} // namespace cumed::regbench
