#include "cumed/core/Device.h"

#include <sstream>

namespace cumed {

std::string DescribeDevices() {
  const DeviceProbeResult& probe = ProbeDevices();
  std::ostringstream text;
  if (!probe.usable) {
    text << "CUDA: not usable (" << probe.reason << ")";
    return text.str();
  }
  text << "CUDA:";
  for (const DeviceInfo& device : probe.devices)
    text << " [" << device.index << "] " << device.name << " (sm_" << device.computeCapabilityMajor
         << device.computeCapabilityMinor << ", " << (device.totalMemoryBytes >> 20) << " MiB, "
         << device.multiProcessorCount << " SMs)";
  text << ", driver " << probe.driverVersion / 1000 << "." << (probe.driverVersion % 1000) / 10;
  return text.str();
}

} // namespace cumed
