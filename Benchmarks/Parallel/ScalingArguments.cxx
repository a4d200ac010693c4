#include "ScalingArguments.h"

#include "cumed/app/CommandLine.h"
#include "cumed/app/Options.h"
#include "cumed/app/UsageError.h"

#include <cmath>
#include <sstream>
#include <vector>

namespace cumed::scaling {
namespace {

std::int64_t PositiveInteger(const std::string& option, const std::string& text,
                             std::int64_t maximum) {
  const double value = app::ParseFiniteNumber(option, text);
  if (value != std::floor(value) || value < 1 || value > static_cast<double>(maximum))
    throw app::UsageError(option + ": '" + text + "' is not a whole number from 1 to " +
                          std::to_string(maximum));
  return static_cast<std::int64_t>(value);
}

double PositiveNumber(const std::string& option, const std::string& text) {
  const double value = app::ParseFiniteNumber(option, text);
  if (value <= 0) throw app::UsageError(option + ": '" + text + "' must be greater than 0");
  return value;
}

// The option table: every option once, with its help and what it does with its value.
void DeclareOptions(app::CommandLine& cli, ScalingArguments& a) {
  cli.Usage(
      "mpirun -np N cumed-mpi-scaling-benchmark [options]",
      R"(Times CuMed's distributed filters on a volume generated in memory, never stored: a CT tile
(--ct DIR, a DICOM series read by rank 0 with CuMed::IO; else CuMed's synthetic thoracic phantom,
made by rank 0) broadcast once, then mirror-tiled along x, y and z to --size; each rank builds only
its own z-slab's planes. Stages, each the slowest rank's time (median of --repeats):
  build    the rank's planes from the tile
  halo     a HaloExchange of the closing's halo on its own (the planes DistributedGrayscale
           exchanges inside the closing, timed alone)
  close    DistributedGrayscale closing with a ball of --radius voxels (its exchange included)
  iso      DistributedIsosurface at --iso of the closed volume (CPU; its 1-plane halo included)
  scan     one ExclusiveScan (MPI_Exscan) of the ranks' triangle counts
Rank 0 prints a Markdown table (ranks, volume, stages, total, speedup and efficiency against
--baseline, triangles, halo bytes per rank and in total) and a model of the exchange on
--model-nodes nodes.
)");
  cli.NameWidth(25).RemoveJson().Section("Options:"); // it prints a Markdown table
  cli.Value("--ct", "DIR", "DICOM CT series to tile (default: the phantom)",
            [&a](const std::string& value) { a.ct = value; });
  auto* size = cli.Value("--size", "X Y Z", "tiled volume in voxels (default 512 512 256)",
                         [&a](const std::string& text) {
                           std::istringstream values(text);
                           std::vector<std::string> parts;
                           for (std::string part; std::getline(values, part, ',');)
                             parts.push_back(part);
                           if (parts.size() != 3)
                             throw app::UsageError("--size needs three values X Y Z");
                           for (int axis = 0; axis < 3; ++axis)
                             a.size[axis] = PositiveInteger("--size", parts[axis], 1 << 16);
                         });
  // Three values X Y Z, never an option among them.
  cli.AllowValues(
      size, 3, [](const std::string& text) { return !app::IsOption(text); },
      [](const std::string&, const std::string&) {
        throw app::UsageError("--size needs three values X Y Z");
      });
  cli.Number("--iso", "HU", "isovalue (default 300)", a.iso);
  cli.Value("--radius", "R", "closing ball radius in voxels (default 2)",
            [&a](const std::string& value) {
              a.radius = static_cast<int>(PositiveInteger("--radius", value, 64));
            });
  cli.Value("--repeats", "N", "timed repetitions; medians are printed (default 3)",
            [&a](const std::string& value) {
              a.repeats = static_cast<int>(PositiveInteger("--repeats", value, 1000));
            });
  cli.Backend(a.backend, "cpu, cuda or auto: closing backend (default cpu); with CUDA,\n"
                         "device = local rank % devices");
  cli.Value(
      "--baseline", "SECONDS", "the 1-rank total, for speedup and parallel efficiency",
      [&a](const std::string& value) { a.baselineSeconds = PositiveNumber("--baseline", value); });
  cli.Value(
      "--network-gbps", "G", "ASSUMED link bandwidth for the model (default 100, InfiniBand-class)",
      [&a](const std::string& value) { a.networkGbps = PositiveNumber("--network-gbps", value); });
  cli.Value("--network-latency-us", "L", "ASSUMED per-message latency for the model (default 2)",
            [&a](const std::string& value) {
              a.networkLatencyUs = app::ParseFiniteNumber("--network-latency-us", value);
              if (a.networkLatencyUs < 0)
                throw app::UsageError("--network-latency-us: '" + value + "' must not be negative");
            });
  cli.Value("--model-nodes", "N", "nodes of the model (default 64)",
            [&a](const std::string& value) {
              a.modelNodes = static_cast<int>(PositiveInteger("--model-nodes", value, 1 << 20));
            });
  cli.Epilogue("Exit status: 0 success; 1 a runtime error on any rank (rank 0 prints \"rank R: "
               "...\"); 2 usage.\n");
}

} // namespace

ScalingArguments ParseScalingArguments(int argc, const char* const* argv) {
  ScalingArguments a;
  app::CommandLine cli(kScalingProgram, a.tool);
  DeclareOptions(cli, a);
  const std::vector<std::string> positional = cli.Parse(argc, argv);
  a.help = cli.HelpAsked();
  if (cli.Stop()) return a;
  if (!positional.empty())
    throw app::UsageError("unexpected argument '" + positional.front() +
                          "' (the volume is generated: use --ct DIR or the phantom)");
  if (a.size[2] < 2) throw app::UsageError("--size: Z must be at least 2 planes");
  return a;
}

std::string ScalingHelpText() {
  ScalingArguments unused;
  app::CommandLine cli(kScalingProgram, unused.tool);
  DeclareOptions(cli, unused);
  return cli.Help();
}

} // namespace cumed::scaling
