#pragma once
// A synthetic thoracic CT phantom in Hounsfield units: body, fat, muscle, lungs with vessels and
// airways, heart, aorta, spine with discs, ribs and sternum, built from analytic shapes with
// partial-volume edges and mild seeded noise. CuMed's own sample data (no patient data needed).
#include <itkImage.h>
#include <itkPoint.h>

#include <array>
#include <cstdint>
#include <vector>

namespace cumed::data {

using CtPhantomImage = itk::Image<std::int16_t, 3>;
using PhysicalPoint = itk::Point<double, 3>;

struct CtPhantomParameters {
  /// Voxels along x (patient left), y (posterior), z (superior). Each at least kMinimumSize.
  std::array<unsigned, 3> size{256, 256, 120};
  /// mm. The anatomy is an adult thorax (about 320 x 224 mm across, 300 mm long); a smaller field
  /// of view shrinks it to fit, a larger one leaves it adult-sized and centred.
  std::array<double, 3> spacing{1.4, 1.4, 2.5};
  /// Seeds the noise only; the anatomy does not depend on it.
  std::uint64_t seed = 1;
  /// Standard deviation of the Gaussian noise in HU (truncated at 4 sigma); 0 gives a clean volume.
  double noiseSigmaHu = 6.0;

  static constexpr unsigned kMinimumSize = 32;
  static constexpr unsigned kMaximumSize = 4096;
  /// Above this, noise could lift contrast-filled vessels over the 300 HU bone threshold.
  static constexpr double kMaximumNoiseSigmaHu = 25.0;
};

/// Throws cumed::InvalidArgument naming the offending value when the parameters are unusable.
void ValidateCtPhantomParameters(const CtPhantomParameters& parameters);

/// Points inside the structures (patient coordinates, mm), for tests and demonstrations.
struct CtPhantomLandmarks {
  PhysicalPoint outsideBody;     ///< air next to the body
  PhysicalPoint subcutaneousFat; ///< lateral fat layer, mid-thorax
  PhysicalPoint muscle;          ///< lateral chest-wall muscle, between ribs
  PhysicalPoint rightLung, leftLung;
  PhysicalPoint heartBloodPool;
  PhysicalPoint descendingAorta;
  PhysicalPoint trachea;
  std::vector<PhysicalPoint> vertebralBodyCenters; ///< inferior to superior
  std::vector<PhysicalPoint> discCenters;          ///< between consecutive vertebral bodies
  std::vector<PhysicalPoint> ribPoints;            ///< one on each rib's centreline (lateral)
};

/// Where the structures of the phantom for `parameters` lie.
CtPhantomLandmarks DescribeCtPhantom(const CtPhantomParameters& parameters);

/// Synthesises the phantom: identity direction, origin such that the volume is centred on (0,0,0)
/// (the body's axis), HU clamped to [-1024, 3000]. No structure at or above 300 HU comes within
/// two voxels of a face, so bone isosurfaces are closed. Deterministic for a given seed, whatever
/// the number of threads.
CtPhantomImage::Pointer MakeCtPhantom(const CtPhantomParameters& parameters = {});

} // namespace cumed::data
