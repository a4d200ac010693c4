#pragma once
// Meshes (.vtp .stl .ply .obj): point and triangle counts, and the symmetric Hausdorff distance
// (ComputeMeshDistance, cumed/core/MeshDistance.h); byte-identical files are equal unmeasured.
#include "Arguments.h"
#include "Comparison.h"

#include <string>

namespace cumed::compareapp {

/// True for the extensions read as meshes.
bool IsMeshFile(const std::string& path);

/// Throws FileError naming a file that cannot be read as a mesh.
Comparison CompareMeshes(const std::string& output, const std::string& baseline,
                         const Tolerances& tolerances);

} // namespace cumed::compareapp
