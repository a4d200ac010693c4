#pragma once
// The program and the sample series every cumed-ct-surface test runs: as the build made them, or
// as the environment names them (CUMED_CT_SURFACE, CUMED_SAMPLE_CT_DIR) to test an installed
// program or another series. The including target defines CUMED_CT_SURFACE_EXE and
// CUMED_SAMPLE_CT_DIR (CMakeLists.txt).
#include "ProgramRun.h"

#include <string>

namespace cumed::ctsurfacetest {

inline std::string Program() {
  return apptest::Setting("CUMED_CT_SURFACE", CUMED_CT_SURFACE_EXE);
}

inline std::string PhantomDir() {
  return apptest::Setting("CUMED_SAMPLE_CT_DIR", CUMED_SAMPLE_CT_DIR);
}

} // namespace cumed::ctsurfacetest
