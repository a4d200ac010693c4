#include "RequestChecks.h"

#include "Arguments.h"

#include "cumed/app/Messages.h"
#include "cumed/core/Device.h"

#include <algorithm>
#include <cstdio>

namespace cumed::isosurfaceapp {
int GpusToUse(int requested) {
  const cumed::DeviceProbeResult& probe = cumed::ProbeDevices();
  const int usable = probe.usable ? static_cast<int>(probe.devices.size()) : 0;
  if (requested <= usable) return requested;
  char message[256];
  std::snprintf(message, sizeof message,
                "--gpus %d asks for more CUDA devices than the %d usable here%s%s%s; using %d",
                requested, usable, usable == 0 ? " (" : "", usable == 0 ? probe.reason.c_str() : "",
                usable == 0 ? ")" : "", usable);
  app::Warn(kProgramName,
            std::string(message) + (usable == 0 ? " (the CPU runs the contour)" : ""));
  return std::max(usable, 1);
}

} // namespace cumed::isosurfaceapp
