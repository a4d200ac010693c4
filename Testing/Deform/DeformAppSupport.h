#pragma once
// What cumed-deform's tests share: where the programs and the work directory are (compiled in;
// CUMED_DEFORM, CUMED_COMPARE and CUMED_DEFORM_WORK_DIR override them, e.g. in the GPU bundle)
// and a mesh written as .vtp.
#include "ProgramRun.h"

#include "cumed/core/Mesh.h"

#include <filesystem>
#include <string>

namespace cumed::deformtest {

inline std::string DeformExe() {
  return apptest::Setting("CUMED_DEFORM", CUMED_DEFORM_EXE);
}
inline std::string CompareExe() {
  return apptest::Setting("CUMED_COMPARE", CUMED_COMPARE_EXE);
}

/// A fresh, empty directory `name` under the work directory.
std::filesystem::path WorkDir(const std::string& name);

/// A bumpy sphere of `rings` x `segments` written to `file` (.vtp); returns the mesh.
SurfaceMesh WriteSphere(const std::filesystem::path& file, int rings = 16, int segments = 24);

} // namespace cumed::deformtest
