#include "ScalingArguments.h"

#include "cumed/app/BackendOption.h"
#include "cumed/app/Options.h"
#include "cumed/app/UsageError.h"

#include <cmath>
#include <set>

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

} // namespace

ScalingArguments ParseScalingArguments(int argc, const char* const* argv) {
  ScalingArguments a;
  const std::set<std::string> valued{"--ct",         "--size",         "--iso",
                                     "--radius",     "--repeats",      "--backend",
                                     "--baseline",   "--network-gbps", "--network-latency-us",
                                     "--model-nodes"};
  app::OptionHandlers handlers;
  handlers.isFlag = [](const std::string& name) { return name == "--help" || name == "-h"; };
  handlers.takesValue = [&](const std::string& name) { return valued.count(name) > 0; };
  handlers.onFlag = [&](const std::string&) { a.help = true; };
  handlers.onValue = [&](const app::OptionArgument& option, const std::string& value, int& i) {
    const std::string& name = option.name;
    if (name == "--ct") {
      a.ct = value;
    } else if (name == "--size") {
      // Three values: X Y Z.
      a.size[0] = PositiveInteger(name, value, 1 << 16);
      for (int axis = 1; axis < 3; ++axis) {
        if (i + 1 >= argc || app::IsOption(argv[i + 1]))
          throw app::UsageError("--size needs three values X Y Z");
        a.size[axis] = PositiveInteger(name, argv[++i], 1 << 16);
      }
    } else if (name == "--iso") {
      a.iso = app::ParseFiniteNumber(name, value);
    } else if (name == "--radius") {
      a.radius = static_cast<int>(PositiveInteger(name, value, 64));
    } else if (name == "--repeats") {
      a.repeats = static_cast<int>(PositiveInteger(name, value, 1000));
    } else if (name == "--backend") {
      a.backend = app::ParseBackendOption(name, value);
    } else if (name == "--baseline") {
      a.baselineSeconds = PositiveNumber(name, value);
    } else if (name == "--network-gbps") {
      a.networkGbps = PositiveNumber(name, value);
    } else if (name == "--network-latency-us") {
      a.networkLatencyUs = app::ParseFiniteNumber(name, value);
      if (a.networkLatencyUs < 0)
        throw app::UsageError(name + ": '" + value + "' must not be negative");
    } else if (name == "--model-nodes") {
      a.modelNodes = static_cast<int>(PositiveInteger(name, value, 1 << 20));
    }
  };
  const auto positional = app::ParseCommandLine(argc, argv, handlers);
  if (!positional.empty())
    throw app::UsageError("unexpected argument '" + positional.front() +
                          "' (the volume is generated: use --ct DIR or the phantom)");
  if (a.size[2] < 2) throw app::UsageError("--size: Z must be at least 2 planes");
  return a;
}

std::string ScalingHelpText() {
  return R"(Usage: mpirun -np N cumed-mpi-scaling-benchmark [options]

Times CuMed's distributed filters on a volume generated in memory, never stored: a CT tile
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

Options:
  --ct DIR                 DICOM CT series to tile (default: the phantom)
  --size X Y Z             tiled volume in voxels (default 512 512 256)
  --iso HU                 isovalue (default 300)
  --radius R               closing ball radius in voxels (default 2)
  --repeats N              timed repetitions; medians are printed (default 3)
  --backend cpu|cuda|auto  closing backend (default cpu); with CUDA, device = local rank % devices
  --baseline SECONDS       the 1-rank total, for speedup and parallel efficiency
  --network-gbps G         ASSUMED link bandwidth for the model (default 100, InfiniBand-class)
  --network-latency-us L   ASSUMED per-message latency for the model (default 2)
  --model-nodes N          nodes of the model (default 64)
  -h, --help               this text

Exit status: 0 success; 1 a runtime error on any rank (rank 0 prints "rank R: ..."); 2 usage.
)";
}

} // namespace cumed::scaling
