#pragma once
// Vector glyphs of a PIV field as a triangle mesh: one flat 2D arrow (a shaft quad and a head
// triangle) per vector, in the frame's pixel coordinates, for drawing over the first frame. The
// CPU backend writes a host SurfaceMesh; the CUDA backend writes a DeviceSurfaceMesh on the
// device (only the field goes up; the geometry never comes down), which
// vtkCuMedDeviceMeshMapper draws through CUDA-OpenGL interop.
#include "cumed/core/Execution.h"
#include "cumed/core/Mesh.h"
#include "cumed/piv/PivField.h"

#include <memory>
#include <vector>

namespace cumed::piv {

/// Arrow shape, in the field's px. An arrow starts at its window centre (x, y) and ends at
/// (x, y) + scale * (u, v); head and widths are fractions of that length, so an arrow keeps its
/// proportions whatever its length.
/// Backend, threads, progress (at the end), cancellation (before the work) and the report come
/// from ExecutionOptions.
struct ArrowGlyphOptions : ExecutionOptions {
  float scale = 1.f;            ///< arrow length per px of displacement, > 0
  float headLength = 0.35f;     ///< of the arrow's length, in (0, 1]
  float headHalfWidth = 0.15f;  ///< of the arrow's length, > 0
  float shaftHalfWidth = 0.05f; ///< of the arrow's length, > 0 and <= headHalfWidth
  /// The arrows' plane; the image is at z = 0, so a small offset towards the camera keeps the
  /// arrows in front of it. Normals point from z = 0 towards this plane (+z when z = 0).
  float z = 0.f;
};

/// Vertices and triangles of one arrow: vector i owns points [7 i, 7 i + 7) and triangles
/// [3 i, 3 i + 3) (shaft: 0 1 2, 0 2 3; head: 4 5 6; tip = point 6; each triangle counter-clockwise
/// seen from the side its normals face, so 0 2 1, 0 3 2, 4 6 5 when they face -z), so both
/// backends lay the mesh out the same way without a compaction pass.
constexpr int kArrowPoints = 7;
constexpr int kArrowTriangles = 3;

/// Whether vector i gets a visible arrow: not Masked, not an outlier left unreplaced (flagged by
/// kOutlierFlags without Replaced), u, v and its scalar finite. A hidden vector's arrow is
/// degenerate: its 7 points at the window centre (zero area, nothing is drawn), scalar 0.
bool ArrowVisible(std::uint8_t flags, float u, float v, float scalar);

/// The arrows of `field` with `scalars` (one value per vector, e.g. DerivedFields::magnitude or
/// vorticity) as the mesh's only attribute (attributes[0], the colour), point normals, no
/// contour scalars. The result holds `host` (CPU) or `device` (CUDA), as `backendUsed` says.
struct ArrowGlyphs {
  Backend backendUsed = Backend::CPU;
  SurfaceMesh host;
  std::shared_ptr<DeviceSurfaceMesh> device;
};

/// Throws InvalidArgument naming the option at fault or a field whose arrays (or `scalars`) do
/// not hold columns x rows values; CudaError when Backend::CUDA cannot run (ResolveBackend's
/// message: no CUDA in this build, no usable device) or a CUDA call fails. Auto takes CUDA when a
/// device is usable, else the CPU.
ArrowGlyphs BuildArrowGlyphs(const PivField& field, const std::vector<float>& scalars,
                             const ArrowGlyphOptions& options = {});

} // namespace cumed::piv
