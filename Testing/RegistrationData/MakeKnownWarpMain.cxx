// cumed-make-known-warp: a registration case with a known answer from a real CT series.
#include "CommandLine.h"
#include "ImageFiles.h"
#include "KnownWarp.h"
#include "TransformFile.h"
#include "VolumeSampling.h"

#include "cumed/core/Error.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <utility>

namespace {

const char* kUsage =
    "usage: cumed-make-known-warp --series DIR --output DIR [options]\n"
    "Moving = the CT series (HU); fixed = moving warped by a known field u,\n"
    "fixed(x) = moving(x + u(x)) (trilinear), so the true fixed->moving displacement (ITK\n"
    "convention) is u. Writes to the output directory: moving.mha, fixed.mha (float HU),\n"
    "true-field.mha (3-component float, mm), body-mask.mha (uint8, fixed HU > -500) and\n"
    "known-warp.txt (the parameters and the field's size in the body); for --field bspline\n"
    "also true-transform.tfm, the B-spline as an itk::BSplineTransform<double, 3, 3> file.\n"
    "  --series DIR           DICOM CT series directory (e.g. ../shared/data/ct/popi-phase00)\n"
    "  --output DIR           created when missing\n"
    "  --field bspline|rbf    cubic B-spline with random coefficients (default) or a sum of\n"
    "                         Gaussian radial-basis displacements centred in the body\n"
    "  --seed N               std::mt19937 seed (default 1); same seed, same files\n"
    "  --spacing MM           resample to MM isotropic after Gaussian smoothing (default 2)\n"
    "  --full-resolution      keep the series' own grid (no resampling)\n"
    "  --max-displacement MM  largest |u| over the fixed body (default 10)\n"
    "  --control-spacing MM   B-spline control grid spacing (default 45)\n"
    "  --rbf-centres N        number of Gaussians, 1 .. 10000 (default 16)\n"
    "  --rbf-sigma MIN MAX    their widths in mm, drawn uniformly (default 20 40)\n"
    "Exit codes: 0 written, 1 input unreadable or processing failed, 2 bad command line.\n";

struct Arguments {
  std::string series, output;
  double spacing = 2.0;
  bool fullResolution = false;
  cumed::regdata::KnownWarpOptions warp;
};

Arguments Parse(int argc, char** argv) {
  using namespace cumed::regdata;
  Arguments a;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&](int k = 1) -> std::string {
      if (i + k >= argc) throw cumed::InvalidArgument(arg + " needs a value");
      return argv[i + k];
    };
    if (arg == "--series")
      a.series = value(), ++i;
    else if (arg == "--output")
      a.output = value(), ++i;
    else if (arg == "--field")
      a.warp.family = ParseFieldFamily(value()), ++i;
    else if (arg == "--seed")
      a.warp.seed = std::uint32_t(ParseUnsigned(arg, value())), ++i;
    else if (arg == "--spacing")
      a.spacing = ParseNumber(arg, value()), ++i;
    else if (arg == "--full-resolution")
      a.fullResolution = true;
    else if (arg == "--max-displacement")
      a.warp.maxDisplacementMm = ParseNumber(arg, value()), ++i;
    else if (arg == "--control-spacing")
      a.warp.controlSpacingMm = ParseNumber(arg, value()), ++i;
    else if (arg == "--rbf-centres")
      a.warp.rbfCentres = int(std::min(ParseUnsigned(arg, value()), 1000000ul)), ++i;
    else if (arg == "--rbf-sigma") {
      a.warp.rbfSigmaMinMm = ParseNumber(arg, value(1));
      a.warp.rbfSigmaMaxMm = ParseNumber(arg, value(2));
      i += 2;
    } else
      throw cumed::InvalidArgument("unknown argument '" + arg + "'");
  }
  if (a.series.empty() || a.output.empty())
    throw cumed::InvalidArgument("--series and --output are required");
  const std::pair<const char*, double> positive[] = {
      {"--spacing", a.spacing},
      {"--max-displacement", a.warp.maxDisplacementMm},
      {"--control-spacing", a.warp.controlSpacingMm},
      {"--rbf-sigma", a.warp.rbfSigmaMinMm}};
  for (const auto& [option, value] : positive)
    if (!(value > 0.0))
      throw cumed::InvalidArgument(std::string(option) + " must be positive, got " +
                                   std::to_string(value));
  if (a.warp.rbfSigmaMaxMm < a.warp.rbfSigmaMinMm)
    throw cumed::InvalidArgument("--rbf-sigma: MAX " + std::to_string(a.warp.rbfSigmaMaxMm) +
                                 " is below MIN " + std::to_string(a.warp.rbfSigmaMinMm));
  if (a.warp.rbfCentres < 1 || a.warp.rbfCentres > 10000)
    throw cumed::InvalidArgument("--rbf-centres must be 1 .. 10000, got " +
                                 std::to_string(a.warp.rbfCentres));
  return a;
}

} // namespace

int main(int argc, char** argv) {
  using namespace cumed::regdata;
  if (argc == 2 && (std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h")) {
    std::cout << kUsage;
    return 0;
  }
  Arguments args;
  try {
    args = Parse(argc, argv);
  } catch (const cumed::Error& e) {
    std::cerr << "cumed-make-known-warp: " << e.what() << "\n" << kUsage;
    return kExitUsage;
  }
  try {
    const auto start = std::chrono::steady_clock::now();
    cumed::Image ct = ReadCtSeriesAsFloat(args.series);
    cumed::Image moving = args.fullResolution ? std::move(ct) : ResampleIsotropic(ct, args.spacing);
    const KnownWarp warp = MakeKnownWarp(moving, args.warp);
    namespace fs = std::filesystem;
    fs::create_directories(args.output);
    const fs::path out(args.output);
    WriteImage(moving, (out / "moving.mha").string());
    WriteImage(warp.fixed, (out / "fixed.mha").string());
    WriteImage(warp.trueField, (out / "true-field.mha").string());
    WriteImage(warp.bodyMask, (out / "body-mask.mha").string());
    if (warp.trueGrid) WriteBSplineTransform(*warp.trueGrid, (out / "true-transform.tfm").string());
    const auto& g = moving.geometry();
    std::ofstream info(out / "known-warp.txt");
    info << "series " << args.series << "\n"
         << "grid " << g.size[0] << "x" << g.size[1] << "x" << g.size[2] << " spacing "
         << g.spacing[0] << " " << g.spacing[1] << " " << g.spacing[2] << "\n"
         << "field " << ToString(args.warp.family) << " seed " << args.warp.seed << "\n"
         << "max_displacement_in_body_mm " << warp.maxDisplacementInBodyMm << "\n"
         << "rms_displacement_in_body_mm " << warp.rmsDisplacementInBodyMm << "\n";
    if (!info) throw cumed::Error("cannot write '" + (out / "known-warp.txt").string() + "'");
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("cumed-make-known-warp: %s seed %u, grid %zux%zux%zu, max |u| in body %.4f mm, "
                "rms %.4f mm (%d scaling rounds), %.1f s -> %s\n",
                ToString(args.warp.family), args.warp.seed, g.size[0], g.size[1], g.size[2],
                warp.maxDisplacementInBodyMm, warp.rmsDisplacementInBodyMm, warp.scalingRounds,
                seconds, args.output.c_str());
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "cumed-make-known-warp: " << e.what() << "\n";
    return kExitFailed;
  }
}
