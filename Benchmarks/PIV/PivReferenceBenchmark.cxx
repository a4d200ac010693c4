// cumed-piv-reference: CuMed PIV against the reference users would pick, OpenPIV, on the pairs of
// ../shared/data/piv. OpenPIV cannot be installed here (not packaged by Debian 12, no PyPI), so
// its side is the result files OpenPIV shipped with those pairs, never a run of ours:
//   1. accuracy on synthetic-shift-3px disp_096 (truth: 3.0 px right and down): OpenPIV's stored
//      field and CuMed's on the same pair, error statistics side by side;
//   2. agreement with OpenPIV's stored field of PIV Challenge 2001A (no truth): CuMed's field
//      interpolated at OpenPIV's vectors, the differences;
//   3. CuMed's time per pair (CPU; CUDA from 8-bit host frames and from device frames when a
//      device is usable) on every pair, against OpenPIV's figures quoted by issue 11.
// Prints Markdown tables (Documentation/benchmarks.md).
//
//   cumed-piv-reference [--data DIR] [--repeat N] [--threads N] [--no-cuda]
#include "ReferenceFrames.h"
#include "cumed/benchmark/Table.h"
#include "cumed/core/Device.h"
#include "cumed/core/Timer.h"
#include "cumed/piv/Piv.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

