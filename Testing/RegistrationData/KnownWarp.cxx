#include "KnownWarp.h"

#include "VolumeSampling.h"

#include "cumed/core/Error.h"
#include "cumed/registration/BSplineGrid.h"
#include "cumed/registration/DisplacementField.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace cumed::regdata {
namespace {

// Uniform in [lo, hi] from one raw mt19937 output: std::uniform_real_distribution is not
// specified exactly, so it may differ between standard libraries.
double Uniform(std::mt19937& engine, double lo, double hi) {
  const double unit = (double(engine()) + 0.5) / 4294967296.0;
  return lo + (hi - lo) * unit;
}

void RequireMask(const Image& mask, const ImageGeometry& geometry, const char* what) {
  if (mask.pixelType() != PixelType::UInt8 || mask.components() != 1 ||
      mask.location() != MemoryLocation::Host)
    throw InvalidArgument(std::string(what) + ": the mask must be a host UInt8 scalar image");
  if (!(mask.geometry() == geometry))
    throw InvalidArgument(std::string(what) + ": the mask's grid differs from the image's");
}

UnscaledField BSplineField(const ImageGeometry& geometry, const KnownWarpOptions& options) {
  registration::TransformDomain domain;
  domain.origin = geometry.origin;
  domain.direction = geometry.direction;
  for (int a = 0; a < 3; ++a) {
    const double extent = geometry.spacing[a] * double(geometry.size[a] - 1);
    domain.physicalDimensions[a] = std::max(extent, geometry.spacing[a]);
    domain.meshSize[a] = std::size_t(
        std::max(1.0, std::round(domain.physicalDimensions[a] / options.controlSpacingMm)));
  }
  registration::BSplineGrid grid(domain);
  std::mt19937 engine(options.seed);
  for (int c = 0; c < 3; ++c) {
    double* coefficients = grid.coefficientData(c);
    for (std::size_t i = 0; i < grid.numberOfControlPoints(); ++i)
      coefficients[i] = Uniform(engine, -1.0, 1.0);
  }
  registration::DisplacementFieldOptions fieldOptions;
  fieldOptions.backend = Backend::CPU;
  Image field = registration::DisplacementField(grid, geometry, fieldOptions);
  return {std::move(field), std::move(grid)};
}

Image RbfField(const ImageGeometry& geometry, const Image& bodyMask,
               const KnownWarpOptions& options) {
  RequireMask(bodyMask, geometry, "RBF field");
  if (options.rbfCentres < 1 || !(options.rbfSigmaMinMm > 0.0) ||
      !(options.rbfSigmaMaxMm >= options.rbfSigmaMinMm))
    throw InvalidArgument("RBF field: need at least 1 centre and 0 < sigma min <= sigma max, got " +
                          std::to_string(options.rbfCentres) + " centres, sigma " +
                          std::to_string(options.rbfSigmaMinMm) + " .. " +
                          std::to_string(options.rbfSigmaMaxMm) + " mm");
  const std::uint8_t* body = bodyMask.view<std::uint8_t>().data;
  std::vector<std::size_t> bodyVoxels;
  for (std::size_t i = 0; i < geometry.numberOfPixels(); ++i)
    if (body[i]) bodyVoxels.push_back(i);
  if (bodyVoxels.empty()) throw InvalidArgument("RBF field: the body mask is empty");

  struct Basis {
    Point3 centre;
    double sigma;
    std::array<double, 3> amplitude;
  };
  const IndexMapper mapper(geometry);
  std::mt19937 engine(options.seed);
  std::vector<Basis> bases(std::size_t(options.rbfCentres));
  for (Basis& b : bases) {
    const std::size_t v = bodyVoxels[std::size_t(engine()) % bodyVoxels.size()];
    const std::size_t nx = geometry.size[0], ny = geometry.size[1];
    b.centre = mapper.toPoint({double(v % nx), double(v / nx % ny), double(v / (nx * ny))});
    b.sigma = Uniform(engine, options.rbfSigmaMinMm, options.rbfSigmaMaxMm);
    for (double& a : b.amplitude) a = Uniform(engine, -1.0, 1.0);
  }
  Image field = Image::Allocate(PixelType::Float32, geometry, MemoryLocation::Host, 3);
  float* u = field.view<float>().data;
  const long slices = long(geometry.size[2]);
#pragma omp parallel for schedule(static)
  for (long z = 0; z < slices; ++z)
    for (std::size_t y = 0; y < geometry.size[1]; ++y)
      for (std::size_t x = 0; x < geometry.size[0]; ++x) {
        const Point3 p = mapper.toPoint({double(x), double(y), double(z)});
        std::array<double, 3> sum{0.0, 0.0, 0.0};
        for (const Basis& b : bases) {
          double r2 = 0.0;
          for (int a = 0; a < 3; ++a) r2 += (p[a] - b.centre[a]) * (p[a] - b.centre[a]);
          const double w = std::exp(-0.5 * r2 / (b.sigma * b.sigma));
          for (int a = 0; a < 3; ++a) sum[a] += w * b.amplitude[a];
        }
        float* out = u + 3 * ((std::size_t(z) * geometry.size[1] + y) * geometry.size[0] + x);
        for (int a = 0; a < 3; ++a) out[a] = float(sum[a]);
      }
  return field;
}

Image Scaled(const Image& field, double factor) {
  Image result = field.clone();
  float* u = result.view<float>().data;
  const std::size_t n = 3 * field.geometry().numberOfPixels();
  for (std::size_t i = 0; i < n; ++i) u[i] = float(double(u[i]) * factor);
  return result;
}

double RmsLengthInMask(const Image& field, const Image& mask) {
  const float* u = field.view<float>().data;
  const std::uint8_t* m = mask.view<std::uint8_t>().data;
  double sum = 0.0;
  std::size_t count = 0;
  for (std::size_t i = 0; i < field.geometry().numberOfPixels(); ++i) {
    if (!m[i]) continue;
    sum += double(u[3 * i]) * u[3 * i] + double(u[3 * i + 1]) * u[3 * i + 1] +
           double(u[3 * i + 2]) * u[3 * i + 2];
    ++count;
  }
  return count ? std::sqrt(sum / double(count)) : 0.0;
}

} // namespace

