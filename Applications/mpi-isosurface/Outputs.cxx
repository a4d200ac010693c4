#include "Outputs.h"

#include "cumed/app/RankZero.h"
#include "cumed/core/Error.h"
#include "cumed/meshio/StlWriter.h"
#include "cumed/meshio/VtpWriter.h"
#include "cumed/output/SafeOutput.h"
#include "cumed/parallel/Collective.h"
#include "cumed/parallel/GatherIsosurface.h"
#include "cumed/parallel/PieceFiles.h"
#include "cumed/parallel/StandalonePiece.h"

#include <functional>
#include <memory>
#include <string>

namespace cumed::mpiisosurfaceapp {
namespace fs = std::filesystem;
using parallel::Communicator;
using parallel::PieceName;

namespace {

/// The output's directory, created by rank 0 before the run and kept only when it succeeds.
std::unique_ptr<output::CreatedDirectories> gCreated;

/// Removes this rank's committed piece when the run fails after all.
struct CommittedPiece {
  fs::path file;
  bool keep = false;
  ~CommittedPiece() {
    std::error_code ignored;
    if (!file.empty() && !keep) fs::remove(file, ignored);
  }
};

} // namespace

void CheckOutputs(const Communicator& comm, const Arguments& arguments) {
  app::OnRankZero(comm, [&] {
    output::ProtectedInputs inputs;
    (fs::is_directory(arguments.input) ? inputs.directories : inputs.files)
        .push_back(arguments.input);
    output::CheckReplaceable("--output", arguments.output, arguments.force, inputs);
    if (arguments.kind == OutputKind::Pvtp) {
      for (int r = 0; r < comm.size(); ++r) {
        output::CheckReplaceable("piece", PieceName(arguments.output, r), arguments.force, inputs);
      }
    }
    gCreated = std::make_unique<output::CreatedDirectories>();
    gCreated->Create(output::OutputName(arguments.output).parent_path());
  });
}

void WriteOutputs(const Communicator& comm, const Arguments& arguments,
                  const std::vector<parallel::Slab>& slabs,
                  const parallel::DistributedIsosurfaceResult& result) {
  const fs::path output = output::OutputName(arguments.output);
  if (arguments.gather) {
    const surface::SurfaceMesh whole = parallel::GatherIsosurface(comm, result);
    app::OnRankZero(comm, [&] {
      output::StagedFiles staged(arguments.force);
      const fs::path file = staged.Stage(output);
      if (arguments.kind == OutputKind::Stl) {
        meshio::WriteStl(whole, file);
      } else {
        meshio::WriteVtp(whole, file);
      }
      staged.Commit();
    });
  } else {
    const parallel::StandalonePiece piece = parallel::StandalonePieceOf(comm, slabs, result);
    CommittedPiece committed;
    parallel::RunCollectively(comm, [&] {
      output::StagedFiles staged(arguments.force);
      const fs::path name = PieceName(output, comm.rank());
      parallel::WritePiece(piece, staged.Stage(name));
      staged.Commit();
      committed.file = name;
    });
    app::OnRankZero(comm, [&] {
      output::StagedFiles staged(arguments.force);
      try {
        parallel::WritePvtp(staged.Stage(output), comm.size(), arguments.normals, output);
      } catch (const cumed::Error& e) {
        throw cumed::Error(std::string("--output ") + e.what());
      }
      staged.Commit();
    });
    committed.keep = true;
  }
  if (gCreated) gCreated->Keep();
}

} // namespace cumed::mpiisosurfaceapp
