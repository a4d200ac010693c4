// cumed-mpi-isosurface: the isosurface of one volume over MPI ranks (see Arguments.cxx's --help).
#include "Arguments.h"
#include "NonFiniteCounts.h"
#include "Outputs.h"

#include "cumed/app/BackendOption.h"
#include "cumed/app/DicomSeriesOptions.h"
#include "cumed/app/Json.h"
#include "cumed/app/Messages.h"
#include "cumed/app/ProgramMain.h"
#include "cumed/app/RankZero.h"
#include "cumed/app/StageProgress.h"
#include "cumed/parallel/Collective.h"
#include "cumed/parallel/Communicator.h"
#include "cumed/parallel/DistributedIsosurface.h"
#include "cumed/parallel/RankDevice.h"
#include "cumed/parallel/RankVolume.h"

#include <filesystem>
#include <iostream>

namespace {

int Run(const cumed::parallel::Communicator& world, int argc, char** argv) {
  using namespace cumed;
  using namespace cumed::mpiisosurfaceapp;
  const bool root = world.rank() == 0;
  // Every rank parses the same command line and reaches the same verdict; rank 0 speaks.
  try {
    const Arguments arguments = ParseArguments(argc, argv);
    if (arguments.help || arguments.tool.version) {
      if (root) std::cout << (arguments.help ? HelpText() : app::VersionText(kProgramName));
      return 0;
    }
    app::ApplyToolOptions(kProgramName, arguments.tool); // on every rank: its threads, log level
    if (arguments.dicomSeries.listSeries) { // rank 0 lists; every rank agrees on the outcome
      std::string listing;
      app::OnRankZero(world, [&] {
        listing = app::ListSeriesText(arguments.input.string(), arguments.tool.json,
                                      arguments.tool.threads);
      });
      if (root) std::cout << listing << "\n";
      return 0;
    }
    app::OnRankZero(world, [&] {
      app::CheckSeriesApplies(arguments.dicomSeries, std::filesystem::is_directory(arguments.input),
                              arguments.input.string());
    });
    CheckOutputs(world, arguments);
    surface::IsosurfaceOptions options;
    options.values = {arguments.iso};
    options.computeNormals = arguments.normals;
    // One GPU per rank: resolved on every rank (CUDA not usable on one stops them all).
    const int localRank = parallel::LocalRank(world);
    int device = -1;
    parallel::RunCollectively(world, [&] {
      options.backend = app::ResolveRequestedBackend(arguments.backend);
      if (options.backend == Backend::CUDA) device = parallel::UseDeviceOfLocalRank(localRank);
    });
    // The stages' durations (each over a second), printed by rank 0: the library reports no
    // progress within them.
    app::StageProgress reading(kProgramName, "reading " + arguments.input.string(), 1.0, root);
    parallel::RankVolume input =
        parallel::ReadRankVolume(world, arguments.input, options, arguments.dicomSeries.series);
    reading.Finish();
    app::StageProgress contouring(kProgramName, "isosurface", 1.0, root);
    const parallel::DistributedIsosurfaceResult result =
        parallel::DistributedIsosurface(world, input.slabs, input.planes, input.whole, options);
    contouring.Finish();
    const NonFiniteCounts nonFinite = CountNonFiniteValues(world, input, options, result);
    if (root && nonFinite.voxels > 0)
      app::Warn(kProgramName, "the volume has " + std::to_string(nonFinite.voxels) +
                                  " non-finite voxels (NaN or inf); " +
                                  std::to_string(nonFinite.points) +
                                  " surface point coordinates are not finite");
    app::StageProgress writing(kProgramName, "writing " + arguments.output.string(), 1.0, root);
    WriteOutputs(world, arguments, input.slabs, result);
    writing.Finish();
    if (root && arguments.tool.json) {
      std::cout << app::JsonObject()
                       .Add("program", kProgramName)
                       .Add("output", arguments.output.string())
                       .Add("ranks", world.size())
                       .Add("points", result.totalPoints)
                       .Add("triangles", result.totalTriangles)
                       .Add("backend", ToString(result.backendUsed))
                       .Add("device", device)
                       .Add("input_read", input.source)
                       .Add("non_finite_voxels", nonFinite.voxels)
                       .Add("non_finite_points", nonFinite.points)
                       .Text()
                << "\n";
    } else if (root) {
      std::cout << "output=" << arguments.output.string() << " ranks=" << world.size()
                << " points=" << result.totalPoints << " triangles=" << result.totalTriangles
                << " backend=" << ToString(result.backendUsed) << " device=" << device
                << " input=" << input.source;
      if (nonFinite.voxels != 0)
        std::cout << " non_finite_voxels=" << nonFinite.voxels
                  << " non_finite_points=" << nonFinite.points;
      std::cout << "\n";
    }
    return 0;
  } catch (const std::exception& e) {
    const int status = app::IsUsageError(e) ? app::kUsageError : app::kRuntimeError;
    return root ? app::Fail(kProgramName, status, e.what()) : status;
  }
}

} // namespace

int main(int argc, char** argv) {
  cumed::output::InstallInterruptCleanup();
  cumed::parallel::MpiSession session(&argc, &argv);
  return Run(cumed::parallel::Communicator(), argc, argv);
}
