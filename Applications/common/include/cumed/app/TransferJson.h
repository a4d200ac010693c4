#pragma once
// The host<->device copies of a run as the programs' --json summaries show them.
#include "cumed/app/Json.h"
#include "cumed/core/Transfer.h"

namespace cumed::app {

/// The copies counted since `before` (a GetTransferStats() taken earlier): one stage's.
TransferStats TransfersSince(const TransferStats& before);

/// {"copies_up", "bytes_up", "copies_down", "bytes_down"}.
JsonObject TransfersJson(const TransferStats& transfers);

} // namespace cumed::app
