// ToMovingLevelMask: the moving mask on the moving image's grid (nearest voxel, 0 outside).
#include "src/MovingMask.h"

#include "cumed/core/Error.h"
#include "src/Matrix3.h"

#include <cmath>
#include <string>

namespace cumed::registration::detail {
namespace {

std::string SizeText(const ImageGeometry& g) {
  return std::to_string(g.size[0]) + " x " + std::to_string(g.size[1]) + " x " +
         std::to_string(g.size[2]);
}

/// mask[nearest voxel of every moving voxel's centre]; 0 where that lies outside the mask. A
/// one-slice pair is compared in its plane (z ignored), as the registration treats it.
std::vector<std::uint8_t> Resample(const std::uint8_t* in, const ImageGeometry& mask,
                                   const ImageGeometry& moving) {
  const Matrix3 toPhysical = IndexToPhysical(moving.direction, moving.spacing);
  const Matrix3 toMask = Inverse(IndexToPhysical(mask.direction, mask.spacing));
  const bool planar = moving.size[2] == 1;
  const std::int64_t nx = moving.size[0], ny = moving.size[1], nz = moving.size[2];
  std::vector<std::uint8_t> out(moving.numberOfPixels());
#pragma omp parallel for schedule(static)
  for (std::int64_t k = 0; k < nz; ++k)
    for (std::int64_t j = 0; j < ny; ++j)
      for (std::int64_t i = 0; i < nx; ++i) {
        double d[3];
        for (int r = 0; r < 3; ++r)
          d[r] = moving.origin[r] + toPhysical[3 * r] * i + toPhysical[3 * r + 1] * j +
                 toPhysical[3 * r + 2] * k - mask.origin[r];
        std::int64_t at[3];
        bool inside = true;
        for (int r = 0; r < 3; ++r) {
          const double index =
              toMask[3 * r] * d[0] + toMask[3 * r + 1] * d[1] + toMask[3 * r + 2] * d[2];
          at[r] = planar && r == 2 ? 0 : static_cast<std::int64_t>(std::floor(index + 0.5));
          inside = inside && at[r] >= 0 && at[r] < static_cast<std::int64_t>(mask.size[r]);
        }
        out[(k * ny + j) * nx + i] =
            inside && in[(at[2] * mask.size[1] + at[1]) * mask.size[0] + at[0]] != 0 ? 1 : 0;
      }
  return out;
}

} // namespace

std::vector<std::uint8_t> ToMovingLevelMask(const Image& mask, const ImageGeometry& moving) {
  if (mask.components() != 1 || mask.pixelType() != PixelType::UInt8)
    throw InvalidArgument(std::string("moving mask must be a scalar UInt8 image, not ") +
                          ToString(mask.pixelType()) + " with " +
                          std::to_string(mask.components()) + " components");
  const ImageGeometry& g = mask.geometry();
  if ((g.size[2] == 1) != (moving.size[2] == 1))
    throw InvalidArgument("moving mask is " + std::string(g.size[2] == 1 ? "2D" : "3D") +
                          " (size " + SizeText(g) + ") but the moving image is " +
                          (moving.size[2] == 1 ? "2D" : "3D") + " (size " + SizeText(moving) + ")");
  CheckDirection(g.direction, "moving mask direction");
  const Image host = mask.location() == MemoryLocation::Host ? Image() : mask.toHost();
  const std::uint8_t* in =
      (mask.location() == MemoryLocation::Host ? mask : host).view<std::uint8_t>().data;
  std::vector<std::uint8_t> out = g == moving
                                      ? std::vector<std::uint8_t>(in, in + g.numberOfPixels())
                                      : Resample(in, g, moving);
  bool any = false;
  for (std::uint8_t m : out) any = any || m != 0;
  if (!any)
    throw InvalidArgument(g == moving ? "moving mask has no nonzero voxel: no fixed voxel can count"
                                      : "moving mask (size " + SizeText(g) +
                                            ") has no nonzero voxel over the moving image (size " +
                                            SizeText(moving) +
                                            "): no fixed voxel can count; is it on the moving "
                                            "image's grid?");
  return out;
}

} // namespace cumed::registration::detail
