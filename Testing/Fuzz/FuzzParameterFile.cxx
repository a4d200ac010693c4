// libFuzzer target: the small text files the programs and the library read besides images and
// meshes. The first byte picks the kind (ParameterFileSelector.h): an elastix parameter file
// (registration::ApplyParameterFile), an elastix point file (ReadPointsFile, 2D and 3D), the
// transform-file sniffing of --initial-transform (RefuseElastixTransformParameters), a keyframes
// JSON file for a 3x3x3 and a 2x2x4 lattice (ReadKeyframeFile) or a cumed-piv settings file
// (ExpandSettingsFile). Documented refusals (cumed::Error, the programs' UsageError) are fine;
// anything else is a finding.
#include "FuzzSupport.h"
#include "ParameterFileSelector.h"

#include "SettingsFile.h"
#include "cumed/app/UsageError.h"
#include "cumed/core/Error.h"
#include "cumed/deformation/KeyframeFile.h"
#include "cumed/registration/ElastixFiles.h"
#include "cumed/registration/ParameterFile.h"
#include "cumed/registration/Registration.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace {

void ReadAs(std::size_t kind, const std::string& file) {
  using namespace cumed;
  switch (kind) {
  case 0: {
    registration::RegistrationOptions options;
    registration::ApplyParameterFile(file, {}, options);
    registration::RegistrationOptions keep; // with every key given on the command line
    registration::ApplyParameterFile(file, {"--metric", "--levels", "--affine"}, keep);
    return;
  }
  case 1:
    for (unsigned dimension : {2u, 3u}) {
      try {
        const registration::PointList points = registration::ReadPointsFile(file, dimension);
        volatile double sink = 0;
        for (const auto& point : points) sink = sink + point[0];
      } catch (const Error& error) {
        fuzz::NoteRefusal(error);
      }
    }
    return;
  case 2:
    registration::RefuseElastixTransformParameters(file, "--initial-transform");
    return;
  case 3:
    for (const std::array<int, 3>& dimensions : {std::array<int, 3>{3, 3, 3}, {2, 2, 4}}) {
      try {
        deformation::Lattice lattice;
        lattice.dimensions = dimensions;
        deformation::ReadKeyframeAnimation(file, lattice);
      } catch (const Error& error) {
        fuzz::NoteRefusal(error);
      }
    }
    return;
  default: {
    const std::vector<const char*> argv{"cumed-piv", "--settings", file.c_str(), "a.png"};
    pivapp::ExpandSettingsFile(static_cast<int>(argv.size()), argv.data());
    return;
  }
  }
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  cumed::fuzz::QuietLibraries();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static const cumed::fuzz::ScratchDirectory scratch("parameter-file");
  scratch.Clear();
  const auto& kinds = cumed::fuzz::ParameterFileKinds();
  const std::size_t kind = data[0] % kinds.size();
  const std::string file = scratch.Write("input" + kinds[kind].extension, data + 1, size - 1);
  try {
    ReadAs(kind, file);
  } catch (const cumed::Error& error) {
    cumed::fuzz::NoteRefusal(error);
  } catch (const cumed::app::UsageError& error) {
    cumed::fuzz::NoteRefusal(error);
  }
  return 0;
}
