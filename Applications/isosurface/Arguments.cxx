#include "Arguments.h"

#include "cumed/app/CommandLine.h"
#include "cumed/app/Options.h"
#include "cumed/app/UsageError.h"
#include "cumed/app/VtpCompressionOption.h"

namespace cumed::isosurfaceapp {
using app::UsageError;
namespace {

constexpr int kMaxGpus = 1024;
constexpr int kMaxSlabs = 65536;

// "V[,V...]": finite numbers, none empty.
std::vector<double> ParseValueList(const std::string& option, const std::string& text) {
  std::vector<double> values;
  std::size_t begin = 0;
  while (true) {
    const std::size_t comma = text.find(',', begin);
    const std::string item = text.substr(begin, comma - begin);
    if (item.empty()) {
      throw UsageError(option + ": '" + text + "' has an empty value (write V or V1,V2,...)");
    }
    values.push_back(app::ParseFiniteNumber(option, item));
    if (comma == std::string::npos) return values;
    begin = comma + 1;
  }
}

void SetNormals(Arguments& a, bool on) {
  if (a.normals && *a.normals != on) {
    throw UsageError("--normals and --no-normals exclude each other");
  }
  a.normals = on;
}

void SetValues(Arguments& a, SurfaceKind kind, const std::string& option, const std::string& text) {
  if (!a.values.empty()) throw UsageError("--iso and --labels exclude each other: give one");
  a.kind = kind;
  a.values = ParseValueList(option, text);
}

// What 3D Slicer shows (--xml): the volume in, the surface out (.vtp, which Slicer loads as a
// model), the values and the settings. --labels is a vector: Slicer leaves an empty one out.
app::SlicerModule SlicerDescription() {
  app::SlicerModule m;
  m.title = "CuMed Isosurface";
  m.description = "Isosurfaces or label surfaces of a volume with CuMed's marching cubes, equal "
                  "to VTK's flying edges, on the CPU or CUDA GPUs. Clear Isovalues to use Labels.";
  m.documentationUrl = "Documentation/applications.md#cumed-isosurface";
  m.groups = {{"IO",
               "The volume in and the surface out.",
               {{"INPUT", "image", "Input volume", "", "input", ".nrrd"},
                {"--output", "geometry", "Output surface", "", "output", ".vtp"}}},
              {"Surfaces",
               "Which surfaces, and how they are computed.",
               {{"--iso", "float-vector", "Isovalues", "100"},
                {"--labels", "integer-vector", "Labels"},
                {"--closed", "boolean", "Closed, outward-facing"},
                {"--no-normals", "boolean", "No normals"},
                {"--compression", "string-enumeration", "Compression", "lz4"},
                {"--backend", "string-enumeration", "Backend", "auto"},
                {"--gpus", "integer", "GPUs (0: all)", "1", "", "", 0.0, double(kMaxGpus), 1.0},
                {"--slabs", "integer", "Slabs (0: one per GPU)", "0", "", "", 0.0,
                 double(kMaxSlabs), 1.0}}}};
  return m;
}

// The option table: every option once, with its help and what it does with its value.
void DeclareOptions(app::CommandLine& cli, Arguments& a) {
  cli.Usage("(--iso V[,V...] | --labels L[,L...]) [options] INPUT",
            "Extracts isosurfaces (or label surfaces) of a 3D volume with CuMed's marching cubes,\n"
            "equal to VTK's vtkFlyingEdges3D (vtkDiscreteFlyingEdges3D for labels), on the CPU or\n"
            "CUDA GPUs; writes the surface and prints one summary line.\n");
  cli.Positional("INPUT", "a DICOM CT series directory (read as int16 HU), an image file\n"
                          ".mha .mhd .nrrd .nii .nii.gz, or a VTK image .vti; 3D, one\n"
                          "value per voxel. uint8, int16, uint16 and float are contoured\n"
                          "as they are; other types are converted to float (a note says\n"
                          "so)");
  cli.Value("--iso", "V[,V...]",
            "isovalues: one surface each; a point is inside when its value\nis >= V",
            [&a](const std::string& v) { SetValues(a, SurfaceKind::Isovalue, "--iso", v); });
  cli.Value("--labels", "L[,L...]",
            "label values: one closed surface around each label's voxels\n"
            "(edges cut at their midpoint); exactly one of --iso, --labels;\n"
            "a label not in the volume: a warning",
            [&a](const std::string& v) { SetValues(a, SurfaceKind::Label, "--labels", v); });
  app::AddDicomSeriesOptions(cli, a.dicomSeries);
  cli.Flag("--normals", "write point normals (default for --iso)", [&a] { SetNormals(a, true); });
  cli.Flag("--no-normals", "no normals (default for --labels)", [&a] { SetNormals(a, false); });
  cli.Flag("--closed",
           "closed, outward-facing surfaces, as cumed-ct-surface writes:\n"
           "the volume is padded by one voxel of its type's lowest value\n"
           "(surfaces close at the faces), every value must be reached\n"
           "and lie above that value, and triangles face outward also for\n"
           "a reflected direction (VTK's order turns them inside out)",
           [&a] { a.closed = true; });
  cli.Text("--output", "FILE",
           "the surface: .vtp (VTK XML, binary, with normals, and the\n"
           "contour value per point when several are given), .stl\n"
           "(binary), .ply (binary; points and triangles only). Missing\n"
           "directories are created",
           a.output, "file name");
  app::VtpCompressionOption(cli,
                            "how a .vtp FILE is compressed: none, lz4 (fast) or zlib\n"
                            "(smaller, slower) (default: lz4; .stl and .ply are not)",
                            a.compression);
  cli.Text("--png", "FILE",
           "also render a picture of the surface (offscreen: EGL without\n"
           "DISPLAY, else X; without either: xvfb-run -a ...); its\n"
           "renderer is warmed before the contour (summary: warmup_ms,\n"
           "first_frame_ms from the contour's end to the first frame)",
           a.png, "file name");
  cli.Backend(a.backend, "auto, cpu or cuda (default: auto); cuda fails when no CUDA\n"
                         "device is usable");
  cli.Value("--gpus", "N",
            "CUDA devices to use, 0 = every usable one (default: 1); more\n"
            "than there are: a warning, and the usable ones are used",
            [&a](const std::string& value) {
              a.gpus = app::ParseWholeNumber("--gpus", value, 0, kMaxGpus);
              a.gpusGiven = true;
            });
  cli.Value("--slabs", "N",
            "z-slabs the volume is cut into, at least one per GPU; more\n"
            "run in turn (default 0: one per GPU); the surface is the same",
            [&a](const std::string& value) {
              a.slabs = app::ParseWholeNumber("--slabs", value, 0, kMaxSlabs);
            });
  cli.Force(a.force, "replace existing --output/--png files, atomically (without it\n"
                     "an existing file is a usage error; never a symbolic link, a\n"
                     "file with several hard links, or an input file)");
  cli.Slicer(SlicerDescription());
  cli.Epilogue(
      "Without --output and --png the surface is only measured. Points are in the volume's\n"
      "world coordinates (origin, spacing and direction; DICOM: patient coordinates, mm).\n"
      "An INPUT file is refused before its values are read when its data are shorter or\n"
      "longer than its header claims, its geometry is not finite, or it does not fit the\n"
      "memory (MemAvailable; CUMED_AVAILABLE_MEMORY=BYTES[K|M|G|T] overrides).\n"
      "Exit status: 0 success, 1 runtime error (input, output, CUDA, rendering, an empty\n"
      "surface), 2 usage error (also: an output file exists and --force is not given).\n");
}

} // namespace

Arguments ParseArguments(int argc, const char* const* argv) {
  Arguments arguments;
  const auto table = app::ParseTable(kProgramName, argc, argv, arguments, DeclareOptions);
  if (!table) return arguments;
  const std::vector<std::string>& positionals = *table;
  if (arguments.values.empty() && !arguments.dicomSeries.listSeries) {
    throw UsageError("give the surfaces: --iso V[,V...] (isovalues) or --labels L[,L...] "
                     "(label values)");
  }
  if (positionals.size() != 1) {
    throw UsageError("expected one INPUT, got " + std::to_string(positionals.size()) +
                     (positionals.size() > 1 ? " ('" + positionals[1] + "' is extra)" : ""));
  }
  arguments.input = positionals.front();
  if (arguments.input.empty()) throw UsageError("INPUT is empty");
  return arguments;
}

std::string HelpText() {
  return app::TableHelp<Arguments>(kProgramName, DeclareOptions);
}

} // namespace cumed::isosurfaceapp
