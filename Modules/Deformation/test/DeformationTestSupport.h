#pragma once
// What the deformation tests share: generated meshes (a bumpy sphere of any size, with random
// jitter), the real meshes (../shared/data/mesh beside the checkout), VTK's normals on the same
// mesh, and comparisons with a tolerance relative to the mesh's size.
#include "cumed/core/Mesh.h"
#include "cumed/deformation/Lattice.h"
#include "cumed/deformation/SampleMeshes.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cumed::deformationtest {

using deformation::samples::BumpySphere;

/// ../shared/data/mesh/<name> beside the checkout (CUMED_SOURCE_DIR), when it exists.
std::optional<std::string> SharedMesh(const std::string& name);

/// Point normals by VTK on the same triangles: vtkPolyDataNormals (splitting, consistency and
/// auto-orientation off) when `unitFaces`, else vtkTriangleMeshPointNormals (area weighted).
std::vector<float> VtkNormals(const SurfaceMesh& mesh, bool unitFaces);

/// Control points moved by x -> A x + b (A row-major).
std::vector<double> AffineControlPoints(const deformation::Lattice& lattice, const double a[9],
                                        const double b[3]);

/// The largest extent of the mesh's bounds.
double Extent(const SurfaceMesh& mesh);

/// The largest absolute difference between two equally long arrays (infinity when the lengths
/// differ); `where` gets the index.
double MaxDifference(const float* a, const float* b, std::size_t n, std::size_t* where = nullptr);
template <class A, class B> double MaxDifference(const A& a, const B& b) {
  if (a.size() != b.size()) return 1e300;
  return MaxDifference(a.data(), b.data(), a.size());
}

} // namespace cumed::deformationtest
