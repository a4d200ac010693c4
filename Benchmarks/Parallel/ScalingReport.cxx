#include "ScalingReport.h"

#include <cstdio>
#include <sstream>

namespace cumed::scaling {
namespace {

std::string Format(const char* format, double value) {
  char text[64];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

std::string Seconds(double s) {
  return Format(s < 0.1 ? "%.4f" : "%.3f", s);
}

std::string MiB(double bytes) {
  return Format("%.1f", bytes / (1024.0 * 1024.0));
}

std::string Volume(const ScalingArguments& a) {
  return std::to_string(a.size[0]) + "x" + std::to_string(a.size[1]) + "x" +
         std::to_string(a.size[2]);
}

} // namespace

std::string ScalingTableHeader() {
  std::string header = "| ranks | volume | backend |";
  std::string rule = "|---:|---|---|";
  for (const char* stage : kStageNames) {
    header += std::string(" ") + stage + " s |";
    rule += "---:|";
  }
  header += " total s | speedup | efficiency | triangles | halo MiB/rank (max) | halo MiB total |";
  rule += "---:|---:|---:|---:|---:|---:|";
  return header + "\n" + rule + "\n";
}

std::string ScalingTableRow(int ranks, const ScalingArguments& arguments,
                            const ScalingResult& result) {
  std::ostringstream row;
  row << "| " << ranks << " | " << Volume(arguments) << " | "
      << (result.device >= 0 ? "cuda" : "cpu") << " |";
  for (double s : result.seconds) row << " " << Seconds(s) << " |";
  row << " " << Seconds(result.totalSeconds) << " |";
  if (arguments.baselineSeconds > 0) {
    const double speedup = arguments.baselineSeconds / result.totalSeconds;
    row << " " << Format("%.2f", speedup) << " | " << Format("%.0f%%", 100 * speedup / ranks)
        << " |";
  } else {
    row << " - | - |";
  }
  row << " " << result.triangles << " | " << MiB(static_cast<double>(result.maxRankHaloBytes))
      << " | " << MiB(static_cast<double>(result.totalHaloBytes)) << " |\n";
  return row.str();
}

std::string NetworkModel(int ranks, const ScalingArguments& arguments,
                         const ScalingResult& result) {
  const int nodes = arguments.modelNodes;
  // Measured: the planes that cross one slab boundary in each direction (closing halo both ways,
  // isosurface halo below and above), and their bytes.
  const std::int64_t planesPerBoundary =
      2 * result.closingHaloPlanes + result.isoHaloPlanesBelow + result.isoHaloPlanesAbove;
  const double boundaryBytes = static_cast<double>(planesPerBoundary * result.planeBytes);
  // An interior node receives through two boundaries: its share of both directions of each.
  const double nodeBytes = boundaryBytes; // half of each of its two boundaries' traffic
  const int messagesPerNode = 2 * 2;      // closing and isosurface halo, from below and above
  const double bandwidth = arguments.networkGbps * 1e9 / 8;
  const double networkSeconds =
      nodeBytes / bandwidth + messagesPerNode * arguments.networkLatencyUs * 1e-6;
  // Measured compute of the whole job on one rank: the 1-rank total when given (--baseline),
  // else this run's slowest rank's build + close + iso times the ranks; then over the nodes.
  const double compute = result.seconds[kBuild] + result.seconds[kClose] + result.seconds[kIso];
  const bool fromBaseline = arguments.baselineSeconds > 0;
  const double wholeCompute = fromBaseline ? arguments.baselineSeconds : compute * ranks;
  const double computePerNode = wholeCompute / nodes;
  const std::int64_t planesPerNode = arguments.size[2] / nodes;

  std::ostringstream text;
  text << "Model for " << nodes << " nodes (one rank per node, " << Volume(arguments)
       << " in slabs of about " << planesPerNode << " planes):\n\n"
       << "- measured: " << planesPerBoundary << " planes cross each slab boundary per run ("
       << result.closingHaloPlanes << " each way for the closing, " << result.isoHaloPlanesBelow
       << " + " << result.isoHaloPlanesAbove << " for the isosurface) x " << result.planeBytes
       << " bytes per plane = " << MiB(boundaryBytes) << " MiB per boundary; an interior node "
       << "receives " << MiB(nodeBytes) << " MiB in " << messagesPerNode << " messages\n"
       << "- assumed (not measured): " << arguments.networkGbps << " Gb/s per link ("
       << "InfiniBand-class), " << arguments.networkLatencyUs << " us per message, no contention\n"
       << "- modelled network time per node: " << Seconds(networkSeconds) << " s\n"
       << "- measured compute: "
       << (fromBaseline
               ? "the 1-rank total (--baseline) "
               : "build + close + iso of the slowest rank x " + std::to_string(ranks) + " ranks = ")
       << Seconds(wholeCompute) << " s, scaled by 1/" << nodes << ": " << Seconds(computePerNode)
       << " s per node (perfect compute scaling assumed)\n"
       << "- modelled network / compute at " << nodes
       << " nodes: " << Format("%.1f%%", 100 * networkSeconds / computePerNode)
       << (planesPerNode < result.closingHaloPlanes
               ? " (slabs thinner than the halo: halos then come from several nodes, more "
                 "messages than modelled)"
               : "")
       << "\n";
  return text.str();
}

} // namespace cumed::scaling