namespace {

using namespace cumed::piv;
using cumed::benchmark::Median;
using cumed::benchmark::Ms;
namespace fs = std::filesystem;

struct Settings {
  fs::path data;
  int repeat = 5;
  int threads = 0;
  bool cuda = true;
};

struct Errors {
  double rms = 0, biasU = 0, biasV = 0, max = 0;
  int vectors = 0;
};

/// Error statistics of (u, v) against the uniform truth (d, d), over the vectors `use` accepts.
template <class Each> Errors ErrorsAgainst(double d, Each each) {
  Errors e;
  double sum2 = 0;
  each([&](double u, double v) {
    e.biasU += u - d;
    e.biasV += v - d;
    sum2 += (u - d) * (u - d) + (v - d) * (v - d);
    e.max = std::max({e.max, std::abs(u - d), std::abs(v - d)});
    ++e.vectors;
  });
  if (e.vectors) {
    e.biasU /= e.vectors;
    e.biasV /= e.vectors;
    e.rms = std::sqrt(sum2 / (2.0 * e.vectors));
  }
  return e;
}

void PrintErrors(const char* who, const char* settings, const Errors& e) {
  std::printf("| %s | %s | %d | %.4f | %+.4f, %+.4f | %.3f |\n", who, settings, e.vectors, e.rms,
              e.biasU, e.biasV, e.max);
}

/// CuMed's vectors at least `margin` px from the frame's edges (OpenPIV's interior is the same).
Errors CuMedErrors(const PivField& f, double d, int width, int height, double margin) {
  return ErrorsAgainst(d, [&](auto add) {
    for (std::size_t i = 0; i < f.size(); ++i)
      if (f.x[i] >= margin && f.y[i] >= margin && f.x[i] <= width - 1 - margin &&
          f.y[i] <= height - 1 - margin)
        add(f.u[i], f.v[i]);
  });
}

PivOptions Options(std::vector<int> windows, double overlap, int threads) {
  PivOptions o;
  o.backend = cumed::Backend::CPU;
  o.windowSizes = std::move(windows);
  o.overlap = overlap;
  o.threads = threads;
  return o;
}

void SyntheticShiftAccuracy(const Settings& s) {
  const fs::path dir = s.data / "synthetic-shift-3px";
  const cumed::Image a = reference::ReadFrame8((dir / "disp_096a.bmp").string());
  const cumed::Image b = reference::ReadFrame8((dir / "disp_096b.bmp").string());
  const auto openpiv = reference::ReadOpenPivText((dir / "disp_096a.bmp.txt").string(), 256);
  const double d = 3.0;
  // OpenPIV's grid: 40 px windows (centres from 20 px), 24 px apart along x; one window from
  // the edges = centres 40 px or more inside.
  const double margin = 40;
  std::printf("## Accuracy: synthetic-shift-3px disp_096 (truth 3.0, 3.0 px)\n\n");
  std::printf("Vectors whose centre is at least %.0f px from the edges (one 40 px window).\n\n",
              margin);
  std::printf("| field | settings | vectors | rms px | bias u, v px | max px |\n");
  std::printf("|---|---|---|---|---|---|\n");
  PrintErrors("OpenPIV (shipped result)", "40 px windows, 24 px steps (from its grid)",
              ErrorsAgainst(d, [&](auto add) {
                for (const auto& v : openpiv)
                  if (v.x >= margin && v.y >= margin && v.x <= 255 - margin && v.y <= 255 - margin)
                    add(v.u, v.v);
              }));
  struct Case {
    const char* settings;
    std::vector<int> windows;
    double overlap;
  };
  const Case cases[] = {{"40 px, 40 % overlap (24 px steps)", {40}, 0.4},
                        {"32 px, 50 %", {32}, 0.5},
                        {"64-32-16, 50 %", {64, 32, 16}, 0.5}};
  for (const Case& c : cases)
    PrintErrors("CuMed CPU", c.settings,
                CuMedErrors(ComputePiv(a, b, Options(c.windows, c.overlap, s.threads)), d, 256, 256,
                            margin));
  std::printf("\n");
}

/// Bilinear (u, v) of a CuMed field at image point (x, y); false outside its grid.
bool FieldAt(const PivField& f, double x, double y, double& u, double& v) {
  const double i = (x - f.x[0]) / f.step, j = (y - f.y[0]) / f.step;
  if (i < 0 || j < 0 || i > f.columns - 1 || j > f.rows - 1) return false;
  const int i0 = std::min(int(i), f.columns - 2), j0 = std::min(int(j), f.rows - 2);
  const double fx = i - i0, fy = j - j0;
  auto at = [&](const std::vector<float>& a, int c, int r) { return double(a[r * f.columns + c]); };
  auto lerp = [&](const std::vector<float>& a) {
    return (1 - fy) * ((1 - fx) * at(a, i0, j0) + fx * at(a, i0 + 1, j0)) +
           fy * ((1 - fx) * at(a, i0, j0 + 1) + fx * at(a, i0 + 1, j0 + 1));
  };
  u = lerp(f.u);
  v = lerp(f.v);
  return true;
}

/// For each of OpenPIV's vectors: true when it lies within 2 px of the median of its (up to 8)
/// grid neighbours, per component; OpenPIV's shipped field is not validated.
std::vector<bool> ConsistentWithNeighbours(const std::vector<reference::ReferenceVector>& field) {
  std::vector<double> xs, ys;
  for (const auto& r : field) {
    xs.push_back(r.x);
    ys.push_back(r.y);
  }
  std::sort(xs.begin(), xs.end());
  xs.erase(std::unique(xs.begin(), xs.end()), xs.end());
  std::sort(ys.begin(), ys.end());
  ys.erase(std::unique(ys.begin(), ys.end()), ys.end());
  const int columns = int(xs.size()), rows = int(ys.size());
  std::vector<int> at(std::size_t(columns) * rows, -1);
  auto index = [](const std::vector<double>& axis, double value) {
    return int(std::lower_bound(axis.begin(), axis.end(), value) - axis.begin());
  };
  for (std::size_t k = 0; k < field.size(); ++k)
    at[std::size_t(index(ys, field[k].y)) * columns + index(xs, field[k].x)] = int(k);
  std::vector<bool> consistent(field.size(), true);
  for (std::size_t k = 0; k < field.size(); ++k) {
    const int c = index(xs, field[k].x), r = index(ys, field[k].y);
    std::vector<double> us, vs;
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc) {
        if ((!dr && !dc) || c + dc < 0 || r + dr < 0 || c + dc >= columns || r + dr >= rows)
          continue;
        const int n = at[std::size_t(r + dr) * columns + c + dc];
        if (n < 0) continue;
        us.push_back(field[n].u);
        vs.push_back(field[n].v);
      }
    if (us.empty()) continue;
    consistent[k] =
        std::abs(field[k].u - Median(us)) <= 2 && std::abs(field[k].v - Median(vs)) <= 2;
  }
  return consistent;
}

