#pragma once
// Synthetic PIV recordings with a known displacement field: Gaussian particles integrated over
// each pixel's area, at a known seeding density, with optional camera noise and out-of-plane
// loss. For tests and benchmarks of CuMed::PIV.
#include "cumed/core/Image.h"

#include <cstdint>
#include <functional>

namespace cumed::testing {

/// Displacement (px) of a particle whose mid-way position is (x, y).
using DisplacementField = std::function<void(double x, double y, double& dx, double& dy)>;

/// The light a particle leaves on the sensor.
enum class ParticleShape {
  Gaussian, ///< Gaussian spot, e^-2 diameter particleDiameter
  Disc      ///< uniformly lit disc of diameter particleDiameter (defocused or saturated)
};

struct ParticleImageSettings {
  int width = 256, height = 256;
  double particlesPerPixel = 0.05; ///< seeding density (particles per pixel)
  double particleDiameter = 2.5;   ///< e^-2 diameter, px (Gaussian sigma = diameter / 4)
  ParticleShape shape = ParticleShape::Gaussian;
  double peakIntensity = 200.0; ///< of a particle centred on a pixel, before integration
  double noise = 0.0;           ///< standard deviation of additive Gaussian noise
  double outOfPlaneLoss = 0.0;  ///< fraction of particles seen only in one of the frames
  std::uint32_t seed = 1;
};

struct ParticleImagePair {
  Image first, second; ///< host float frames, width x height x 1
};

/// Particles at uniformly random mid-way positions m; the first frame shows each at
/// m - d(m)/2, the second at m + d(m)/2, so the displacement measured around a point p is d(p)
/// (exactly so for uniform and linear fields).
ParticleImagePair RenderParticlePair(const ParticleImageSettings& settings,
                                     const DisplacementField& displacement);

/// A float frame as a camera would record it: scaled, rounded and clamped to UInt8 or UInt16.
Image Quantise(const Image& frame, PixelType type, double scale = 1.0);

/// A uniform displacement.
DisplacementField UniformDisplacement(double dx, double dy);
/// Solid-body rotation by `radians` per frame pair about (cx, cy), small-angle (linear) form.
DisplacementField RotationDisplacement(double cx, double cy, double radians);
/// Lamb-Oseen vortex about (cx, cy): swirl only, peaking at `peak` px at r = 1.121 core radii
/// (counter-clockwise in image coordinates for peak > 0).
DisplacementField VortexDisplacement(double cx, double cy, double peak, double coreRadius);
/// Simple shear: dx = rate * (y - cy), dy = 0.
DisplacementField ShearDisplacement(double cy, double rate);

} // namespace cumed::testing
