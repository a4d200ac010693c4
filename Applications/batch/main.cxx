// cumed-batch: cumed-ct-surface's job on every DICOM CT series of a tree, over MPI ranks.
#include "Arguments.h"
#include "Batch.h"

#include "cumed/app/DicomSeriesOptions.h"
#include "cumed/app/ProgramMain.h"
#include "cumed/app/RankZero.h"
#include "cumed/output/InterruptCleanup.h"
#include "cumed/parallel/Collective.h"

#include <iostream>
#include <string>

int main(int argc, char** argv) {
  using namespace cumed::batch;
  namespace app = cumed::app;
  cumed::output::InstallInterruptCleanup(); // before MPI starts its threads
  cumed::parallel::MpiSession session(&argc, &argv);
  const cumed::parallel::Communicator world;
  const bool master = world.rank() == 0;
  // Every rank parses the same command line and reaches the same verdict; rank 0 speaks.
  try {
    const Arguments arguments = ParseArguments(argc, argv);
    if (arguments.help || arguments.tool.version) {
      if (master) std::cout << (arguments.help ? HelpText() : app::VersionText(kProgramName));
      return 0;
    }
    app::ApplyToolOptions(kProgramName, arguments.tool);
    if (arguments.listSeries) { // rank 0 lists; every rank agrees on the outcome
      std::string listing;
      app::OnRankZero(world, [&] {
        listing = app::ListSeriesText(arguments.inputDirectory, arguments.tool.json,
                                      arguments.tool.threads);
      });
      if (master) std::cout << listing << std::endl;
      return 0;
    }
    const BatchOutcome outcome = RunBatch(world, arguments);
    if (master) std::cout << outcome.summary << std::endl;
    return outcome.exitStatus;
  } catch (const app::UsageError& e) {
    return master ? app::Fail(kProgramName, app::kUsageError, e.what()) : app::kUsageError;
  } catch (const cumed::output::OutputRefused& e) {
    return master ? app::Fail(kProgramName, app::kUsageError, e.what()) : app::kUsageError;
  } catch (const cumed::parallel::RankFailed& e) {
    // The same message on every rank: printed once.
    return master ? app::Fail(kProgramName, app::kRuntimeError, e.what()) : app::kRuntimeError;
  } catch (const std::exception& e) {
    // Outside the collective steps (an MPI call failed): this rank cannot tell the others, so
    // the job is aborted rather than left waiting.
    app::Fail(kProgramName, app::kRuntimeError,
              "rank " + std::to_string(world.rank()) + ": " + e.what());
    MPI_Abort(world.native(), app::kRuntimeError);
    return app::kRuntimeError;
  }
}