void ChallengeAgreement(const Settings& s) {
  const fs::path dir = s.data / "pivchallenge-2001A";
  const cumed::Image a = reference::ReadFrame8((dir / "A001_1.tif").string());
  const cumed::Image b = reference::ReadFrame8((dir / "A001_2.tif").string());
  const int height = int(a.geometry().size[1]);
  const auto openpiv = reference::ReadOpenPivText((dir / "A001_1.tif.txt").string(), height);
  std::printf("## Agreement with OpenPIV's shipped field: PIV Challenge 2001A (no truth)\n\n");
  std::printf("CuMed's field interpolated (bilinear) at OpenPIV's %zu vectors; OpenPIV's are "
              "taken as written (y flipped to image rows).\n\n",
              openpiv.size());
  const std::vector<bool> consistent = ConsistentWithNeighbours(openpiv);
  const long inconsistent = std::count(consistent.begin(), consistent.end(), false);
  std::printf("OpenPIV's field is not validated: %ld of its %zu vectors (%.1f %%) lie more than "
              "2 px from the median of their grid neighbours. The columns after the bar compare "
              "only OpenPIV's other vectors.\n\n",
              inconsistent, openpiv.size(), 100.0 * inconsistent / openpiv.size());
  std::printf("| CuMed settings | compared | median abs diff px | rms diff px | > 0.5 px | "
              "> 2 px | \\| consistent: compared | rms diff px | > 2 px |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|\n");
  struct Case {
    const char* settings;
    std::vector<int> windows;
    double overlap;
    int extension;
  };
  const Case cases[] = {{"40 px, 40 % (OpenPIV's grid)", {40}, 0.4, 0},
                        {"32 px, 50 % (the challenge's reference analysis)", {32}, 0.5, 0},
                        {"24 px, 0 %, search extension 8 (40 px search area)", {24}, 0.0, 8},
                        {"64-32-16, 50 %", {64, 32, 16}, 0.5, 0}};
  for (const Case& c : cases) {
    PivOptions options = Options(c.windows, c.overlap, s.threads);
    options.searchExtension = c.extension;
    const PivField f = ComputePiv(a, b, options);
    std::vector<double> diffs;
    double sum2 = 0, sum2Consistent = 0;
    int over05 = 0, over2 = 0, consistentCount = 0, over2Consistent = 0;
    for (std::size_t k = 0; k < openpiv.size(); ++k) {
      const auto& r = openpiv[k];
      double u, v;
      if (r.flag != 0 || !FieldAt(f, r.x, r.y, u, v)) continue;
      const double dist = std::hypot(u - r.u, v - r.v);
      diffs.push_back(dist);
      sum2 += dist * dist;
      over05 += dist > 0.5;
      over2 += dist > 2.0;
      if (consistent[k]) {
        ++consistentCount;
        sum2Consistent += dist * dist;
        over2Consistent += dist > 2.0;
      }
    }
    const double n = double(diffs.size());
    std::printf("| %s | %zu | %.3f | %.3f | %.1f %% | %.1f %% | %d | %.3f | %.1f %% |\n",
                c.settings, diffs.size(), Median(diffs), std::sqrt(sum2 / n), 100.0 * over05 / n,
                100.0 * over2 / n, consistentCount, std::sqrt(sum2Consistent / consistentCount),
                100.0 * over2Consistent / consistentCount);
  }
  std::printf("\n");
}

/// Median seconds of `repeat` runs after a warm-up.
double Time(const cumed::Image& a, const cumed::Image& b, const PivOptions& o, int repeat) {
  ComputePiv(a, b, o);
  std::vector<double> seconds;
  for (int r = 0; r < repeat; ++r) {
    cumed::Stopwatch watch;
    ComputePiv(a, b, o);
    seconds.push_back(watch.elapsedSeconds());
  }
  return Median(seconds);
}

