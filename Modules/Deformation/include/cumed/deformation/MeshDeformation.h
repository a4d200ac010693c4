#pragma once
// Free-form deformation of a triangle mesh (Sederberg and Parry 1986), with smooth vertex normals
// recomputed every frame.
//
// Once per mesh (the constructor): every point's local coordinates (s, t, u) in the lattice, and
// a vertex -> triangle adjacency (CSR: for each vertex its triangles in ascending order, each
// stored as the vertex's two neighbours in the triangle's winding order).
// Every frame (deform): with the control points P moved from their rest positions R,
//     X' = X + sum_ijk B_i^l(s) B_j^m(t) B_k^n(u) (P_ijk - R_ijk)
// which, since the Bernstein polynomials reproduce linear functions, is Sederberg-Parry's
// X' = sum B P for every point inside the lattice, and gives the input back exactly when no
// control point moved. Points outside the lattice use their local coordinates clamped to [0, 1]:
// they move with the nearest point of the lattice's box (a continuous rule; pointsOutside() counts
// them). Points on the faces, edges and corners of the lattice are interior points.
// Normals: for each vertex the sum of the normals of its triangles, in the adjacency's order, then
// normalised (a zero vector stays zero): a gather, with no floating-point atomics, so every run
// gives the same bits. FaceWeighting::Area sums the cross products (each face weighted by its
// area); FaceWeighting::Unit sums unit face normals, as vtkPolyDataNormals does.
//
// Backends: CPU (OpenMP over vertices) and CUDA (one thread per vertex, two kernels a frame: the
// positions, then the normals). A DeviceSurfaceMesh input (the isosurface module's device output)
// is read in place, never copied to the host. The moved control points travel to the GPU as
// kernel parameters: a frame makes no host<->device copy besides the output the caller asks for
// on the host.
#include "cumed/core/Execution.h"
#include "cumed/core/Mesh.h"
#include "cumed/deformation/Lattice.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace cumed::deformation {

enum class FaceWeighting {
  Area, ///< face normals weighted by their area (unnormalised cross products): the default
  Unit  ///< unit face normals, as vtkPolyDataNormals (splitting and consistency off)
};

struct DeformationOptions : ExecutionOptions {
  bool computeNormals = true;
  FaceWeighting faceWeighting = FaceWeighting::Area;
  /// CUDA threads per block for every kernel; 0 (default): each kernel's block size from the CUDA
  /// occupancy API (cudaOccupancyMaxPotentialBlockSize). Else 1..1024.
  int threadsPerBlock = 0;
};

/// The block sizes the CUDA kernels are launched with (0 on the CPU).
struct LaunchConfiguration {
  int deformThreadsPerBlock = 0;
  int normalsThreadsPerBlock = 0;
};

class MeshDeformation {
public:
  /// A host mesh (triangles only; points and triangles are copied, once). On the CUDA backend
  /// they are uploaded once here. Throws InvalidArgument for an empty mesh, a non-finite
  /// coordinate, a point id out of range, an invalid lattice or options; CudaError when CUDA was
  /// asked for and is not usable.
  MeshDeformation(const SurfaceMesh& mesh, const Lattice& lattice,
                  const DeformationOptions& options = {});
  /// A device mesh, kept (shared) and read in place: the CUDA backend only (options.backend Auto or
  /// CUDA; CPU is an InvalidArgument: download it yourself if you mean it).
  MeshDeformation(std::shared_ptr<const DeviceSurfaceMesh> mesh, const Lattice& lattice,
                  const DeformationOptions& options = {});
  ~MeshDeformation();
  MeshDeformation(MeshDeformation&&) noexcept;
  MeshDeformation& operator=(MeshDeformation&&) noexcept;

  /// Deforms with `controlPoints` (x,y,z per control point, the lattice's order; 3 *
  /// numberOfControlPoints() values, else InvalidArgument naming both counts; non-finite values
  /// are refused too). `output` gets the points and, with computeNormals, the normals; its
  /// triangles are set to the input's unless they are what this deformation wrote there last time
  /// (pass the same output every frame and the connectivity is copied once).
  void deform(const std::vector<double>& controlPoints, SurfaceMesh& output);
  /// The same into a device mesh (CUDA backend only), on this deformation's device.
  void deform(const std::vector<double>& controlPoints, DeviceSurfaceMesh& output);

  Backend backend() const noexcept;
  const Lattice& lattice() const noexcept;
  std::int64_t numberOfPoints() const noexcept;
  std::int64_t numberOfTriangles() const noexcept;
  /// Points whose local coordinates fall outside [0, 1]^3 (they follow the clamped rule).
  std::int64_t pointsOutside() const noexcept;
  /// The local coordinates (s, t, u) of every point, clamped (downloaded on the CUDA backend).
  std::vector<float> localCoordinates() const;
  LaunchConfiguration launchConfiguration() const noexcept;
  /// CUDA: block size for the following frames (0: occupancy API again); as the option.
  void setThreadsPerBlock(int threadsPerBlock);

  struct Impl;

private:
  std::unique_ptr<Impl> impl_;
};

} // namespace cumed::deformation
