// libFuzzer target: the mesh files cumed-deform and the library read (cumed::meshio::
// ReadSurfaceMesh): the first byte picks .ply, .obj, .stl (CuMed's own readers) or .vtp (CuMed's
// structural check, then VTK's XML reader) (MeshFileSelector.h), the rest is the file.
// Documented refusals (cumed::Error) are fine; anything else is a finding.
#include "FuzzSupport.h"
#include "MeshFileSelector.h"
#include "cumed/core/Error.h"
#include "cumed/meshio/MeshReader.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  cumed::fuzz::QuietLibraries();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static const cumed::fuzz::ScratchDirectory scratch("mesh-file");
  scratch.Clear(); // one file at a time, whatever its extension
  const auto& extensions = cumed::fuzz::MeshFileExtensions();
  const std::string file =
      scratch.Write("mesh" + extensions[data[0] % extensions.size()], data + 1, size - 1);
  try {
    const cumed::SurfaceMesh mesh = cumed::meshio::ReadSurfaceMesh(file);
    // Every triangle refers to a point (the readers' range checks); touch them all.
    volatile float sink = 0;
    for (const std::int64_t id : mesh.triangles) sink = sink + mesh.points[3 * id];
  } catch (const cumed::Error& error) {
    cumed::fuzz::NoteRefusal(error);
  }
  return 0;
}
