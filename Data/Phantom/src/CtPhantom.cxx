#include "cumed/data/CtPhantom.h"

#include "PhantomNoise.h"
#include "ThoraxAnatomy.h"
#include "cumed/core/Error.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <variant>
#include <vector>

namespace cumed::data {
namespace {

using detail::Bounds;
using detail::Layer;
using detail::Vec3;

constexpr double kMinimumHu = -1024;
constexpr double kMaximumHu = 3000;
/// Width of the partial-volume ramp in units of the voxel's extent along the boundary normal.
/// 1.5 voxels keeps two samples on the ramp across most edges, so linearly interpolated
/// isosurfaces follow the analytic boundary instead of stair-stepping.
constexpr double kRampWidthInVoxels = 1.5;

struct VoxelSize {
  double x, y, z;
  /// The voxel's extent along unit vector n (root of the squared projected edge lengths).
  double Along(Vec3 n) const {
    return std::sqrt(n.x * n.x * x * x + n.y * n.y * y * y + n.z * n.z * z * z);
  }
  double Largest() const { return std::max({x, y, z}); }
};

/// A layer ready for sampling: its box grown by the ramp so voxels outside can be skipped.
struct PreparedLayer {
  const Layer* layer;
  Bounds box;
};

Bounds BoxOf(const detail::Shape& shape) {
  return std::visit([](const auto& s) { return s.Box(); }, shape);
}

/// Visits a shape; only tubes use `reach` (to skip their far segments).
struct DistanceFrom {
  Vec3 p;
  double reach;
  detail::SignedDistance operator()(const detail::Tube& tube) const {
    return tube.Distance(p, reach);
  }
  detail::SignedDistance operator()(const detail::ExtrudedTube& tube) const {
    return tube.Distance(p, reach);
  }
  template <class AnyOtherShape>
  detail::SignedDistance operator()(const AnyOtherShape& shape) const {
    return shape.Distance(p);
  }
};

/// Fraction of the voxel at p inside the shape: a linear ramp across the boundary.
double Coverage(const detail::SignedDistance& d, const VoxelSize& voxel) {
  const double width = kRampWidthInVoxels * voxel.Along(d.normal);
  return std::clamp(0.5 - d.distance / width, 0.0, 1.0);
}

} // namespace

void ValidateCtPhantomParameters(const CtPhantomParameters& p) {
  static const char* const kAxis[] = {"x", "y", "z"};
  for (int axis = 0; axis < 3; ++axis) {
    if (p.size[axis] < CtPhantomParameters::kMinimumSize ||
        p.size[axis] > CtPhantomParameters::kMaximumSize) {
      std::ostringstream message;
      message << "CT phantom: size along " << kAxis[axis] << " is " << p.size[axis]
              << " voxels; it must be between " << CtPhantomParameters::kMinimumSize << " and "
              << CtPhantomParameters::kMaximumSize << " so the anatomy can be resolved";
      throw cumed::InvalidArgument(message.str());
    }
    if (!(std::isfinite(p.spacing[axis]) && p.spacing[axis] > 0)) {
      std::ostringstream message;
      message << "CT phantom: spacing along " << kAxis[axis] << " is " << p.spacing[axis]
              << " mm; it must be a positive finite number";
      throw cumed::InvalidArgument(message.str());
    }
  }
  if (!(p.noiseSigmaHu >= 0 && p.noiseSigmaHu <= CtPhantomParameters::kMaximumNoiseSigmaHu)) {
    std::ostringstream message;
    message << "CT phantom: noise sigma is " << p.noiseSigmaHu << " HU; it must be between 0 and "
            << CtPhantomParameters::kMaximumNoiseSigmaHu
            << " HU so noise cannot push soft tissue above the 300 HU bone threshold";
    throw cumed::InvalidArgument(message.str());
  }
}

namespace {
detail::ThoraxAnatomy Anatomy(const CtPhantomParameters& p) {
  ValidateCtPhantomParameters(p);
  const VoxelSize voxel{p.spacing[0], p.spacing[1], p.spacing[2]};
  return detail::BuildThoraxAnatomy(p, 0.5 * kRampWidthInVoxels * voxel.Largest());
}
} // namespace

CtPhantomLandmarks DescribeCtPhantom(const CtPhantomParameters& parameters) {
  return Anatomy(parameters).landmarks;
}

CtPhantomImage::Pointer MakeCtPhantom(const CtPhantomParameters& p) {
  const detail::ThoraxAnatomy anatomy = Anatomy(p);
  const VoxelSize voxel{p.spacing[0], p.spacing[1], p.spacing[2]};
  const double reach = 0.5 * kRampWidthInVoxels * voxel.Largest();

  std::vector<PreparedLayer> layers;
  for (const Layer& layer : anatomy.layers) {
    layers.push_back({&layer, BoxOf(layer.shape).Expanded(reach)});
  }

  auto image = CtPhantomImage::New();
  CtPhantomImage::RegionType region;
  CtPhantomImage::SpacingType spacing;
  CtPhantomImage::PointType origin;
  for (unsigned axis = 0; axis < 3; ++axis) {
    region.SetSize(axis, p.size[axis]);
    spacing[axis] = p.spacing[axis];
    origin[axis] = -0.5 * (p.size[axis] - 1) * p.spacing[axis]; // volume centred on the body
  }
  image->SetRegions(region);
  image->SetSpacing(spacing);
  image->SetOrigin(origin);
  image->Allocate();
  std::int16_t* const voxels = image->GetBufferPointer();

  const long nx = p.size[0], ny = p.size[1], nz = p.size[2];
#pragma omp parallel for schedule(dynamic, 1)
  for (long k = 0; k < nz; ++k) {
    const double z = origin[2] + k * p.spacing[2];
    std::vector<const PreparedLayer*> inSlice, inRow;
    for (const PreparedLayer& layer : layers) {
      if (z >= layer.box.lo.z && z <= layer.box.hi.z) inSlice.push_back(&layer);
    }
    for (long j = 0; j < ny; ++j) {
      const double y = origin[1] + j * p.spacing[1];
      inRow.clear();
      for (const PreparedLayer* layer : inSlice) {
        if (y >= layer->box.lo.y && y <= layer->box.hi.y) inRow.push_back(layer);
      }
      for (long i = 0; i < nx; ++i) {
        const Vec3 point{origin[0] + i * p.spacing[0], y, z};
        double hu = -1000; // air
        for (const PreparedLayer* layer : inRow) {
          if (point.x < layer->box.lo.x || point.x > layer->box.hi.x) continue;
          const double c =
              Coverage(std::visit(DistanceFrom{point, reach}, layer->layer->shape), voxel);
          if (c > 0) hu += c * (layer->layer->tissue.HuAt(point) - hu);
        }
        const std::uint64_t index = static_cast<std::uint64_t>((k * ny + j) * nx + i);
        if (p.noiseSigmaHu > 0) hu += p.noiseSigmaHu * detail::GaussianNoise(p.seed, index);
        voxels[index] =
            static_cast<std::int16_t>(std::lround(std::clamp(hu, kMinimumHu, kMaximumHu)));
      }
    }
  }
  return image;
}

} // namespace cumed::data
