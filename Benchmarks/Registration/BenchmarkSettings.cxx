#include "BenchmarkSettings.h"

#include "CommandLine.h"

#include "cumed/core/Error.h"

#include <algorithm>
#include <cstdio>

namespace cumed::regbench {

const char* Usage() {
  return "usage: cumed-register-benchmark --series DIR [--registration-data DIR]\n"
         "         [--reference-dir DIR] [options]\n"
         "Issue 13's registration benchmark in one run: builds the cases, registers each with\n"
         "CuMed CUDA (when a device is usable), CuMed CPU, elastix and plastimatch (when found),\n"
         "scores them and prints a Markdown table and the issue's targets, met or not.\n"
         "Cases (built in the work directory with the cumed_registration_testdata library):\n"
         "  2 mm B-spline   known B-spline warp of the series resampled to 2 mm (seed 1)\n"
         "  2 mm RBF        known Gaussian RBF warp, 2 mm (seed 1)\n"
         "  full B-spline   known B-spline warp on the series' own grid (512x512x141 for POPI)\n"
         "  lung pair       3DCT_lung_baseline/followup_mask.mha, 51 landmark pairs (needs\n"
         "                  --registration-data)\n"
         "Scores: field error RMS over the body mask (known warps), mean TRE (lung pair).\n"
         "Seconds: CuMed = the Register() call, host images in, host outputs out (field, warped\n"
         "image, Jacobian); elastix = elastix's process wall time (transformix not counted);\n"
         "plastimatch = its process wall time. Peak MB: the child process's ru_maxrss (CuMed: the\n"
         "child also reads its inputs and scores); CUDA rows add the device memory in use, "
         "sampled\n"
         "every millisecond with cudaMemGetInfo (so a shorter-lived peak can be missed).\n"
         "Inputs:\n"
         "  --series DIR             CT series (e.g. ../shared/data/ct/popi-phase00)\n"
         "  --registration-data DIR  e.g. ../shared/data/registration; without it no lung case\n"
         "  --reference-dir DIR      parameter files (Testing/RegistrationData/reference)\n"
         "  --cases LIST             comma-separated subset of bspline-2mm, rbf-2mm,\n"
         "                           bspline-full, lung (default: all)\n"
         "  --work-dir DIR           keep cases and outputs here (default: a new directory under\n"
         "                           $TMPDIR or /tmp, removed at the end)\n"
         "Tools:\n"
         "  --elastix PATH           elastix executable (default: elastix on PATH); run as given,\n"
         "                           environment unchanged\n"
         "  --transformix PATH       default: transformix beside --elastix, else on PATH\n"
         "  --plastimatch PATH       default: plastimatch on PATH\n"
         "  --no-references          run neither elastix nor plastimatch\n"
         "  --no-elastix, --no-plastimatch   leave out one of them\n"
         "  --reference-timeout S    stop a reference process after S seconds (default 3600);\n"
         "                           its row then says so\n"
         "  --threads N              threads for the references (default: all cores)\n"
         "  --no-cuda, --no-cpu      leave out a CuMed backend\n"
         "  --no-cpu-large           no CuMed CPU run on the full-resolution case\n"
         "  --quick                  only the RBF known warp at 4 mm, CuMed CPU only, no\n"
         "                           references, no lung pair (the smoke test)\n"
         "  --check                  exit code 3 unless every CuMed run that was not skipped\n"
         "                           completed and scored better than the identity\n"
         "CuMed on the known warps (defaults in brackets):\n"
         "  --metric ssd|ncc|lncc|nmi [lncc]   --lncc-sigma MM [3]   --grid-spacing MM [10]\n"
         "  --bending W [10]   --iterations N per level [50]   --levels N [3]\n"
         "  --sampling full|strided:STEP|random:COUNT[:SEED] [full]   the metric's voxels per\n"
         "                           level (CPU only: needs --no-cuda)\n"
         "CuMed on the lung pair: SSD on the images, grid 10 mm, bending 10, 3 levels, 100\n"
         "iterations, after the affine stage.\n"
         "Exit codes: 0 table printed (targets met or not), 1 a case could not be built or the\n"
         "work directory not written, 2 bad command line, 3 --check failed.\n";
}

namespace {

std::vector<std::string> ParseCases(const std::string& text) {
  const Settings defaults;
  std::vector<std::string> cases;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find(',', start), text.size());
    const std::string key = text.substr(start, end - start);
    if (std::find(defaults.cases.begin(), defaults.cases.end(), key) == defaults.cases.end())
      throw InvalidArgument("--cases: unknown case '" + key +
                            "' (expected bspline-2mm, rbf-2mm, bspline-full or lung)");
    cases.push_back(key);
    start = end + 1;
  }
  return cases;
}

} // namespace

bool Settings::runs(const std::string& key) const {
  return std::find(cases.begin(), cases.end(), key) != cases.end();
}

