#include "DirectCorrelation.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>

namespace cumed::piv::test {

namespace {

/// A host frame's pixels as double, whatever its type.
std::vector<double> Pixels(const Image& image) {
  const std::size_t count = image.geometry().numberOfPixels();
  std::vector<double> out(count);
  for (std::size_t i = 0; i < count; ++i) {
    switch (image.pixelType()) {
    case PixelType::UInt8:
      out[i] = image.view<std::uint8_t>().data[i];
      break;
    case PixelType::Int16:
      out[i] = image.view<std::int16_t>().data[i];
      break;
    case PixelType::UInt16:
      out[i] = image.view<std::uint16_t>().data[i];
      break;
    case PixelType::Float32:
      out[i] = image.view<float>().data[i];
      break;
    }
  }
  return out;
}

/// What piv.md says of a pass: grid step, window, extension and the buffer side.
struct Layout {
  int window, extension, side, step, columns, rows;
};

Layout LayoutOf(int width, int height, const PivOptions& o) {
  Layout l;
  l.window = o.windowSizes.front();
  l.extension = o.searchExtension;
  l.side = (l.window + 2 * l.extension) * (o.zeroPadding ? 2 : 1);
  l.step = std::max(1, int(std::lround(l.window * (1.0 - o.overlap))));
  l.columns = (width - l.window) / l.step + 1;
  l.rows = (height - l.window) / l.step + 1;
  return l;
}

/// Window (x0, y0)'s buffers: the first frame's window `extension` px in, the second frame's
/// window grown by `extension` on each side (pixels outside the frame are zero), each less its
/// own mean when asked. False when a pixel is not finite.
bool Buffers(const std::vector<double>& first, const std::vector<double>& second, int width,
             int height, const Layout& l, int x0, int y0, bool removeMean, std::vector<double>& a,
             std::vector<double>& b) {
  const int n = l.side, e = l.extension, span = l.window + 2 * e;
  a.assign(std::size_t(n) * n, 0.0);
  b.assign(std::size_t(n) * n, 0.0);
  std::vector<char> inB(std::size_t(n) * n, 0);
  double sumA = 0, sumB = 0;
  int countB = 0;
  bool finite = true;
  for (int j = 0; j < l.window; ++j)
    for (int i = 0; i < l.window; ++i) {
      const double value = first[std::size_t(y0 + j) * width + x0 + i];
      a[std::size_t(j + e) * n + i + e] = value;
      sumA += value;
      finite = finite && std::isfinite(value);
    }
  for (int j = 0; j < span; ++j)
    for (int i = 0; i < span; ++i) {
      const int x = x0 - e + i, y = y0 - e + j;
      if (x < 0 || y < 0 || x >= width || y >= height) continue;
      const double value = second[std::size_t(y) * width + x];
      b[std::size_t(j) * n + i] = value;
      inB[std::size_t(j) * n + i] = 1;
      sumB += value;
      ++countB;
      finite = finite && std::isfinite(value);
    }
  if (removeMean) {
    const double meanA = sumA / (double(l.window) * l.window);
    const double meanB = countB ? sumB / countB : 0.0;
    for (int j = 0; j < l.window; ++j)
      for (int i = 0; i < l.window; ++i) a[std::size_t(j + e) * n + i + e] -= meanA;
    for (std::size_t k = 0; k < b.size(); ++k)
      if (inB[k]) b[k] -= meanB;
  }
  return finite;
}

/// R(sx, sy) = sum a(i, j) b((i + sx) mod n, (j + sy) mod n) for every shift, row-major by sy.
std::vector<double> Plane(const std::vector<double>& a, const std::vector<double>& b,
                          const Layout& l) {
  const int n = l.side, e = l.extension;
  std::vector<double> plane(std::size_t(n) * n, 0.0);
  for (int sy = 0; sy < n; ++sy)
    for (int sx = 0; sx < n; ++sx) {
      double sum = 0;
      for (int j = e; j < e + l.window; ++j) { // a is zero elsewhere
        const double* rowA = &a[std::size_t(j) * n];
        const double* rowB = &b[std::size_t((j + sy) % n) * n];
        for (int i = e; i < e + l.window; ++i) sum += rowA[i] * rowB[(i + sx) % n];
      }
      plane[std::size_t(sy) * n + sx] = sum;
    }
  return plane;
}

int Signed(int k, int n) {
  return k > n / 2 ? k - n : k;
}

int CircularDistance(int a, int b, int n) {
  const int d = std::abs(a - b);
  return std::min(d, n - d);
}

/// Pixels of the first window (columns e .. e+W-1) whose partner at +s lies in the second
/// window's span 0 .. W+2e-1 (no wrap-around).
double Pairs(int s, const Layout& l) {
  const int lo = std::max(l.extension, -s);
  const int hi = std::min(l.extension + l.window, l.window + 2 * l.extension - s);
  return std::max(0, hi - lo);
}

double Offset(double left, double centre, double right, SubPixelFit fit) {
  const bool positive = left > 0 && centre > 0 && right > 0;
  double offset;
  if (fit == SubPixelFit::Gaussian && positive) {
    const double l = std::log(left), c = std::log(centre), r = std::log(right);
    offset = (l - r) / (2 * l - 4 * c + 2 * r);
  } else if (fit == SubPixelFit::Centroid && positive) {
    offset = (right - left) / (left + centre + right);
  } else {
    offset = (left - right) / (2 * left - 4 * centre + 2 * right);
  }
  return std::isfinite(offset) && std::abs(offset) < 1 ? offset : 0.0;
}

/// The fit along one axis around integer shift s, and (in `spread`) how far it moves when each
/// value moves by `delta` either way; `flips` when such a move changes which formula applies
/// (a value near zero: Gaussian or centroid against the parabola).
double AxisFit(double left, double centre, double right, int s, const Layout& l, SubPixelFit fit,
               bool correct, double delta, double& spread, bool& flips) {
  double wl = 1, wc = 1, wr = 1;
  if (correct && Pairs(s - 1, l) > 0 && Pairs(s, l) > 0 && Pairs(s + 1, l) > 0) {
    wl = Pairs(s - 1, l);
    wc = Pairs(s, l);
    wr = Pairs(s + 1, l);
  }
  const double offset = Offset(left / wl, centre / wc, right / wr, fit);
  spread = 0;
  const bool positive = left > 0 && centre > 0 && right > 0;
  for (int signs = 0; signs < 8; ++signs) {
    const double dl = signs & 1 ? delta : -delta, dc = signs & 2 ? delta : -delta,
                 dr = signs & 4 ? delta : -delta;
    flips = flips || positive != (left + dl > 0 && centre + dc > 0 && right + dr > 0);
    const double moved = Offset((left + dl) / wl, (centre + dc) / wc, (right + dr) / wr, fit);
    spread = std::max(spread, std::abs(moved - offset));
  }
  return s + offset;
}

double Capped(double numerator, double denominator) {
  if (numerator <= 0) return 0;
  return denominator > numerator / 1e6 ? numerator / denominator : 1e6;
}

DirectVector Evaluate(const std::vector<double>& plane, const Layout& l, const PivOptions& o,
                      double energyA, double energyB, double floatError) {
  const int n = l.side;
  DirectVector d;
  d.energyScale = std::sqrt(energyA * energyB);
  const double larger = std::max(energyA, energyB);
  const double delta =
      floatError *
      (o.normalizedCorrelation ? (d.energyScale > 0 ? larger / d.energyScale : 0.0) : larger);
  d.valueTolerance = delta;
  int best = 0;
  for (int k = 1; k < n * n; ++k)
    if (plane[k] > plane[best]) best = k;
  const double peak = plane[best];
  if (!(peak > 0)) {
    d.flags = InvalidPeak;
    return d;
  }
  double second = -1e300, positive = 0, runnerUp = -1e300;
  for (int k = 0; k < n * n; ++k) {
    if (plane[k] > 0) positive += plane[k];
    const bool near =
        CircularDistance(k % n, best % n, n) <= 2 && CircularDistance(k / n, best / n, n) <= 2;
    if (!near) second = std::max(second, plane[k]);
    if (k != best) runnerUp = std::max(runnerUp, plane[k]);
  }
  const int px = best % n, py = best / n;
  const auto at = [&](int x, int y) { return plane[std::size_t((y + n) % n) * n + (x + n) % n]; };
  double spreadU, spreadV;
  bool flips = false;
  const bool correct = o.pairLossCorrection != PairLossCorrection::None; // one pass: the first
  const double u = AxisFit(at(px - 1, py), peak, at(px + 1, py), Signed(px, n), l, o.subPixel,
                           correct, delta, spreadU, flips);
  const double v = AxisFit(at(px, py - 1), peak, at(px, py + 1), Signed(py, n), l, o.subPixel,
                           correct, delta, spreadV, flips);
  d.uTolerance = 1e-5 + std::max(spreadU, spreadV);
  // A fit that float rounding moves by more than 0.05 px (small windows without mean removal:
  // the peak a ripple on a large constant) is decided by rounding: not compared.
  const bool illConditioned =
      d.uTolerance > 0.05 || (flips && o.subPixel != SubPixelFit::Parabolic);
  d.peak = float(peak);
  d.second = float(second);
  d.peakToPeak = float(Capped(peak, second));
  d.peakToMean = float(Capped(peak, positive / (double(n) * n)));
  const double limit = l.extension + 0.25 * l.window;
  const double reach = std::max(std::abs(u), std::abs(v));
  d.ambiguous = illConditioned || runnerUp >= peak - 2 * delta || peak <= 2 * delta ||
                std::abs(reach - limit) <= d.uTolerance;
  if (reach > limit) {
    d.flags = BeyondQuarterWindow;
    return d;
  }
  d.u = float(u);
  d.v = float(v);
  return d;
}

} // namespace

std::vector<DirectVector> DirectPiv(const Image& first, const Image& second,
                                    const PivOptions& options, double floatError) {
  const int width = int(first.geometry().size[0]), height = int(first.geometry().size[1]);
  const Layout l = LayoutOf(width, height, options);
  const std::vector<double> pixelsA = Pixels(first), pixelsB = Pixels(second);
  std::vector<DirectVector> out(std::size_t(l.columns) * l.rows);
  std::vector<double> a, b;
  for (int row = 0; row < l.rows; ++row)
    for (int column = 0; column < l.columns; ++column) {
      DirectVector& d = out[std::size_t(row) * l.columns + column];
      if (!Buffers(pixelsA, pixelsB, width, height, l, column * l.step, row * l.step,
                   options.removeMean, a, b)) {
        d.flags = InvalidPeak; // a NaN or Inf pixel: no vector, every output zero
        continue;
      }
      double ea = 0, eb = 0;
      for (const double x : a) ea += x * x;
      for (const double x : b) eb += x * x;
      const double scale = std::sqrt(ea * eb);
      std::vector<double> plane = Plane(a, b, l);
      if (options.normalizedCorrelation)
        for (double& x : plane) x = scale > 0 ? x / scale : 0.0;
      d = Evaluate(plane, l, options, ea, eb, floatError);
    }
  return out;
}

double DirectPivCost(int width, int height, const PivOptions& options) {
  const Layout l = LayoutOf(width, height, options);
  return double(l.columns) * l.rows * double(l.side) * l.side * double(l.window) * l.window;
}

} // namespace cumed::piv::test
