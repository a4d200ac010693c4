#include "cumed/app/TransferJson.h"

namespace cumed::app {

TransferStats TransfersSince(const TransferStats& before) {
  const TransferStats now = GetTransferStats();
  return {now.hostToDeviceCopies - before.hostToDeviceCopies,
          now.deviceToHostCopies - before.deviceToHostCopies,
          now.hostToDeviceBytes - before.hostToDeviceBytes,
          now.deviceToHostBytes - before.deviceToHostBytes};
}

JsonObject TransfersJson(const TransferStats& transfers) {
  JsonObject json;
  json.Add("copies_up", transfers.hostToDeviceCopies)
      .Add("bytes_up", transfers.hostToDeviceBytes)
      .Add("copies_down", transfers.deviceToHostCopies)
      .Add("bytes_down", transfers.deviceToHostBytes);
  return json;
}

} // namespace cumed::app
