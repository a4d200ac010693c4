#pragma once
// The benchmark's output: the Markdown table of all rows and issue 13's targets, met or not.
#include "Runs.h"

#include <string>
#include <vector>

namespace cumed::regbench {

/// case | tool | seconds | field error RMS / TRE | peak MB | ratio vs elastix (seconds), one
/// "identity" row per case for the score before registration; skipped and failed runs listed
/// after the table with their reason.
void PrintTable(const std::vector<Row>& rows);

/// One line per target: 2 mm known warps on CUDA <= 1 s at RMS <= 0.8 mm; full resolution on
/// CUDA <= 3 s; CuMed CPU >= 10x faster than elastix at equal or better accuracy. Each says met,
/// NOT met, or not measured (and why). Returns the number not met.
int PrintTargets(const std::vector<Row>& rows);

} // namespace cumed::regbench
