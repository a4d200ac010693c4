// cumed-mpi-scaling-benchmark: CuMed's distributed closing and isosurface on a volume tiled from
// one CT in memory, timed stage by stage over the ranks (see ScalingArguments.cxx's --help).
#include "ScalingArguments.h"
#include "ScalingReport.h"
#include "ScalingRun.h"
#include "TileSource.h"

#include "cumed/app/BackendOption.h"
#include "cumed/app/ProgramMain.h"
#include "cumed/app/UsageError.h"
#include "cumed/core/Timer.h"
#include "cumed/parallel/Collective.h"
#include "cumed/parallel/Communicator.h"
#include "cumed/parallel/RankDevice.h"

#include <iostream>

namespace {

constexpr const char* kProgram = "cumed-mpi-scaling-benchmark";

int Run(const cumed::parallel::Communicator& world, int argc, char** argv) {
  using namespace cumed;
  using namespace cumed::scaling;
  const bool root = world.rank() == 0;
  // Every rank parses the same command line and reaches the same verdict; rank 0 speaks.
  try {
    ScalingArguments arguments = ParseScalingArguments(argc, argv);
    if (arguments.help || arguments.tool.version) {
      if (root) std::cout << (arguments.help ? ScalingHelpText() : app::VersionText(kProgram));
      return 0;
    }
    app::ApplyToolOptions(kProgram, arguments.tool); // every rank: its threads, log level
    const int localRank = parallel::LocalRank(world);
    int device = -1;
    parallel::RunCollectively(world, [&] {
      arguments.backend = app::ResolveRequestedBackend(arguments.backend);
      if (arguments.backend == Backend::CUDA) device = parallel::UseDeviceOfLocalRank(localRank);
    });
    CtTile tile;
    const Stopwatch load;
    parallel::RunCollectively(world, [&] {
      if (root) tile = LoadTile(arguments.ct, arguments.size);
    });
    const double loadSeconds = load.elapsedSeconds();
    world.barrier();
    const Stopwatch broadcast;
    BroadcastTile(world, tile);
    const double broadcastSeconds = broadcast.elapsedSeconds();
    ScalingResult result = RunScaling(world, arguments, tile);
    result.broadcastSeconds = broadcastSeconds;
    result.device = device;
    if (root) {
      std::cout << "tile: " << tile.source << " (rank 0 made it in " << loadSeconds
                << " s; broadcast to every rank once in " << result.broadcastSeconds << " s)\n\n"
                << ScalingTableHeader() << ScalingTableRow(world.size(), arguments, result) << "\n"
                << NetworkModel(world.size(), arguments, result) << "\n"
                << "ranks=" << world.size() << " triangles=" << result.triangles
                << " points=" << result.points << " total_s=" << result.totalSeconds
                << " device=" << device << "\n";
    }
    return 0;
  } catch (const app::UsageError& e) {
    return root ? app::Fail(kProgram, app::kUsageError, e.what()) : app::kUsageError;
  } catch (const std::exception& e) {
    return root ? app::Fail(kProgram, app::kRuntimeError, e.what()) : app::kRuntimeError;
  }
}

} // namespace

int main(int argc, char** argv) {
  cumed::parallel::MpiSession session(&argc, &argv);
  return Run(cumed::parallel::Communicator(), argc, argv);
}
