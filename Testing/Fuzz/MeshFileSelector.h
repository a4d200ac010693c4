#pragma once
// Mesh-file inputs of cumed_fuzz_mesh_file: the first byte picks the file name extension (modulo
// their count), so that one fuzzer reaches each of CuMed's own mesh readers and the .vtp path
// (CuMed's structural check, then vtkXMLPolyDataReader); the rest is the file.
// Shared by the harness and the seed writer (MakeFuzzSeeds.cxx).
#include <string>
#include <vector>

namespace cumed::fuzz {

inline const std::vector<std::string>& MeshFileExtensions() {
  static const std::vector<std::string> extensions{".ply", ".obj", ".stl", ".vtp"};
  return extensions;
}

} // namespace cumed::fuzz
