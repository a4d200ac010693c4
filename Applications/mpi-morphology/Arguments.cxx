#include "Arguments.h"

#include "cumed/app/CommandLine.h"
#include "cumed/app/Options.h"
#include "cumed/app/UsageError.h"

#include <cmath>
#include <sstream>

namespace cumed::mpimorphology {
namespace {

using app::UsageError;

/// "R" (every axis) or "RX,RY,RZ", whole voxels from 0 to kMaxRadiusVoxels.
std::array<int, 3> ParseRadius(const std::string& text) {
  std::array<int, 3> radius{};
  std::vector<std::string> parts;
  std::stringstream stream(text);
  for (std::string part; std::getline(stream, part, ',');) parts.push_back(part);
  if (parts.size() != 1 && parts.size() != 3)
    throw UsageError("--radius-vox: '" + text + "' is not R or RX,RY,RZ");
  for (std::size_t i = 0; i < 3; ++i) {
    const double value = app::ParseFiniteNumber("--radius-vox", parts[parts.size() == 1 ? 0 : i]);
    if (value < 0 || value != std::floor(value) || value > morphology::kDefaultMaxRadiusVoxels)
      throw UsageError("--radius-vox: '" + text + "' must be whole voxels from 0 to " +
                       std::to_string(morphology::kDefaultMaxRadiusVoxels));
    radius[i] = int(value);
  }
  if (radius == std::array<int, 3>{0, 0, 0})
    throw UsageError("--radius-vox: '" + text + "' is 0 on every axis: nothing to do");
  return radius;
}

bool EndsWith(const std::string& text, const std::string& end) {
  return text.size() >= end.size() && text.compare(text.size() - end.size(), end.size(), end) == 0;
}

} // namespace

namespace {

struct Given {
  std::optional<std::string> radius;
  bool gather = false;
};

// The option table: every option once, with its help and what it does with its value.
void DeclareOptions(app::CommandLine& cli, Arguments& a, Given& given) {
  cli.Usage(
      "mpirun -np N cumed-mpi-morphology INPUT OPERATION --radius-vox R --output OUT\n"
      "                                          [options]",
      "Grayscale or binary morphology of one volume split into z-slabs over the MPI ranks,\n"
      "identical voxel for voxel to cumed-morphology on the whole volume (ITK's semantics "
      "at\n"
      "the volume's faces). Each rank exchanges the planes within the element's reach "
      "(twice\n"
      "it for open, close and the top-hats) with its neighbours while it filters its slab.\n");
  cli.NameWidth(20);
  cli.Positional("INPUT", "an image file .mha .mhd .nrrd .nii .nii.gz (uint8, int16, uint16\n"
                          "or float), or a DICOM CT series directory (int16 HU; --series\n"
                          "chooses the series); rank 0 reads it and sends each rank its\n"
                          "planes");
  cli.Positional("OPERATION", morphology::OperationNames());
  app::AddDicomSeriesOptions(cli, a.dicomSeries);
  cli.Value("--radius-vox,--radius", "R",
            "radius in voxels, R on every axis or RX,RY,RZ (0 along z: each\n"
            "slice alone, no exchange; --radius is the old name)",
            [&given](const std::string& value) { given.radius = value; });
  cli.Value("--element", "E",
            "ball, box or cross (default: ball), as\nitk::FlatStructuringElement makes them",
            [&a](const std::string& value) {
              const auto shape = morphology::ParseElementShape(value);
              if (!shape) throw UsageError("--element: '" + value + "' is not ball, box or cross");
              a.element = *shape;
            });
  cli.Value("--output", "OUT",
            "OUT.pvti: one OUT/OUT_<rank>.vti piece per rank holding planes\n"
            "(VTK XML, read with vtkXMLPImageDataReader or ParaView); with\n"
            "--gather: one OUT.mha written by rank 0",
            [&a](const std::string& value) { a.output = value; });
  cli.Flag("--gather", "gather the result on rank 0 and write one .mha", given.gather);
  cli.Number("--foreground", "V", "binary-*: the object's value (required)", a.foreground);
  cli.Flag("--no-safe-border", "open, close, top-hats, binary-close: ITK's SafeBorder off",
           [&a] { a.safeBorder = false; });
  cli.Backend(a.backend, "auto, cpu or cuda (default: auto), for every rank");
  cli.Force(a.force, "replace an existing OUT file, atomically (the piece directory\n"
                     "OUT/ of a .pvti must be new or empty, --force or not)");
  cli.Epilogue(
      "Every rank applies --threads (its CPU threads) and the log level; rank 0 prints the\n"
      "summary (--json: one JSON object) and the errors.\n"
      "\n"
      "Outputs are written under a temporary name beside OUT and renamed into place once\n"
      "every rank has written its part; a failure leaves nothing. The output directory must\n"
      "be visible to every rank (a shared file system).\n"
      "\n"
      "Exit status: 0 success; 1 a runtime error on any rank (every rank exits 1; rank 0\n"
      "prints \"rank R: message\" for the lowest failing rank); 2 a usage error.\n"
      "--list-series: rank 0 prints the listing, every rank exits 0.\n");
}

} // namespace

Arguments ParseArguments(int argc, const char* const* argv) {
  Arguments arguments;
  Given given;
  const auto table = app::ParseTable(kProgramName, argc, argv, arguments, given, DeclareOptions);
  if (!table) return arguments;
  const std::vector<std::string>& positional = *table;
  if (arguments.dicomSeries.listSeries) { // lists INPUT's series; nothing else is needed
    if (positional.size() != 1) throw UsageError("--list-series takes INPUT alone");
    arguments.input = positional[0];
    return arguments;
  }
  if (positional.size() != 2)
    throw UsageError("expected INPUT and OPERATION, got " + std::to_string(positional.size()) +
                     " arguments");
  arguments.input = positional[0];
  arguments.operation = morphology::FindOperation(positional[1]);
  if (!arguments.operation)
    throw UsageError("OPERATION '" + positional[1] +
                     "' is not one of: " + morphology::OperationNames());
  if (!given.radius) throw UsageError("--radius-vox is required");
  arguments.radius = ParseRadius(*given.radius);
  if (arguments.output.empty())
    throw UsageError("--output is required (.pvti, or .mha with --gather)");
  if (given.gather) {
    if (!EndsWith(arguments.output, ".mha"))
      throw UsageError("--gather writes one .mha file; --output '" + arguments.output +
                       "' does not end with .mha");
    arguments.outputKind = OutputKind::Gathered;
  } else if (!EndsWith(arguments.output, ".pvti")) {
    throw UsageError("--output '" + arguments.output +
                     "' does not end with .pvti (one piece per rank); for one .mha file add "
                     "--gather");
  }
  if (arguments.operation->binary && !arguments.foreground)
    throw UsageError(std::string(arguments.operation->name) +
                     " needs --foreground V (the object's value)");
  if (!arguments.operation->binary && arguments.foreground)
    throw UsageError("--foreground applies to the binary-* operations, not " +
                     std::string(arguments.operation->name));
  if (!arguments.safeBorder && !arguments.operation->takesSafeBorder)
    throw UsageError("--no-safe-border applies to " +
                     morphology::OperationNamesWith(&morphology::Operation::takesSafeBorder) +
                     ", not " + arguments.operation->name);
  return arguments;
}

std::string HelpText() {
  return app::TableHelp<Arguments, Given>(kProgramName, DeclareOptions);
}

} // namespace cumed::mpimorphology
