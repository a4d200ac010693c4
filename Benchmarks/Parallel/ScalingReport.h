#pragma once
// Rank 0's Markdown: the measured row, and the modelled exchange cost on many nodes.
#include "ScalingArguments.h"
#include "ScalingRun.h"

#include <string>

namespace cumed::scaling {

/// The table's header and separator lines.
std::string ScalingTableHeader();

/// One row: ranks, volume, stages, total, speedup/efficiency (against arguments.baselineSeconds),
/// triangles, halo bytes.
std::string ScalingTableRow(int ranks, const ScalingArguments& arguments,
                            const ScalingResult& result);

/// The exchange on arguments.modelNodes nodes from the measured per-boundary volume, with the
/// assumed bandwidth and latency, against this run's compute scaled to that many nodes; says
/// which numbers are measured and which are modelled.
std::string NetworkModel(int ranks, const ScalingArguments& arguments, const ScalingResult& result);

} // namespace cumed::scaling
