// cumed-piv-accuracy: RMS error against the known field of synthetic pairs (Testing/
// ParticleImages) for each choice of the pair-loss correction: a Lamb-Oseen vortex (6 px peak),
// a shear (+-5 px) and a sub-pixel family (ten uniform shifts 3.0..3.9, -0.0..-0.9 px), with
// Gaussian (2.5 px) or disc (3 px, non-Gaussian) particles, 15 % out-of-plane loss and noise,
// evaluated 64-32-16 with window deformation and single pass 32 (50 % overlap). Prints the
// Markdown table of Documentation/piv.md.
//
//   cumed-piv-accuracy [--seeds N] [--size N] [--pair-loss LIST] [--backend cpu|cuda]
//   (LIST: default,none,first,all)
#include "FieldErrors.h"
#include "ParticleImages.h"
#include "cumed/piv/Piv.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

namespace {

using namespace cumed::piv;
namespace ct = cumed::testing;

struct Family {
  std::string name;
  std::vector<ct::DisplacementField> fields; ///< pooled into one row
};

std::vector<Family> Families(int size) {
  const double c = (size - 1) / 2.0;
  Family subPixel{"sub-pixel family", {}};
  for (int k = 0; k < 10; ++k)
    subPixel.fields.push_back(ct::UniformDisplacement(3 + 0.1 * k, -0.1 * k));
  return {{"vortex", {ct::VortexDisplacement(c, c, 6.0, size / 6.0)}},
          {"shear", {ct::ShearDisplacement(c, 10.0 / size)}},
          subPixel};
}

/// Sets the correction; "default" leaves the library's default.
bool ApplyPairLoss(PivOptions& o, const std::string& mode) {
  if (mode == "default") return true;
  if (mode == "none")
    o.pairLossCorrection = PairLossCorrection::None;
  else if (mode == "first")
    o.pairLossCorrection = PairLossCorrection::FirstPass;
  else if (mode == "all")
    o.pairLossCorrection = PairLossCorrection::AllPasses;
  else
    return false;
  return true;
}

struct Pooled {
  double sum2 = 0, max = 0;
  long vectors = 0, outliers = 0;
};

/// Interior vectors (at least 16 px of grid from the edges) against the truth.
void Accumulate(const PivField& f, const ct::DisplacementField& truth, Pooled& p) {
  const int border = (16 + f.step - 1) / f.step;
  for (int r = border; r < f.rows - border; ++r)
    for (int c = border; c < f.columns - border; ++c) {
      const int i = r * f.columns + c;
      double dx, dy;
      truth(f.x[i], f.y[i], dx, dy);
      const double eu = f.u[i] - dx, ev = f.v[i] - dy;
      p.sum2 += eu * eu + ev * ev;
      p.max = std::max({p.max, std::abs(eu), std::abs(ev)});
      p.outliers += std::abs(eu) > 0.5 || std::abs(ev) > 0.5;
      ++p.vectors;
    }
}

int Usage(const char* problem) {
  std::fprintf(stderr,
               "cumed-piv-accuracy: %s\nusage: cumed-piv-accuracy [--seeds N] [--size N] "
               "[--pair-loss default,none,first,all] [--backend cpu|cuda]\n",
               problem);
  return 2;
}

} // namespace

int main(int argc, char** argv) {
  int seeds = 4, size = 256;
  std::vector<std::string> modes{"none", "first", "all"};
  cumed::Backend backend = cumed::Backend::CPU;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if ((arg == "--seeds" || arg == "--size") && i + 1 < argc) {
      const int value = std::atoi(argv[++i]);
      if (value < 1) return Usage("--seeds and --size take a positive number");
      (arg == "--seeds" ? seeds : size) = value;
    } else if (arg == "--backend" && i + 1 < argc) {
      const std::string name = argv[++i];
      if (name != "cpu" && name != "cuda") return Usage("--backend takes cpu or cuda");
      backend = name == "cuda" ? cumed::Backend::CUDA : cumed::Backend::CPU;
    } else if (arg == "--pair-loss" && i + 1 < argc) {
      modes.clear();
      std::stringstream list(argv[++i]);
      for (std::string m; std::getline(list, m, ',');) modes.push_back(m);
    } else {
      return Usage(("unknown argument '" + arg + "'").c_str());
    }
  }
  std::printf("| field | particles | passes | pair loss | vectors | RMS px | max px | > 0.5 px |\n"
              "|---|---|---|---|---|---|---|---|\n");
  const std::vector<std::vector<int>> passes{{64, 32, 16}, {32}};
  for (const Family& family : Families(size))
    for (const ct::ParticleShape shape : {ct::ParticleShape::Gaussian, ct::ParticleShape::Disc})
      for (const std::vector<int>& windows : passes)
        for (const std::string& mode : modes) {
          PivOptions o;
          o.backend = backend;
          o.windowSizes = windows;
          o.overlap = 0.5;
          if (!ApplyPairLoss(o, mode)) return Usage(("unknown --pair-loss '" + mode + "'").c_str());
          Pooled p;
          for (int seed = 1; seed <= seeds; ++seed)
            for (std::size_t k = 0; k < family.fields.size(); ++k) {
              ct::ParticleImageSettings s;
              s.width = s.height = size;
              s.particlesPerPixel = 0.04;
              s.shape = shape;
              s.particleDiameter = shape == ct::ParticleShape::Disc ? 3.0 : 2.5;
              s.outOfPlaneLoss = 0.15;
              s.noise = 2.0;
              s.seed = std::uint32_t(1000 * seed + k);
              const auto pair = ct::RenderParticlePair(s, family.fields[k]);
              Accumulate(ComputePiv(pair.first, pair.second, o), family.fields[k], p);
            }
          std::string w;
          for (const int size : windows) w += (w.empty() ? "" : "-") + std::to_string(size);
          std::printf("| %s | %s | %s | %s | %ld | %.4f | %.3f | %ld |\n", family.name.c_str(),
                      shape == ct::ParticleShape::Disc ? "disc 3 px" : "Gaussian 2.5 px", w.c_str(),
                      mode.c_str(), p.vectors, std::sqrt(p.sum2 / (2.0 * std::max(1L, p.vectors))),
                      p.max, p.outliers);
          std::fflush(stdout);
        }
  return 0;
}
