#pragma once
// Resampling shared by both backends: frames at sub-pixel positions (bilinear, bicubic; edges
// clamped) and the previous pass's vector field anywhere (bilinear between window centres,
// constant beyond the outermost centres).
#include "cumed/core/HostDevice.h"
#include "cumed/piv/PivOptions.h"
#include "src/PassGrid.h"

#include <math.h>

namespace cumed::piv::detail {

CUMED_HOST_DEVICE int ClampIndex(int i, int n) {
  return i < 0 ? 0 : (i >= n ? n - 1 : i);
}

CUMED_HOST_DEVICE float SampleBilinear(const float* image, int width, int height, float x,
                                       float y) {
  const float fx = floorf(x), fy = floorf(y);
  const int x0 = int(fx), y0 = int(fy);
  const float tx = x - fx, ty = y - fy;
  const int xa = ClampIndex(x0, width), xb = ClampIndex(x0 + 1, width);
  const int ya = ClampIndex(y0, height), yb = ClampIndex(y0 + 1, height);
  const float top = image[ya * width + xa] * (1.f - tx) + image[ya * width + xb] * tx;
  const float bottom = image[yb * width + xa] * (1.f - tx) + image[yb * width + xb] * tx;
  return top * (1.f - ty) + bottom * ty;
}

/// Cubic B-spline basis weights at fraction t of a cell (points -1, 0, +1, +2).
CUMED_HOST_DEVICE void CubicBSplineWeights(float t, float w[4]) {
  const float t2 = t * t, t3 = t2 * t, s = 1.f - t;
  w[0] = s * s * s / 6.f;
  w[1] = (4.f - 6.f * t2 + 3.f * t3) / 6.f;
  w[2] = (1.f + 3.f * t + 3.f * t2 - 3.f * t3) / 6.f;
  w[3] = t3 / 6.f;
}

/// Turns samples into cubic B-spline coefficients in place (Unser's recursive filter, pole
/// sqrt(3) - 2): the spline through the coefficients interpolates the samples. Keys-type cubic
/// convolution blurs small particle images asymmetrically at the mirrored fractions a symmetric
/// deformation samples the two frames at, biasing the residual (0.04-0.07 px for 2.5 px
/// particles); the interpolating spline cuts that about four-fold.
CUMED_HOST_DEVICE void PrefilterCubicBSpline(float* c, int n, int stride) {
  if (n < 2) return;
  const float z = -0.26794919f; // sqrt(3) - 2
  float sum = c[0], zk = z;
  for (int k = 1; k < n && k < 14; ++k) { // |z|^14 < 1e-8: the rest of the series is noise
    sum += zk * c[k * stride];
    zk *= z;
  }
  c[0] = sum;
  for (int k = 1; k < n; ++k) c[k * stride] += z * c[(k - 1) * stride];
  c[(n - 1) * stride] = (z / (z * z - 1.f)) * (c[(n - 1) * stride] + z * c[(n - 2) * stride]);
  for (int k = n - 2; k >= 0; --k) c[k * stride] = z * (c[(k + 1) * stride] - c[k * stride]);
  for (int k = 0; k < n; ++k) c[k * stride] *= 6.f;
}

/// The interpolating cubic spline at (x, y), from coefficients (PrefilterCubicBSpline along
/// rows and columns); edges clamped.
CUMED_HOST_DEVICE float SampleBicubic(const float* coefficients, int width, int height, float x,
                                      float y) {
  const float fx = floorf(x), fy = floorf(y);
  const int x0 = int(fx), y0 = int(fy);
  float wx[4], wy[4];
  CubicBSplineWeights(x - fx, wx);
  CubicBSplineWeights(y - fy, wy);
  float sum = 0.f;
  for (int j = 0; j < 4; ++j) {
    const float* row = coefficients + ClampIndex(y0 - 1 + j, height) * width;
    float line = 0.f;
    for (int i = 0; i < 4; ++i) line += wx[i] * row[ClampIndex(x0 - 1 + i, width)];
    sum += wy[j] * line;
  }
  return sum;
}

/// Lanczos-windowed sinc of radius a = 6 (12 x 12 pixels): on 2-3 px particles a = 4 left a
/// resampling bias of -0.0032 px on synthetic-shift-3px, a = 6 -0.0027, a = 8 -0.0026.
constexpr int kLanczosRadius = 6;
constexpr int kLanczosTaps = 2 * kLanczosRadius;

/// Weights normalised to sum 1. The sines come from two: sin(pi (i-5-t)) = (-1)^i sin(pi t), and
/// the window's sin(pi x / 6) steps by pi/6 from tap to tap (a rotation). The device takes its
/// fast sine-of-pi and division (the weights were most of a deformation's instructions); the
/// backends' weights then differ in the last bits, the deformed frames by about 1e-6.
CUMED_HOST_DEVICE void LanczosWeights(float t, float w[kLanczosTaps]) {
  const float pi = 3.14159265f, a = float(kLanczosRadius);
  const float cosStep = 0.86602540f, sinStep = 0.5f; // cos(pi/6), sin(pi/6)
  const float scaleAPi2 = a / (pi * pi);
#if defined(__CUDA_ARCH__)
  const float sinPiT = sinpif(t);
  float s, c;
  sincospif((float(1 - kLanczosRadius) - t) / a, &s, &c);
#else
  const float sinPiT = sinf(pi * t);
  const float start = pi * (float(1 - kLanczosRadius) - t) / a;
  float s = sinf(start), c = cosf(start);
#endif
  float sum = 0.f;
  CUMED_UNROLL
  for (int i = 0; i < kLanczosTaps; ++i) {
    const float x = float(i + 1 - kLanczosRadius) - t;
    const float numerator = scaleAPi2 * ((i & 1) ? -sinPiT : sinPiT) * s;
#if defined(__CUDA_ARCH__)
    w[i] = fabsf(x) > 1e-4f ? __fdividef(numerator, x * x) : 1.f;
#else
    w[i] = fabsf(x) > 1e-4f ? numerator / (x * x) : 1.f;
#endif
    sum += w[i];
    const float next = s * cosStep + c * sinStep;
    c = c * cosStep - s * sinStep;
    s = next;
  }
  const float scale = 1.f / sum;
  CUMED_UNROLL
  for (int i = 0; i < kLanczosTaps; ++i) w[i] *= scale;
}

CUMED_HOST_DEVICE float SampleLanczos(const float* image, int width, int height, float x, float y) {
  const float fx = floorf(x), fy = floorf(y);
  const int x0 = int(fx) + 1 - kLanczosRadius, y0 = int(fy) + 1 - kLanczosRadius;
  float wx[kLanczosTaps], wy[kLanczosTaps];
  LanczosWeights(x - fx, wx);
  LanczosWeights(y - fy, wy);
  float sum = 0.f;
  if (x0 >= 0 && y0 >= 0 && x0 + kLanczosTaps <= width && y0 + kLanczosTaps <= height) {
    // Inside the frame (nearly every sample): no clamping, the same sums.
    const float* corner = image + y0 * width + x0;
    CUMED_UNROLL
    for (int j = 0; j < kLanczosTaps; ++j) {
      const float* row = corner + j * width;
      float line = 0.f;
      CUMED_UNROLL
      for (int i = 0; i < kLanczosTaps; ++i) line += wx[i] * row[i];
      sum += wy[j] * line;
    }
    return sum;
  }
  for (int j = 0; j < kLanczosTaps; ++j) {
    const float* row = image + ClampIndex(y0 + j, height) * width;
    float line = 0.f;
    for (int i = 0; i < kLanczosTaps; ++i) line += wx[i] * row[ClampIndex(x0 + i, width)];
    sum += wy[j] * line;
  }
  return sum;
}

CUMED_HOST_DEVICE float SampleFrame(const float* image, int width, int height, float x, float y,
                                    Interpolation interpolation) {
  if (interpolation == Interpolation::Lanczos) return SampleLanczos(image, width, height, x, y);
  return interpolation == Interpolation::Bicubic ? SampleBicubic(image, width, height, x, y)
                                                 : SampleBilinear(image, width, height, x, y);
}

/// A vector field on a window-centre grid: centre (c, r) is at origin + (c, r) * step.
struct GridView {
  const float* u = nullptr;
  const float* v = nullptr;
  int columns = 0, rows = 0;
  float origin = 0.f, step = 1.f;
};

/// The predictor at vector (c, r): the mean of the unmasked vectors in its (2 radius + 1)^2
/// neighbourhood, itself included (0 when all are masked). Smoothing the predictor keeps the
/// noise of one pass from being frozen into the next one's deformation.
CUMED_HOST_DEVICE void SmoothedAt(const float* u, const float* v, const unsigned char* flags,
                                  int columns, int rows, int c, int r, int radius, float& su,
                                  float& sv) {
  float sumU = 0.f, sumV = 0.f;
  int count = 0;
  for (int dr = -radius; dr <= radius; ++dr)
    for (int dc = -radius; dc <= radius; ++dc) {
      const int cc = c + dc, rr = r + dr;
      if (cc < 0 || rr < 0 || cc >= columns || rr >= rows) continue;
      const int j = rr * columns + cc;
      if (flags[j] & 1) continue; // Masked
      sumU += u[j];
      sumV += v[j];
      ++count;
    }
  su = count ? sumU / float(count) : 0.f;
  sv = count ? sumV / float(count) : 0.f;
}

/// The grid view of a pass's vectors (arrays in host or device memory).
CUMED_HOST_DEVICE GridView GridViewOf(const float* u, const float* v, const PassGrid& g) {
  GridView view;
  view.u = u;
  view.v = v;
  view.columns = g.columns;
  view.rows = g.rows;
  view.origin = WindowCentre(g, 0);
  view.step = float(g.step);
  return view;
}

/// Position on the grid in cell units, clamped to the outermost centres.
CUMED_HOST_DEVICE float GridCoordinate(float p, float origin, float step, int count) {
  const float g = (p - origin) / step;
  return g < 0.f ? 0.f : (g > float(count - 1) ? float(count - 1) : g);
}

CUMED_HOST_DEVICE void SampleGrid(const GridView& g, float x, float y, float& u, float& v) {
  const float gx = GridCoordinate(x, g.origin, g.step, g.columns);
  const float gy = GridCoordinate(y, g.origin, g.step, g.rows);
  const int c0 = int(gx), r0 = int(gy);
  const int c1 = c0 + 1 < g.columns ? c0 + 1 : c0, r1 = r0 + 1 < g.rows ? r0 + 1 : r0;
  const float tx = gx - float(c0), ty = gy - float(r0);
  const int i00 = r0 * g.columns + c0, i01 = r0 * g.columns + c1;
  const int i10 = r1 * g.columns + c0, i11 = r1 * g.columns + c1;
  u = (g.u[i00] * (1.f - tx) + g.u[i01] * tx) * (1.f - ty) +
      (g.u[i10] * (1.f - tx) + g.u[i11] * tx) * ty;
  v = (g.v[i00] * (1.f - tx) + g.v[i01] * tx) * (1.f - ty) +
      (g.v[i10] * (1.f - tx) + g.v[i11] * tx) * ty;
}

template <Interpolation I>
CUMED_HOST_DEVICE void DeformPixelWith(const float* first, const float* second, int width,
                                       int height, const GridView& predictor, int x, int y,
                                       float& outFirst, float& outSecond) {
  float du, dv;
  SampleGrid(predictor, float(x), float(y), du, dv);
  outFirst = SampleFrame(first, width, height, float(x) - 0.5f * du, float(y) - 0.5f * dv, I);
  outSecond = SampleFrame(second, width, height, float(x) + 0.5f * du, float(y) + 0.5f * dv, I);
}

/// Symmetric deformation at pixel (x, y) by the predictor d there: the first frame sampled at
/// p - d/2, the second at p + d/2, so a uniform displacement d leaves two identical frames.
/// `first`/`second` are the frames (bilinear) or their spline coefficients (bicubic).
CUMED_HOST_DEVICE void DeformPixel(const float* first, const float* second, int width, int height,
                                   const GridView& predictor, Interpolation interpolation, int x,
                                   int y, float& outFirst, float& outSecond) {
  // One branch per interpolation around the whole pixel (not per sample): each is compiled on
  // its own, small enough for the device compiler to unroll the Lanczos taps.
  if (interpolation == Interpolation::Lanczos)
    return DeformPixelWith<Interpolation::Lanczos>(first, second, width, height, predictor, x, y,
                                                   outFirst, outSecond);
  if (interpolation == Interpolation::Bicubic)
    return DeformPixelWith<Interpolation::Bicubic>(first, second, width, height, predictor, x, y,
                                                   outFirst, outSecond);
  DeformPixelWith<Interpolation::Bilinear>(first, second, width, height, predictor, x, y, outFirst,
                                           outSecond);
}

} // namespace cumed::piv::detail