void Timings(const Settings& s) {
  const bool cuda = s.cuda && cumed::CudaUsable();
  std::printf("## Time per pair\n\nCuMed measured here (median of %d after a warm-up; 8-bit "
              "frames; validation on). OpenPIV: issue 11's figures for a 1024 x 1024 pair on a "
              "2-core CPU (0.5-0.9 s single pass, 5-6 s multi-pass), not measured here; the "
              "ratio uses their midpoints (0.7 s, 5.5 s) for the 1024 x 1024 pair only.\n\n",
              s.repeat);
  std::printf("| pair | size | settings | vectors | CuMed CPU ms | CUDA ms (8-bit host) | "
              "CUDA ms (device) | CUDA pairs/s (device) | OpenPIV (issue) / CuMed CPU |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|\n");
  struct Pair {
    const char* name;
    const char* first;
    const char* second;
  };
  const Pair pairs[] = {
      {"openpiv-exp1", "openpiv-exp1/exp1_001_a.bmp", "openpiv-exp1/exp1_001_b.bmp"},
      {"synthetic-shift disp_096", "synthetic-shift-3px/disp_096a.bmp",
       "synthetic-shift-3px/disp_096b.bmp"},
      {"openpiv-pattern1", "openpiv-pattern1/Pattern_1_A.tif", "openpiv-pattern1/Pattern_1_B.tif"},
      {"pivchallenge-2001A", "pivchallenge-2001A/A001_1.tif", "pivchallenge-2001A/A001_2.tif"}};
  struct Workload {
    const char* name;
    std::vector<int> windows;
    double openpivSeconds;
  };
  const Workload workloads[] = {{"single pass 32 px, 50 %", {32}, 0.7},
                                {"single pass 16 px, 50 %", {16}, 0.7},
                                {"64-32-16, 50 %", {64, 32, 16}, 5.5}};
  for (const Pair& p : pairs) {
    const cumed::Image a = reference::ReadFrame8((s.data / p.first).string());
    const cumed::Image b = reference::ReadFrame8((s.data / p.second).string());
    cumed::Image aDevice, bDevice;
    if (cuda) {
      aDevice = a.toDevice();
      bDevice = b.toDevice();
    }
    const auto& size = a.geometry().size;
    for (const Workload& w : workloads) {
      PivOptions o = Options(w.windows, 0.5, s.threads);
      if (int(size[0]) < w.windows.front() || int(size[1]) < w.windows.front()) continue;
      const double cpu = Time(a, b, o, s.repeat);
      const std::size_t vectors = ComputePiv(a, b, o).size();
      double host = -1, device = -1;
      if (cuda) {
        o.backend = cumed::Backend::CUDA;
        host = Time(a, b, o, s.repeat);
        device = Time(aDevice, bDevice, o, s.repeat);
      }
      char ratio[32] = "-", pairsPerSecond[32] = "-";
      if (device > 0) std::snprintf(pairsPerSecond, sizeof pairsPerSecond, "%.0f", 1.0 / device);
      if (size[0] == 1024 && size[1] == 1024)
        std::snprintf(ratio, sizeof ratio, "%.0fx", w.openpivSeconds / cpu);
      std::printf("| %s | %zux%zu | %s | %zu | %s | %s | %s | %s | %s |\n", p.name, size[0],
                  size[1], w.name, vectors, Ms(cpu).c_str(), Ms(host).c_str(), Ms(device).c_str(),
                  pairsPerSecond, ratio);
    }
  }
  std::printf("\n");
}

int Usage(const char* problem) {
  std::fprintf(stderr,
               "cumed-piv-reference: %s\nusage: cumed-piv-reference [--data DIR] [--repeat N] "
               "[--threads N] [--no-cuda]\n",
               problem);
  return 2;
}

} // namespace

int main(int argc, char** argv) {
  Settings s;
  const char* source = std::getenv("CUMED_SOURCE_DIR");
  s.data = fs::path(source ? source : CUMED_PIV_SOURCE_DIR) / ".." / "shared" / "data" / "piv";
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto number = [&](int& target, int low) {
      if (i + 1 >= argc) return false;
      char* end = nullptr;
      const long value = std::strtol(argv[++i], &end, 10);
      if (*end || value < low || value > 1000) return false;
      target = int(value);
      return true;
    };
    if (arg == "--data" && i + 1 < argc) {
      s.data = argv[++i];
    } else if (arg == "--repeat") {
      if (!number(s.repeat, 1)) return Usage("--repeat takes 1..1000");
    } else if (arg == "--threads") {
      if (!number(s.threads, 0)) return Usage("--threads takes 0 (every core) .. 1000");
    } else if (arg == "--no-cuda") {
      s.cuda = false;
    } else if (arg == "--help" || arg == "-h") {
      Usage("CuMed against OpenPIV's shipped results on ../shared/data/piv");
      return 0;
    } else {
      return Usage(("unknown argument '" + arg + "'").c_str());
    }
  }
  if (!fs::is_directory(s.data))
    return Usage(("no PIV data at '" + s.data.string() + "' (give --data DIR)").c_str());
  std::printf("# cumed-piv-reference: CuMed vs OpenPIV's shipped results (%s)\n\n%s\n\n",
              s.data.string().c_str(), cumed::DescribeDevices().c_str());
  try {
    SyntheticShiftAccuracy(s);
    ChallengeAgreement(s);
    Timings(s);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "cumed-piv-reference: error: %s\n", e.what());
    return 1;
  }
  return 0;
}