Settings ParseSettings(int argc, char** argv, bool& help) {
  Settings s;
  help = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) throw InvalidArgument(arg + " needs a value");
      return argv[++i];
    };
    auto positive = [&]() {
      const double v = regdata::ParseNumber(arg, value());
      if (!(v > 0)) throw InvalidArgument(arg + " must be positive, got " + argv[i]);
      return v;
    };
    auto count = [&](int low, int high) {
      const unsigned long v = regdata::ParseUnsigned(arg, value());
      if (v < unsigned(low) || v > unsigned(high))
        throw InvalidArgument(arg + " must be " + std::to_string(low) + " .. " +
                              std::to_string(high) + ", got " + argv[i]);
      return int(v);
    };
    if (arg == "-h" || arg == "--help")
      help = true;
    else if (arg == "--series")
      s.series = value();
    else if (arg == "--registration-data")
      s.registrationData = value();
    else if (arg == "--reference-dir")
      s.referenceDir = value();
    else if (arg == "--cases")
      s.cases = ParseCases(value());
    else if (arg == "--work-dir")
      s.workDir = value();
    else if (arg == "--elastix")
      s.elastix = value();
    else if (arg == "--transformix")
      s.transformix = value();
    else if (arg == "--plastimatch")
      s.plastimatch = value();
    else if (arg == "--no-references")
      s.references = false;
    else if (arg == "--no-elastix")
      s.elastixRuns = false;
    else if (arg == "--no-plastimatch")
      s.plastimatchRuns = false;
    else if (arg == "--reference-timeout")
      s.referenceTimeout = positive();
    else if (arg == "--threads")
      s.threads = count(1, 4096);
    else if (arg == "--no-cuda")
      s.cuda = false;
    else if (arg == "--no-cpu")
      s.cpu = false;
    else if (arg == "--no-cpu-large")
      s.cpuLarge = false;
    else if (arg == "--check")
      s.check = true;
    else if (arg == "--quick")
      s.quick = true;
    else if (arg == "--metric")
      s.metric = registration::ParseSimilarityMetric(value().c_str());
    else if (arg == "--lncc-sigma")
      s.localNccSigma = positive();
    else if (arg == "--grid-spacing")
      s.gridSpacing = positive();
    else if (arg == "--bending") {
      s.bending = regdata::ParseNumber(arg, value());
      if (s.bending < 0)
        throw InvalidArgument("--bending must be >= 0, got " + std::string(argv[i]));
    } else if (arg == "--iterations")
      s.iterations = count(1, 100000);
    else if (arg == "--levels")
      s.levels = count(1, 8);
    else if (arg == "--sampling") {
      try {
        s.sampling = registration::ParseVoxelSampling(value());
      } catch (const InvalidArgument& e) {
        throw InvalidArgument(std::string("--sampling: ") + e.what());
      }
    } else
      throw InvalidArgument("unknown argument '" + arg + "'");
  }
  if (help) return s;
  const bool knownWarps =
      s.quick || s.runs("bspline-2mm") || s.runs("rbf-2mm") || s.runs("bspline-full");
  if (knownWarps && s.series.empty())
    throw InvalidArgument("--series is required for the known warps");
  if (!knownWarps && s.registrationData.empty())
    throw InvalidArgument("--cases lung needs --registration-data");
  if (s.quick) s.cuda = false, s.references = false, s.registrationData.clear();
  if (s.sampling.kind != registration::VoxelSampling::Kind::Full && s.cuda)
    throw InvalidArgument("--sampling " + registration::ToString(s.sampling) +
                          " needs --no-cuda: the CUDA backend evaluates every voxel");
  if (s.references && s.referenceDir.empty())
    throw InvalidArgument("--reference-dir is required unless --no-references is given");
  return s;
}

registration::RegistrationOptions KnownWarpOptions(const Settings& s) {
  registration::RegistrationOptions o;
  o.metric = s.metric;
  o.localNccSigma = s.localNccSigma;
  o.gridSpacing = s.gridSpacing;
  o.bendingEnergyWeight = s.bending;
  o.maximumIterations = s.iterations;
  o.levels = s.levels;
  o.sampling = s.sampling;
  o.defaultPixelValue = -1024.0;
  return o;
}

registration::RegistrationOptions LungOptions(const Settings&) {
  registration::RegistrationOptions o;
  o.metric = registration::SimilarityMetric::SSD;
  o.gridSpacing = 10.0;
  o.bendingEnergyWeight = 10.0;
  o.maximumIterations = 100;
  o.levels = 3;
  // The pair is 35 mm apart: like elastix and plastimatch (18 mm TRE without one), it needs a
  // pre-alignment first.
  o.affineStage = true;
  return o;
}

std::string Describe(const registration::RegistrationOptions& o) {
  char sigma[64] = "";
  if (o.metric == registration::SimilarityMetric::LocalNCC)
    std::snprintf(sigma, sizeof sigma, " sigma %g mm", o.localNccSigma);
  char text[256];
  const std::string sampling = o.sampling.kind == registration::VoxelSampling::Kind::Full
                                   ? std::string()
                                   : ", sampling " + registration::ToString(o.sampling);
  std::snprintf(
      text, sizeof text, "%s%s, grid %g mm, bending %g, %d levels, %d iterations/level%s%s",
      registration::ToString(o.metric), sigma, o.gridSpacing, o.bendingEnergyWeight, o.levels,
      o.maximumIterations, o.affineStage ? ", affine stage" : "", sampling.c_str());
  return text;
}

} // namespace cumed::regbench
