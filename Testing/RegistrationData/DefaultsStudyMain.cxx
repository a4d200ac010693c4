// cumed-registration-defaults-study: does the default registration help on a CT pair with a known
// warp, noise and an intensity drift? Builds the known-warp case of a CT series (KnownWarp.h),
// degrades it, registers it with RegistrationOptions' defaults and with the former defaults (SSD,
// 100 iterations), and prints the field error over the body before and after, with the
// end-of-run check. The numbers in Documentation/registration.md ("Defaults") come from it.
#include "CommandLine.h"
#include "ImageFiles.h"
#include "KnownWarp.h"
#include "VolumeSampling.h"

#include "cumed/core/Backend.h"
#include "cumed/core/Error.h"
#include "cumed/registration/Registration.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace cumed;

struct Arguments {
  std::string series;
  double spacing = 4.0;
  double noiseHu = 22.0;
  bool drift = true;
  Backend backend = Backend::CPU;
  regdata::KnownWarpOptions warp;
};

/// Independent Gaussian noise of `sigma` HU on every voxel.
void AddNoise(Image& image, double sigma, unsigned seed) {
  std::mt19937 random(seed);
  std::normal_distribution<double> noise(0.0, sigma);
  float* p = image.view<float>().data;
  for (std::size_t v = 0; v < image.geometry().numberOfPixels(); ++v)
    p[v] = static_cast<float>(p[v] + noise(random));
}

/// A mild monotone curve, as between two protocols: air stays, soft tissue (0 HU) rises by about
/// 20 HU, bone (1000 HU) is back near its value: v + 0.04 t - 2e-5 t^2 with t = v + 1024 >= 0.
void AddDrift(Image& image) {
  float* p = image.view<float>().data;
  for (std::size_t v = 0; v < image.geometry().numberOfPixels(); ++v) {
    const double t = std::max(0.0, p[v] + 1024.0);
    p[v] = static_cast<float>(p[v] + 0.04 * t - 2e-5 * t * t);
  }
}

struct Errors {
  double mean = 0.0, p95 = 0.0, max = 0.0;
};

/// |estimated - truth| over the mask (truth alone when `estimated` is null).
Errors FieldErrors(const Image* estimated, const Image& truth, const Image& mask) {
  std::vector<double> e;
  const float* t = truth.view<float>().data;
  const float* u = estimated ? estimated->view<float>().data : nullptr;
  const std::uint8_t* m = mask.view<std::uint8_t>().data;
  for (std::size_t v = 0; v < truth.geometry().numberOfPixels(); ++v) {
    if (!m[v]) continue;
    double s = 0.0;
    for (int c = 0; c < 3; ++c) {
      const double d = (u ? u[3 * v + c] : 0.0) - t[3 * v + c];
      s += d * d;
    }
    e.push_back(std::sqrt(s));
  }
  Errors r;
  if (e.empty()) return r;
  for (double x : e) r.mean += x;
  r.mean /= double(e.size());
  std::sort(e.begin(), e.end());
  r.p95 = e[std::min(e.size() - 1, std::size_t(0.95 * double(e.size())))];
  r.max = e.back();
  return r;
}

Arguments Parse(int argc, char** argv) {
  Arguments a;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) throw InvalidArgument(arg + " needs a value");
      return argv[++i];
    };
    if (arg == "--spacing")
      a.spacing = regdata::ParseNumber(arg, value());
    else if (arg == "--noise")
      a.noiseHu = regdata::ParseNumber(arg, value());
    else if (arg == "--backend")
      a.backend = ParseBackend(value());
    else if (arg == "--no-drift")
      a.drift = false;
    else if (arg == "--seed")
      a.warp.seed = static_cast<std::uint32_t>(regdata::ParseUnsigned(arg, value()));
    else if (arg == "--field")
      a.warp.family = regdata::ParseFieldFamily(value());
    else if (arg == "--max-displacement")
      a.warp.maxDisplacementMm = regdata::ParseNumber(arg, value());
    else if (!arg.empty() && arg[0] != '-' && a.series.empty())
      a.series = arg;
    else
      throw InvalidArgument("unknown argument '" + arg + "'");
  }
  if (a.series.empty()) throw InvalidArgument("expected a CT series directory");
  return a;
}

void Report(const char* name, const registration::RegistrationOptions& o, const Image& fixed,
            const Image& moving, const regdata::KnownWarp& warp) {
  const registration::RegistrationResult r = registration::Register(fixed, moving, o);
  const Errors e = FieldErrors(&r.displacementField, warp.trueField, warp.bodyMask);
  std::printf("| %s (%s) | %.2f | %.2f | %.2f | %.3f | %.4f -> %.4f | %s | %.0f |\n", name,
              registration::ToString(o.metric), e.mean, e.p95, e.max, r.jacobian.foldedPercent,
              r.quality.nccBefore, r.quality.nccAfter, r.quality.ok() ? "ok" : "flagged",
              r.seconds);
  std::fflush(stdout);
}

} // namespace

int main(int argc, char** argv) {
  using namespace cumed;
  if (argc == 2 && (std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h")) {
    std::cout << "usage: cumed-registration-defaults-study SERIES [--spacing MM (4)] [--noise HU "
                 "(22)]\n  [--no-drift] [--seed N (1)] [--field bspline|rbf] "
                 "[--max-displacement MM (10)] [--backend cpu|cuda|auto (cpu)]\n";
    return 0;
  }
  try {
    const Arguments a = Parse(argc, argv);
    Image moving = regdata::ResampleIsotropic(regdata::ReadCtSeriesAsFloat(a.series), a.spacing);
    const regdata::KnownWarp warp = regdata::MakeKnownWarp(moving, a.warp);
    Image fixed = warp.fixed.clone();
    AddNoise(fixed, a.noiseHu, a.warp.seed * 2 + 1);
    AddNoise(moving, a.noiseHu, a.warp.seed * 2 + 2);
    if (a.drift) AddDrift(fixed);
    const Errors before = FieldErrors(nullptr, warp.trueField, warp.bodyMask);
    const auto& g = fixed.geometry();
    std::printf("%zux%zux%zu at %.1f mm, %s warp (max %.1f mm in the body, seed %u), noise %.0f "
                "HU, drift %s, %s\n\n",
                g.size[0], g.size[1], g.size[2], a.spacing, regdata::ToString(a.warp.family),
                a.warp.maxDisplacementMm, unsigned(a.warp.seed), a.noiseHu, a.drift ? "on" : "off",
                ToString(a.backend));
    std::printf("| run | body mean mm | p95 mm | max mm | folded %% | global NCC | check | s |\n"
                "|---|---|---|---|---|---|---|---|\n");
    std::printf("| before registration | %.2f | %.2f | %.2f | | | | |\n", before.mean, before.p95,
                before.max);
    registration::RegistrationOptions defaults;
    defaults.backend = a.backend;
    defaults.defaultPixelValue = -1024.0;
    Report("defaults", defaults, fixed, moving, warp);
    registration::RegistrationOptions former = defaults;
    former.metric = registration::SimilarityMetric::SSD;
    former.maximumIterations = 100;
    Report("former defaults", former, fixed, moving, warp);
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "cumed-registration-defaults-study: " << e.what() << "\n";
    return regdata::kExitFailed;
  }
}
