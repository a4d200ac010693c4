#include "Arguments.h"

#include "cumed/app/CommandLine.h"
#include "cumed/app/Options.h"
#include "cumed/app/UsageError.h"

namespace cumed::mpiisosurfaceapp {
using app::UsageError;

namespace {

OutputKind KindOf(const std::filesystem::path& output) {
  const std::string extension = output.extension().string();
  if (extension == ".pvtp") return OutputKind::Pvtp;
  if (extension == ".vtp") return OutputKind::Vtp;
  if (extension == ".stl") return OutputKind::Stl;
  throw UsageError("--output '" + output.string() + "': the name must end in .pvtp, .vtp or .stl");
}

} // namespace

namespace {

// The option table: every option once, with its help and what it does with its value.
void DeclareOptions(app::CommandLine& cli, Arguments& a, bool& haveIso) {
  cli.Usage(
      "mpirun -np N cumed-mpi-isosurface INPUT --iso V --output OUT [options]",
      R"(The isosurface of one volume split in z-slabs over the MPI ranks: each rank extracts its slab's
piece on its GPU or CPU after fetching the one ghost plane above it from its neighbour (two above
and one below with --normals), and the pieces are numbered with MPI_Exscan so that together they
are exactly the welded mesh cumed-isosurface makes in one process (same points, ids and
triangles, on either backend).

INPUT
  FILE.mha, FILE.mhd, FILE.nrrd   every rank reads only its slab's planes and the ghost planes
                                  (ITK's ImageFileReader with a requested region: MetaImage
                                  streams them from disk, other formats are read whole and
                                  cropped); uint8, int16, uint16 and float keep their type, other
                                  scalar types are read as float
  DIRECTORY                       a DICOM CT series: rank 0 reads it (int16 HU, CuMed's DICOM
                                  reader) and scatters the slabs; --series chooses
                                  which one (the same on every rank: only rank 0 chooses)
)");
  cli.NameWidth(15).Section("Options");
  cli.Value("--iso", "V", "the isovalue (a point is inside when its value >= V)",
            [&a, &haveIso](const std::string& value) {
              a.iso = app::ParseFiniteNumber("--iso", value);
              haveIso = true;
            });
  cli.Value("--output", "OUT",
            "OUT.pvtp: one OUT_<rank>.vtp piece per rank beside OUT.pvtp, which lists them\n"
            "(VTK's vtkXMLPPolyDataWriter layout; each piece repeats the points it shares\n"
            "with the piece above, flagged as duplicates in the vtkGhostType point array)\n"
            "OUT.vtp or OUT.stl with --gather: rank 0 gathers the whole mesh and writes it",
            [&a](const std::string& value) {
              if (value.empty()) throw UsageError("--output needs a file name");
              a.output = value;
            });
  app::AddDicomSeriesOptions(cli, a.dicomSeries);
  cli.Flag("--gather", "write one file on rank 0 instead of pieces", a.gather);
  cli.Flag("--normals", "point normals from the gradient (as vtkFlyingEdges3D's ComputeNormals)",
           a.normals);
  cli.Backend(a.backend,
              "auto, cpu or cuda (default: auto, CUDA where a device is usable): where every\n"
              "rank extracts its piece; with CUDA each rank takes one GPU of its host (local\n"
              "rank % GPUs, so ranks share GPUs when there are more ranks than GPUs)");
  cli.Force(a.force, "replace existing outputs");
  cli.Epilogue(
      R"(Every rank applies --threads (its CPU threads) and the log level; rank 0 prints the summary
(--json: one JSON object) and the errors.

Outputs appear only when complete (written under temporary names, renamed at the end; the
.pvtp after all its pieces); nothing is left behind by a failed run.

Exit status: 0 success; 1 a runtime error on any rank (unreadable input, a failing rank: every
rank stops with "rank R: MESSAGE" of the lowest failing rank, printed once by rank 0); 2 a usage
error (printed once by rank 0). --list-series: rank 0 prints the listing, every rank exits 0.
)");
}

} // namespace

Arguments ParseArguments(int argc, const char* const* argv) {
  Arguments arguments;
  bool haveIso = false;
  const auto table = app::ParseTable(kProgramName, argc, argv, arguments, haveIso, DeclareOptions);
  if (!table) return arguments;
  const std::vector<std::string>& positional = *table;
  if (positional.size() != 1) {
    throw UsageError(
        "expected one INPUT (a .mha/.mhd/.nrrd file or a DICOM series directory), got " +
        std::to_string(positional.size()));
  }
  arguments.input = positional.front();
  if (arguments.dicomSeries.listSeries) return arguments; // lists INPUT's series; nothing else
  if (!haveIso) throw UsageError("--iso V is required");
  if (arguments.output.empty()) throw UsageError("--output FILE is required");
  arguments.kind = KindOf(arguments.output);
  if (arguments.gather == (arguments.kind == OutputKind::Pvtp)) {
    throw UsageError(arguments.gather
                         ? "--gather writes one .vtp or .stl on rank 0, not '" +
                               arguments.output.string() + "'"
                         : "'" + arguments.output.string() +
                               "' is one file: give --gather (rank 0 writes the whole mesh) or "
                               "an output ending in .pvtp (one piece per rank)");
  }
  return arguments;
}

std::string HelpText() {
  return app::TableHelp<Arguments, bool>(kProgramName, DeclareOptions);
}

} // namespace cumed::mpiisosurfaceapp