const char* ToString(FieldFamily family) noexcept {
  return family == FieldFamily::BSpline ? "bspline" : "rbf";
}

FieldFamily ParseFieldFamily(const std::string& name) {
  if (name == "bspline") return FieldFamily::BSpline;
  if (name == "rbf") return FieldFamily::GaussianRbf;
  throw InvalidArgument("unknown field family '" + name + "': expected bspline or rbf");
}

UnscaledField MakeUnscaledField(const ImageGeometry& geometry, const Image& bodyMask,
                                const KnownWarpOptions& options) {
  if (options.family == FieldFamily::BSpline) {
    if (!(options.controlSpacingMm > 0.0) || !std::isfinite(options.controlSpacingMm))
      throw InvalidArgument("B-spline control spacing must be finite and positive, got " +
                            std::to_string(options.controlSpacingMm) + " mm");
    return BSplineField(geometry, options);
  }
  return {RbfField(geometry, bodyMask, options), std::nullopt};
}

Image WarpImage(const Image& moving, const Image& field, double outsideHu) {
  RequireHostFloat(moving, 1, "WarpImage moving");
  RequireHostFloat(field, 3, "WarpImage field");
  const ImageGeometry& fg = field.geometry();
  const IndexMapper fixedGrid(fg), movingGrid(moving.geometry());
  const ImageView<const float> source = moving.view<float>();
  const float* u = field.view<float>().data;
  Image result = Image::Allocate(PixelType::Float32, fg, MemoryLocation::Host);
  float* out = result.view<float>().data;
  const long slices = long(fg.size[2]);
#pragma omp parallel for schedule(static)
  for (long z = 0; z < slices; ++z)
    for (std::size_t y = 0; y < fg.size[1]; ++y)
      for (std::size_t x = 0; x < fg.size[0]; ++x) {
        const std::size_t i = (std::size_t(z) * fg.size[1] + y) * fg.size[0] + x;
        Point3 p = fixedGrid.toPoint({double(x), double(y), double(z)});
        for (int a = 0; a < 3; ++a) p[a] += double(u[3 * i + a]);
        const auto value = SampleLinear(source, movingGrid.toIndex(p));
        out[i] = value ? float((*value)[0]) : float(outsideHu);
      }
  return result;
}

