#pragma once
// CuMed::CtSurface: the CT-to-surface job as one library call, for cumed-ct-surface, cumed-batch,
// the benchmarks and Python (cumed.ct_surface). A HU volume (a DICOM CT series read by CuMed::IO)
// is closed with a flat ball (grayscale morphological closing, equal to ITK's filter bit for
// bit, SafeBorder on: the faces are not eroded) which fills small gaps and pores in bone, then
// its closed surface at an HU level is extracted (cumed::surface::ExtractClosedSurface: padded
// by the lowest HU so it closes over structures touching the faces, outward winding also for a
// reflected direction, an unreachable level refused) with normals. On the CUDA backend the
// volume goes up once, the closing and the contour read it on the device, and only the mesh
// comes back. Points are in DICOM patient coordinates (mm).
#include "cumed/core/Backend.h"
#include "cumed/core/Execution.h"
#include "cumed/io/DicomSeriesReader.h"
#include "cumed/itk/CudaImage.h"
#include "cumed/surface/SurfaceMesh.h"

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace cumed::ctsurface {

using HounsfieldImage = cumed::io::HounsfieldImage;
/// The closed volume: on the GPU after a CUDA closing (nothing copied back), else on the host.
using ClosedImage = cumed::CudaImage<std::int16_t, 3>;

// --- The stages, for programs that time and report each one -----------------------------------

/// Ball radius in voxels per axis: round(radiusMm / spacing[i]). Throws InvalidArgument when an
/// axis is above the library's limit (StructuringElement::kMaxRadius) or the ball's box above
/// 2^27 voxels, before any kernel is made.
std::array<int, 3> ClosingRadiusVoxels(const HounsfieldImage* image, double radiusMm);

/// True when every axis of `radius` is 0 (the closing would change nothing).
bool IsZeroRadius(const std::array<int, 3>& radius);

struct ClosingResult {
  ClosedImage::Pointer image;
  cumed::Implementation backend; ///< what ran (CPU or CUDA)
};

/// Closes `image` with ITK's flat ball of `radius` voxels and SafeBorder
/// (cumed::GrayscaleMorphologicalClosingImageFilter). `progress` gets fractions in [0, 1].
ClosingResult CloseWithBall(HounsfieldImage* image, const std::array<int, 3>& radius,
                            cumed::Backend backend, const std::function<void(double)>& progress);

/// The read volume as a ClosedImage, sharing its pixels (for runs that skip the closing).
ClosedImage::Pointer WithoutClosing(HounsfieldImage* image);

struct ContourResult {
  cumed::SurfaceMesh mesh; ///< on the host (with keepDeviceMesh: the device mesh's download)
  /// "cumed-cpu" or "cumed-cuda".
  std::string implementation;
  /// Voxels of the closed volume at or above the iso level, counted where the volume is.
  std::uint64_t voxelsAtOrAboveIso = 0;
  /// With `keepDeviceMesh` on the CUDA backend: the mesh also on the GPU, e.g. to draw it.
  std::shared_ptr<cumed::DeviceSurfaceMesh> deviceMesh;
};

/// The closed surface of `image` at `isoHu` with normals, with `backend` (CPU or CUDA, resolved;
/// CUDA reads the volume on the device). Throws InvalidArgument naming the level when no voxel
/// reaches it.
ContourResult ContourClosedVolume(const ClosedImage* image, double isoHu, cumed::Backend backend,
                                  bool keepDeviceMesh = false);

/// Volume of one voxel in mm^3.
double VoxelVolumeMm3(const HounsfieldImage* image);

// --- The whole job ------------------------------------------------------------------------------

/// backend: Auto picks CUDA when usable; threads apply to the CPU stages; progress goes from 0 to
/// 1 over closing and contour; report (when set) receives the contour's backend.
struct CtSurfaceOptions : ExecutionOptions {
  double isoHu = 300.0;          ///< the surface's level in HU (bone: 300)
  double closingRadiusMm = 2.0;  ///< 0 skips the closing; under half a voxel on every axis too
  bool keepDeviceMesh = false;   ///< CUDA: also keep the mesh on the device (ContourResult)
};

struct CtSurfaceResult {
  ContourResult surface;
  std::array<int, 3> closingRadiusVoxels{0, 0, 0};
  /// "skipped", "cumed-cpu" or "cumed-cuda".
  std::string closingImplementation;
  double voxelVolumeMm3 = 0.0;
  double closingSeconds = 0.0;
  double contourSeconds = 0.0;
};

/// Closing (when the radius is at least half a voxel on some axis) then the closed surface.
CtSurfaceResult ExtractCtSurface(HounsfieldImage* image, const CtSurfaceOptions& options);

} // namespace cumed::ctsurface
