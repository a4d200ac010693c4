#include "Outputs.h"

#include "cumed/app/RankZero.h"
#include "cumed/core/Error.h"
#include "cumed/meshio/StlWriter.h"
#include "cumed/meshio/VtpWriter.h"
#include "cumed/output/SafeOutput.h"
#include "cumed/parallel/Collective.h"
#include "cumed/parallel/GatherIsosurface.h"
#include "cumed/parallel/StandalonePiece.h"
#include "cumed/vtk/VtkMeshBridge.h"

#include <vtkDataSetAttributes.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPolyData.h>
#include <vtkUnsignedCharArray.h>

#include <fstream>
#include <functional>
#include <memory>
#include <string>

namespace cumed::mpiisosurfaceapp {
namespace fs = std::filesystem;
using parallel::Communicator;

fs::path PieceName(const fs::path& pvtp, int rank) {
  return pvtp.parent_path() / (pvtp.stem().string() + "_" + std::to_string(rank) + ".vtp");
}

namespace {

/// The output's directory, created by rank 0 before the run and kept only when it succeeds.
std::unique_ptr<output::CreatedDirectories> gCreated;

/// The piece with its borrowed points flagged as VTK flags duplicated points.
void WritePiece(const parallel::StandalonePiece& piece, const fs::path& file) {
  vtkNew<vtkPolyData> polyData;
  ToVtkPolyData(piece.mesh, polyData);
  vtkNew<vtkUnsignedCharArray> ghosts;
  ghosts->SetName(vtkDataSetAttributes::GhostArrayName());
  ghosts->SetNumberOfValues(piece.mesh.numberOfPoints());
  for (std::int64_t p = 0; p < piece.mesh.numberOfPoints(); ++p) {
    ghosts->SetValue(p, p < piece.ownPoints ? 0 : vtkDataSetAttributes::DUPLICATEPOINT);
  }
  polyData->GetPointData()->AddArray(ghosts);
  meshio::WriteVtp(polyData, file);
}

/// The .pvtp naming every piece, with the arrays WritePiece writes.
void WritePvtp(const fs::path& file, int pieces, bool normals, const fs::path& finalName) {
  std::ofstream out(file, std::ios::binary);
  out << "<?xml version=\"1.0\"?>\n"
      << "<VTKFile type=\"PPolyData\" version=\"1.0\" byte_order=\"LittleEndian\" "
         "header_type=\"UInt64\">\n"
      << "  <PPolyData GhostLevel=\"0\">\n"
      << "    <PPointData" << (normals ? " Normals=\"Normals\"" : "") << ">\n";
  if (normals) {
    out << "      <PDataArray type=\"Float32\" Name=\"Normals\" NumberOfComponents=\"3\"/>\n";
  }
  out << "      <PDataArray type=\"UInt8\" Name=\"" << vtkDataSetAttributes::GhostArrayName()
      << "\"/>\n"
      << "    </PPointData>\n"
      << "    <PPoints>\n"
      << "      <PDataArray type=\"Float32\" Name=\"Points\" NumberOfComponents=\"3\"/>\n"
      << "    </PPoints>\n";
  for (int r = 0; r < pieces; ++r) {
    out << "    <Piece Source=\"" << PieceName(finalName, r).filename().string() << "\"/>\n";
  }
  out << "  </PPolyData>\n</VTKFile>\n";
  out.close();
  if (!out) throw cumed::Error("--output '" + finalName.string() + "': writing failed");
}

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
      WritePiece(piece, staged.Stage(name));
      staged.Commit();
      committed.file = name;
    });
    app::OnRankZero(comm, [&] {
      output::StagedFiles staged(arguments.force);
      WritePvtp(staged.Stage(output), comm.size(), arguments.normals, output);
      staged.Commit();
    });
    committed.keep = true;
  }
  if (gCreated) gCreated->Keep();
}

} // namespace cumed::mpiisosurfaceapp