Image ThresholdMask(const Image& image, double threshold) {
  RequireHostFloat(image, 1, "ThresholdMask");
  Image mask = Image::Allocate(PixelType::UInt8, image.geometry(), MemoryLocation::Host);
  const float* v = image.view<float>().data;
  std::uint8_t* m = mask.view<std::uint8_t>().data;
  for (std::size_t i = 0; i < image.geometry().numberOfPixels(); ++i)
    m[i] = double(v[i]) > threshold ? 1 : 0;
  return mask;
}

double MaxLengthInMask(const Image& field, const Image& mask) {
  RequireHostFloat(field, 3, "MaxLengthInMask");
  RequireMask(mask, field.geometry(), "MaxLengthInMask");
  const float* u = field.view<float>().data;
  const std::uint8_t* m = mask.view<std::uint8_t>().data;
  double largest = 0.0;
  for (std::size_t i = 0; i < field.geometry().numberOfPixels(); ++i)
    if (m[i])
      largest = std::max(largest, std::sqrt(double(u[3 * i]) * u[3 * i] +
                                            double(u[3 * i + 1]) * u[3 * i + 1] +
                                            double(u[3 * i + 2]) * u[3 * i + 2]));
  return largest;
}

KnownWarp MakeKnownWarp(const Image& moving, const KnownWarpOptions& options) {
  RequireHostFloat(moving, 1, "MakeKnownWarp moving");
  if (!(options.maxDisplacementMm > 0.0) || !std::isfinite(options.maxDisplacementMm))
    throw InvalidArgument("maximum displacement must be finite and positive, got " +
                          std::to_string(options.maxDisplacementMm) + " mm");
  const Image movingBody = ThresholdMask(moving, options.bodyThresholdHu);
  const UnscaledField made = MakeUnscaledField(moving.geometry(), movingBody, options);
  const Image& unscaled = made.field;
  const double unscaledMax = MaxLengthInMask(unscaled, movingBody);
  if (!(unscaledMax > 0.0))
    throw Error("the " + std::string(ToString(options.family)) +
                " field is zero over the body (HU > " + std::to_string(options.bodyThresholdHu) +
                "): nothing to scale to " + std::to_string(options.maxDisplacementMm) + " mm");
  // The fixed body moves with the scale: warp, measure over the new body, rescale, until stable.
  double factor = options.maxDisplacementMm / unscaledMax;
  KnownWarp result;
  for (int round = 1; round <= 10; ++round) {
    result.trueField = Scaled(unscaled, factor);
    result.fixed = WarpImage(moving, result.trueField, options.outsideHu);
    result.bodyMask = ThresholdMask(result.fixed, options.bodyThresholdHu);
    result.maxDisplacementInBodyMm = MaxLengthInMask(result.trueField, result.bodyMask);
    result.scalingRounds = round;
    if (std::abs(result.maxDisplacementInBodyMm - options.maxDisplacementMm) <= 1e-4) {
      result.rmsDisplacementInBodyMm = RmsLengthInMask(result.trueField, result.bodyMask);
      if (made.grid) {
        std::array<std::vector<double>, 3> coefficients;
        for (int c = 0; c < 3; ++c) {
          coefficients[c] = made.grid->coefficients(c);
          for (double& v : coefficients[c]) v *= factor;
        }
        result.trueGrid.emplace(made.grid->coefficientGeometry(), std::move(coefficients));
      }
      return result;
    }
    factor *= options.maxDisplacementMm / result.maxDisplacementInBodyMm;
  }
  throw Error("the maximum displacement over the fixed body did not settle at " +
              std::to_string(options.maxDisplacementMm) + " mm in 10 rounds (last " +
              std::to_string(result.maxDisplacementInBodyMm) + " mm)");
}

} // namespace cumed::regdata
