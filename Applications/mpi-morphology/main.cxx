// cumed-mpi-morphology: morphology of one volume over the ranks of mpirun, identical to
// cumed-morphology on the whole volume. Every rank parses the same command line and agrees on
// every failure, so all ranks exit with the same status; only rank 0 prints.
#include "Arguments.h"
#include "Pipeline.h"
#include "cumed/app/DicomSeriesOptions.h"
#include "cumed/app/ProgramMain.h"
#include "cumed/app/RankZero.h"
#include "cumed/app/UsageError.h"
#include "cumed/output/InterruptCleanup.h"
#include "cumed/parallel/Communicator.h"

#include <iostream>

int main(int argc, char** argv) {
  using namespace cumed::mpimorphology;
  cumed::parallel::MpiSession session(&argc, &argv);
  const cumed::parallel::Communicator world;
  const bool printer = world.rank() == 0;
  // Rank 0 stages every output (the pieces too): on SIGINT/SIGTERM it removes the staging.
  if (printer) cumed::output::InstallInterruptCleanup();
  const auto fail = [&](int code, const std::string& message) {
    return printer ? cumed::app::Fail(kProgramName, code, message) : code;
  };
  try {
    const Arguments arguments = ParseArguments(argc, argv);
    if (arguments.help || arguments.tool.version) {
      if (printer)
        std::cout << (arguments.help ? HelpText() : cumed::app::VersionText(kProgramName));
      return 0;
    }
    cumed::app::ApplyToolOptions(kProgramName, arguments.tool); // every rank: threads, log level
    if (arguments.dicomSeries.listSeries) { // rank 0 lists; every rank agrees on the outcome
      std::string listing;
      cumed::app::OnRankZero(world, [&] {
        listing = cumed::app::ListSeriesText(arguments.input, arguments.tool.json,
                                             arguments.tool.threads);
      });
      if (printer) std::cout << listing << std::endl;
      return 0;
    }
    const std::string summary = RunPipeline(arguments, world);
    if (printer) std::cout << summary << std::endl;
    return 0;
  } catch (const cumed::app::UsageError& error) {
    return fail(cumed::app::kUsageError, error.what());
  } catch (const std::exception& error) {
    return fail(cumed::app::kRuntimeError, error.what());
  }
}
