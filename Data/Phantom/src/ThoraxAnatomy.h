#pragma once
// The phantom's anatomy as an ordered list of layers (shape + tissue), painted one over the other,
// and the landmarks that say where each structure is. Geometry only: no voxels here.
#include "Shapes.h"
#include "cumed/data/CtPhantom.h"

#include <string>
#include <variant>
#include <vector>

namespace cumed::data::detail {

/// HU of a tissue at a point: a base value, a gradient towards posterior (gravity-dependent lung
/// density) and a smooth texture (lung parenchyma structure).
struct Tissue {
  double hu = 0;
  double posteriorGradientHuPerMm = 0;
  double textureAmplitudeHu = 0;
  double referenceY = 0; ///< y where the gradient term is zero
  double HuAt(Vec3 p) const;
};

using Shape =
    std::variant<EllipticCylinder, Ellipsoid, ClippedEllipsoid, CappedCylinder, Tube, ExtrudedTube>;

struct Layer {
  std::string name;
  Shape shape;
  Tissue tissue;
};

struct ThoraxAnatomy {
  std::vector<Layer> layers; ///< painted in this order, each over the ones before
  CtPhantomLandmarks landmarks;
};

/// `maximumRampHalfWidth`: how far (mm) a structure's partial-volume edge reaches beyond its
/// boundary; bone is kept that far plus two voxels away from the volume's faces.
ThoraxAnatomy BuildThoraxAnatomy(const CtPhantomParameters& parameters,
                                 double maximumRampHalfWidth);

} // namespace cumed::data::detail
