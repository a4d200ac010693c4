#pragma once
// Isosurfaces of a 3D image by marching cubes, welded: one point per intersected grid edge,
// shared by every triangle that uses it. Matches vtkFlyingEdges3D point for point (the same
// points in VTK's order at the same positions, the same triangles with the same ids and
// orientation, the same normals and scalars; Documentation/surface.md) and, in Label mode,
// vtkDiscreteFlyingEdges3D. Runs on the CPU (OpenMP) or on one or more CUDA devices.
#include "cumed/core/Execution.h"
#include "cumed/core/Image.h"
#include "cumed/surface/SurfaceMesh.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace cumed::surface {

enum class ContourMode {
  Isovalue, ///< a grid point is inside when its value >= the isovalue (vtkFlyingEdges3D)
  Label     ///< inside when value == the label; edges cut at their midpoint (discrete flying edges)
};

/// How triangles are wound (ordered).
enum class Winding {
  /// vtkFlyingEdges3D's order: outward (the right-hand normal points to decreasing values) for
  /// a direction matrix that is a rotation, inward for one that is a reflection, where VTK also
  /// turns the point normals (it multiplies them by the direction's determinant).
  AsVtk,
  /// Outward for every direction matrix: on a reflection the triangles are written reversed and
  /// the normals negated, so both face decreasing values; what a closed surface written to a
  /// file needs (ClosedSurface.h).
  Outward
};

/// Backend, stream (CUDA, one device: the work is queued on it), threads, progress (at the end),
/// cancellation (checked before the work starts) and the report come from ExecutionOptions.
struct IsosurfaceOptions : ExecutionOptions {
  /// Isovalues (or labels); one surface each, appended in this order.
  std::vector<double> values{0.0};
  ContourMode mode = ContourMode::Isovalue;
  /// Unit point normals from the interpolated scalar gradient, pointing to decreasing values
  /// (as vtkFlyingEdges3D's ComputeNormals).
  bool computeNormals = false;
  /// A per-point array holding the contour value (as vtkFlyingEdges3D's ComputeScalars).
  bool computeScalars = false;
  /// CUDA devices to spread the z-slabs over: 1 = the current device, 0 = every usable device.
  int numberOfDevices = 1;
  /// Slabs along z, at least one per device used; more slabs than devices run in turn on each
  /// device ("virtual GPUs"). 0 = one per device. The mesh does not depend on this number.
  int numberOfSlabs = 0;
  /// CUDA, one device: also return the mesh in device memory (IsosurfaceResult::deviceMesh);
  /// the host mesh is then left empty, so nothing is copied back.
  bool keepOnDevice = false;
  /// AsVtk keeps the drop-in promise; Outward for surfaces that must face out (ClosedSurface.h).
  Winding winding = Winding::AsVtk;
};

struct IsosurfaceResult {
  SurfaceMesh mesh;                            ///< empty when keepOnDevice
  std::optional<DeviceSurfaceMesh> deviceMesh; ///< set when keepOnDevice
  Backend backendUsed = Backend::CPU;
  int devicesUsed = 0; ///< CUDA devices that ran slabs (0 on the CPU)
  int slabsUsed = 1;
  /// Non-finite voxels (NaN, +-inf) of a float volume in host memory (0 for integer volumes;
  /// -1 when not counted: a device volume), and non-finite coordinates among the host mesh's
  /// points (-1 when not counted: a mesh kept on the device). A volume without non-finite voxels never gives non-finite points (ExtractIsosurface
  /// throws instead); with them, callers report both counts.
  std::int64_t nonFiniteVoxels = 0;
  std::int64_t nonFinitePoints = 0;
};

/// Extracts the surfaces of `volume` (host or device memory; uint8, int16, uint16 or float).
/// `attributes` are optional float volumes of the same size (in the same memory as `volume`)
/// interpolated at every point, e.g. to colour the surface by another field.
/// Throws InvalidArgument naming the problem (size, value count, attribute size..., a geometry
/// whose world coordinates do not fit float points: numbers::RequireWorldCoordinates).
IsosurfaceResult ExtractIsosurface(const Image& volume, const IsosurfaceOptions& options,
                                   const std::vector<const Image*>& attributes = {});

/// The same on a typed view of memory the caller owns (e.g. a vtkImageData's scalars).
template <class T>
IsosurfaceResult ExtractIsosurface(const ImageView<const T>& volume,
                                   const IsosurfaceOptions& options,
                                   const std::vector<ImageView<const float>>& attributes = {});

} // namespace cumed::surface
