#include "Arguments.h"

#include "cumed/app/BackendOption.h"
#include "cumed/app/Options.h"
#include "cumed/app/UsageError.h"

#include <charconv>
#include <set>
#include <sstream>
#include <string_view>

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

int ParseCount(const std::string& option, const std::string& text, int highest) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size()) {
    throw UsageError(option + ": '" + text + "' is not a whole number");
  }
  if (value < 0 || value > highest) {
    throw UsageError(option + " " + text + " is outside 0.." + std::to_string(highest));
  }
  return value;
}

bool IsFlag(const std::string& name) {
  return name == "--help" || name == "-h" || name == "--normals" || name == "--no-normals" ||
         name == "--force" || app::IsToolFlag(name);
}

bool TakesValue(const std::string& name) {
  static const std::set<std::string> kWithValue{
      "--iso", "--labels", "--backend", "--gpus", "--slabs", "--output", "--png", "--compression"};
  return kWithValue.count(name) != 0 || app::IsToolValueOption(name);
}

void ApplyFlag(const std::string& name, Arguments& arguments) {
  if (name == "--help" || name == "-h") {
    arguments.help = true;
    return;
  }
  if (name == "--force") {
    arguments.force = true;
    return;
  }
  if (app::IsToolFlag(name)) return app::ApplyToolFlag(name, arguments.tool);
  const bool on = name == "--normals";
  if (arguments.normals && *arguments.normals != on) {
    throw UsageError("--normals and --no-normals exclude each other");
  }
  arguments.normals = on;
}

void ApplyOption(const std::string& name, const std::string& value, Arguments& arguments) {
  if (app::IsToolValueOption(name)) {
    app::ApplyToolValue(name, value, arguments.tool);
  } else if (name == "--iso" || name == "--labels") {
    if (!arguments.values.empty()) {
      throw UsageError("--iso and --labels exclude each other: give one");
    }
    arguments.kind = name == "--iso" ? SurfaceKind::Isovalue : SurfaceKind::Label;
    arguments.values = ParseValueList(name, value);
  } else if (name == "--backend") {
    arguments.backend = app::ParseBackendOption(name, value);
  } else if (name == "--gpus") {
    arguments.gpus = ParseCount(name, value, kMaxGpus);
    arguments.gpusGiven = true;
  } else if (name == "--slabs") {
    arguments.slabs = ParseCount(name, value, kMaxSlabs);
  } else if (name == "--output") {
    if (value.empty()) throw UsageError("--output: the file name is empty");
    arguments.output = value;
  } else if (name == "--png") {
    if (value.empty()) throw UsageError("--png: the file name is empty");
    arguments.png = value;
  } else if (name == "--compression") {
    const auto compression = cumed::meshio::ParseVtpCompression(value);
    if (!compression) {
      throw UsageError("--compression: unknown compression '" + value + "' (none, lz4 or zlib)");
    }
    arguments.compression = *compression;
  }
}

} // namespace

Arguments ParseArguments(int argc, const char* const* argv) {
  Arguments arguments;
  const std::vector<std::string> positionals = app::ParseCommandLine(
      argc, argv,
      {IsFlag, TakesValue, [&](const std::string& name) { ApplyFlag(name, arguments); },
       [&](const app::OptionArgument& option, const std::string& value, int&) {
         ApplyOption(option.name, value, arguments);
       }});
  if (arguments.help || arguments.tool.version) return arguments;
  if (arguments.values.empty()) {
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
  std::ostringstream text;
  text << "Usage: cumed-isosurface (--iso V[,V...] | --labels L[,L...]) [options] INPUT\n"
       << "\n"
       << "Extracts isosurfaces (or label surfaces) of a 3D volume with CuMed's marching cubes,\n"
       << "equal to VTK's vtkFlyingEdges3D (vtkDiscreteFlyingEdges3D for labels), on the CPU or\n"
       << "CUDA GPUs; writes the surface and prints one summary line.\n"
       << "\n"
       << "  INPUT                 a DICOM CT series directory (read as int16 HU), an image file\n"
       << "                        .mha .mhd .nrrd .nii .nii.gz, or a VTK image .vti; 3D, one\n"
       << "                        value per voxel. uint8, int16, uint16 and float are contoured\n"
       << "                        as they are; other types are converted to float (a note says\n"
       << "                        so)\n"
       << "  --iso V[,V...]        isovalues: one surface each; a point is inside when its value\n"
       << "                        is >= V\n"
       << "  --labels L[,L...]     label values: one closed surface around each label's voxels\n"
       << "                        (edges cut at their midpoint); exactly one of --iso, --labels;\n"
       << "                        a label not in the volume: a warning\n"
       << "  --normals             write point normals (default for --iso)\n"
       << "  --no-normals          no normals (default for --labels)\n"
       << "  --output FILE         the surface: .vtp (VTK XML, binary, with normals, and the\n"
       << "                        contour value per point when several are given), .stl\n"
       << "                        (binary), .ply (binary; points and triangles only). Missing\n"
       << "                        directories are created\n"
       << "  --compression C       how a .vtp FILE is compressed: none, lz4 (fast) or zlib\n"
       << "                        (smaller, slower) (default: lz4; .stl and .ply are not)\n"
       << "  --png FILE            also render a picture of the surface (offscreen: EGL without\n"
       << "                        DISPLAY, else X; without either: xvfb-run -a ...); its\n"
       << "                        renderer is warmed before the contour (summary: warmup_ms,\n"
       << "                        first_frame_ms from the contour's end to the first frame)\n"
       << "  --backend B           auto, cpu or cuda (default: auto); cuda fails when no CUDA\n"
       << "                        device is usable\n"
       << "  --gpus N              CUDA devices to use, 0 = every usable one (default: 1); more\n"
       << "                        than there are: a warning, and the usable ones are used\n"
       << "  --slabs N             z-slabs the volume is cut into, at least one per GPU; more\n"
       << "                        run in turn (default 0: one per GPU); the surface is the same\n"
       << "  --force               replace existing --output/--png files, atomically (without it\n"
       << "                        an existing file is a usage error; never a symbolic link, a\n"
       << "                        file with several hard links, or an input file)\n"
       << app::ToolOptionsHelp() << "  -h, --help            this text\n"
       << "\n"
       << "Without --output and --png the surface is only measured. Points are in the volume's\n"
       << "world coordinates (origin, spacing and direction; DICOM: patient coordinates, mm).\n"
       << "An INPUT file is refused before its values are read when its data are shorter or\n"
       << "longer than its header claims, its geometry is not finite, or it does not fit the\n"
       << "memory (MemAvailable; CUMED_AVAILABLE_MEMORY=BYTES[K|M|G|T] overrides).\n"
       << "Exit status: 0 success, 1 runtime error (input, output, CUDA, rendering, an empty\n"
       << "surface), 2 usage error (also: an output file exists and --force is not given).\n";
  return text.str();
}

} // namespace cumed::isosurfaceapp
