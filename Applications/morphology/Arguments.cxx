#include "Arguments.h"

#include "cumed/app/CommandLine.h"
#include "cumed/app/ElementLimits.h"
#include "cumed/app/Options.h"
#include "cumed/app/UsageError.h"
#include "cumed/core/Error.h"

#include <array>
#include <cstdio>
#include <sstream>
#include <string_view>
#include <vector>

namespace cumed::morphologyapp {
using app::UsageError;
using morphology::kDefaultMaxRadiusVoxels;
using morphology::OperationNames;
using morphology::OperationNamesWith;
namespace {

bool LooksLikeWholeNumber(std::string_view text) {
  if (!text.empty() && text.front() == '-') text.remove_prefix(1);
  return !text.empty() && text.find_first_not_of("0123456789") == std::string_view::npos;
}

std::vector<std::string> SplitCommas(const std::string& text) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream stream(text);
  while (std::getline(stream, part, ',')) parts.push_back(part);
  if (!text.empty() && text.back() == ',') parts.emplace_back();
  return parts;
}

// The operations' names, for --xml's enumeration: OperationNames() is "dilate, erode, ...".
std::vector<std::string> OperationWords() {
  std::vector<std::string> words;
  for (std::string word : SplitCommas(OperationNames())) {
    word.erase(0, word.find_first_not_of(' '));
    words.push_back(word);
  }
  return words;
}

// --radius-vox R, RX,RY,RZ, or RX RY RZ (CommandLine joins those by commas).
void ParseRadiusVoxelsOption(const std::string& text, RadiusRequest& radius) {
  std::vector<std::string> values = SplitCommas(text);
  if (values.size() != 1 && values.size() != 3) {
    throw UsageError("--radius-vox takes one value or three (RX RY RZ), got '" + text + "'");
  }
  std::array<int, 3> voxels{};
  for (int axis = 0; axis < 3; ++axis) {
    voxels[axis] = app::ParseWholeNumber("--radius-vox", values[values.size() == 3 ? axis : 0], 0,
                                         kDefaultMaxRadiusVoxels);
  }
  radius.voxels = voxels;
  radius.voxelsPerAxis = values.size() == 3;
}

// What 3D Slicer shows (--xml): the image in and out, the operation and its settings. Optional
// values without a default are strings (Slicer leaves an empty one out); --radius-vox is left
// out, since Slicer would pass it beside --radius-mm.
app::SlicerModule SlicerDescription() {
  app::SlicerModule m;
  m.title = "CuMed Morphology";
  m.description = "Grayscale or binary morphology (dilate, erode, open, close, top-hats, "
                  "gradient) with a flat ball, box or cross, equal to ITK's filters voxel for "
                  "voxel, on the CPU or a CUDA GPU.";
  m.documentationUrl = "Documentation/applications.md#cumed-morphology";
  m.groups = {{"Images",
               "The volume in and the result.",
               {{"INPUT", "image", "Input volume", "", "input", ".nrrd"},
                {"OUTPUT", "image", "Output volume", "", "output", ".nrrd"}}},
              {"Operation",
               "The operation and its element.",
               {{"--operation", "string-enumeration", "Operation", "close"},
                {"--element", "string-enumeration", "Element", "ball"},
                {"--radius-mm", "float", "Radius (mm)", "1", "", "", 0.01, 100.0, 0.5},
                {"--2d", "boolean", "Each slice on its own"},
                {"--foreground", "string", "Foreground value (binary operations)"},
                {"--background", "string", "Background value (binary operations)"},
                {"--boundary", "string", "Boundary value (dilate, erode)"},
                {"--no-safe-border", "boolean", "No safe border"},
                {"--backend", "string-enumeration", "Backend", "auto"}}}};
  return m;
}

// The option table: every option once, with its help and what it does with its value.
void DeclareOptions(app::CommandLine& cli, Arguments& a) {
  cli.Usage("[options] INPUT OUTPUT",
            "Grayscale or binary morphology of a CT series or an image file, on the CPU or a CUDA\n"
            "GPU, with results equal to ITK's filters voxel for voxel. Prints one summary line.\n");
  cli.Positional("INPUT", "a DICOM CT series directory (read as int16 HU), or an image\n"
                          "file .mha .mhd .nrrd .nii .nii.gz (2D or 3D; pixel type uint8,\n"
                          "int16, uint16 or float; a 2D image is one slice)");
  cli.Positional("OUTPUT", "an image file (the extension, in lower case, picks the\n"
                           "format; compressed), or a DICOM series directory with\n"
                           "--dicom or a trailing '/'");
  cli.Words(cli.Value("--operation", "OP", "required: " + OperationNames(),
                      [&a](const std::string& value) {
                        a.operation = morphology::FindOperation(value);
                        if (!a.operation) {
                          throw UsageError("--operation: unknown operation '" + value +
                                           "' (one of: " + OperationNames() + ")");
                        }
                      }),
            OperationWords());
  cli.Choice<ElementShape>(
      "--element", "E",
      "ball, box or cross (default: ball), as\nitk::FlatStructuringElement makes them", a.element,
      {{"ball", ElementShape::Ball}, {"box", ElementShape::Box}, {"cross", ElementShape::Cross}},
      "element");
  cli.Value("--radius-mm", "R",
            "radius in mm; per axis round(R / spacing), for anisotropic\nvoxels",
            [&a](const std::string& value) {
              const double radius = app::ParseFiniteNumber("--radius-mm", value);
              if (radius <= 0.0) throw UsageError("--radius-mm must be > 0 (got " + value + ")");
              a.radius.millimetres = radius;
            });
  auto* radiusVoxels =
      cli.Value("--radius-vox", "R",
                "radius in voxels, the same on every axis, or RX RY RZ (or\n"
                "RX,RY,RZ); exactly one of --radius-mm and --radius-vox",
                [&a](const std::string& value) { ParseRadiusVoxelsOption(value, a.radius); });
  // Three separate values only when both following arguments are whole numbers; exactly one
  // following number is refused rather than guessed to be INPUT.
  cli.AllowValues(
      radiusVoxels, 3, LooksLikeWholeNumber, [](const std::string& first, const std::string& next) {
        throw UsageError("--radius-vox takes one value or three (RX RY RZ), got '" + first + " " +
                         next + "' (write ./" + next + " for a file of that name)");
      });
  cli.Flag("--2d",
           "z radius 0: each slice on its own (implied for a 2D image)\n"
           "A radius that is 0 on every axis is refused: nothing to do.\n"
           "Limits: 1000 voxels per axis, an element box of 2^27 voxels,\n"
           "and an element at most twice the volume along each axis",
           a.radius.flat);
  cli.Flag(app::kAllowLargeElementFlag,
           "run an element more than twice the volume anyway (it reaches\n"
           "past the whole volume from every voxel; it takes minutes)",
           a.allowLargeElement);
  cli.Number("--foreground", "V",
             "binary-*: the object's value; required (ITK's default, the\n"
             "type's maximum, rarely matches a mask's 1 or 255)",
             a.foreground);
  cli.Number("--background", "V",
             "binary-dilate/erode/open: value of removed object voxels\n"
             "(default: ITK's; the type's lowest value, 0 for binary-open)",
             a.background);
  cli.Number("--boundary", "V",
             "dilate, erode: value outside the image (default: ITK's, the\n"
             "value that cannot win)",
             a.boundary);
  cli.Flag("--no-safe-border",
           "open, close, top-hats, binary-close: do not pad the volume\n"
           "(ITK's SafeBorder off; the faces then see the image edge)",
           [&a] { a.safeBorder = false; });
  cli.Backend(a.backend, "auto, cpu or cuda (default: auto); cuda fails when no CUDA\n"
                         "device is usable");
  cli.Text("--series-uid", "UID",
           "DICOM input: read the series with exactly this\nSeriesInstanceUID", a.seriesUid, "UID");
  app::AddDicomSeriesOptions(cli, a.dicomSeries);
  cli.Flag("--dicom",
           "write OUTPUT as a DICOM CT series (int16 data only): derived\n"
           "image, new series UID; from a DICOM input the patient, study\n"
           "and frame of reference are kept and its slices referenced",
           a.dicomOutput);
  cli.Text("--seg", "FILE",
           "binary-* operations on a DICOM series: also write the result\n"
           "(voxels equal to --foreground) as a DICOM SEG file of the\n"
           "input's study, referencing its slices (never replaced)",
           a.segFile, "FILE");
  cli.Force(a.force, "replace an existing OUTPUT file, atomically (never INPUT, a\n"
                     "symbolic link, a file with several hard links or a DICOM\n"
                     "directory)");
  cli.Slicer(SlicerDescription());
  cli.Epilogue(
      "OUTPUT may not be INPUT (or a data file of an .mhd/.mha INPUT) and may not lie inside\n"
      "an INPUT directory; a DICOM OUTPUT directory must be new or empty. OUTPUT is written\n"
      "under a temporary name and renamed into place once complete; SIGINT or SIGTERM removes\n"
      "it. Spacing, origin and direction are kept. An image INPUT is refused before its pixels\n"
      "are read when its data are shorter or longer than its header claims, its geometry is\n"
      "not finite, or it does not fit the memory (MemAvailable; CUMED_AVAILABLE_MEMORY=\n"
      "BYTES[K|M|G|T] overrides). Exit status: 0 success, 1 runtime error (input, output,\n"
      "CUDA; also: OUTPUT appeared meanwhile), 2 usage error (also: OUTPUT exists and --force\n"
      "is not given).\n");
}

// The rules between options, checked once everything is read.
void CheckCombinations(const Arguments& a, std::size_t positionals) {
  if (!a.operation) {
    throw UsageError("--operation is required (one of: " + OperationNames() + ")");
  }
  if (positionals != 2) {
    throw UsageError("expected INPUT and OUTPUT, got " + std::to_string(positionals) +
                     " file argument" + (positionals == 1 ? "" : "s"));
  }
  if (a.radius.millimetres && a.radius.voxels) {
    throw UsageError("--radius-mm and --radius-vox exclude each other: give one");
  }
  if (!a.radius.millimetres && !a.radius.voxels) {
    throw UsageError("a radius is required: --radius-mm R or --radius-vox R (or RX RY RZ)");
  }
  if (a.radius.flat && a.radius.voxelsPerAxis && (*a.radius.voxels)[2] != 0) {
    throw UsageError("--2d sets the z radius to 0, but --radius-vox gave " +
                     std::to_string((*a.radius.voxels)[2]));
  }
  // Spacing does not matter for a radius in voxels; this refuses an all-zero radius now.
  if (a.radius.voxels) CheckedVoxelRadius(a.radius, {1.0, 1.0, 1.0}, 3);

  const std::string operation = a.operation->name;
  if (a.operation->binary && !a.foreground) {
    throw UsageError("--operation " + operation +
                     " needs --foreground V, the value of the object's voxels (e.g. 1 or 255)");
  }
  if (!a.operation->binary && (a.foreground || a.background)) {
    throw UsageError(std::string(a.foreground ? "--foreground" : "--background") +
                     " applies only to binary-* operations, not to " + operation);
  }
  // ITK's binary closing has no background value (unclosed voxels keep their input value).
  if (a.background && a.operation->binary &&
      a.operation->binaryOperation == cumed::morphology::BinaryOperation::Close) {
    throw UsageError("--background does not apply to binary-close (voxels the closing does not "
                     "set keep their input value)");
  }
  if (a.foreground && a.background && *a.foreground == *a.background) {
    throw UsageError("--foreground and --background must differ");
  }
  if (!a.segFile.empty() && !a.operation->binary) {
    throw UsageError("--seg writes a binary result as a DICOM SEG; --operation " + operation +
                     " is grayscale (use a binary-* operation)");
  }
  if (a.boundary && !a.operation->takesBoundary) {
    throw UsageError("--boundary applies only to " + OperationNamesWith(&Operation::takesBoundary) +
                     ", not to " + operation);
  }
  if (!a.safeBorder && !a.operation->takesSafeBorder) {
    throw UsageError("--no-safe-border applies only to " +
                     OperationNamesWith(&Operation::takesSafeBorder) + ", not to " + operation);
  }
  if (a.output.empty()) throw UsageError("OUTPUT is empty");
  if (a.input.empty()) throw UsageError("INPUT is empty");
}

} // namespace

Arguments ParseArguments(int argc, const char* const* argv) {
  Arguments arguments;
  const auto table = app::ParseTable(kProgramName, argc, argv, arguments, DeclareOptions);
  if (!table) return arguments;
  const std::vector<std::string>& positionals = *table;
  if (positionals.size() >= 1) arguments.input = positionals[0];
  if (positionals.size() >= 2) arguments.output = positionals[1];
  if (arguments.dicomSeries.listSeries) { // lists INPUT's series; nothing else is needed
    if (positionals.size() != 1) throw UsageError("--list-series takes INPUT alone");
    return arguments;
  }
  CheckCombinations(arguments, positionals.size());
  return arguments;
}

std::string RequestText(const RadiusRequest& request) {
  if (request.millimetres) {
    char text[48];
    std::snprintf(text, sizeof text, "--radius-mm %g", *request.millimetres);
    return text;
  }
  if (!request.voxels) return "the radius";
  const std::array<int, 3>& v = *request.voxels;
  return "--radius-vox " +
         (request.voxelsPerAxis
              ? std::to_string(v[0]) + " " + std::to_string(v[1]) + " " + std::to_string(v[2])
              : std::to_string(v[0]));
}

std::array<int, 3> CheckedVoxelRadius(const RadiusRequest& request,
                                      const std::array<double, 3>& spacing, unsigned dimension) {
  RadiusRequest named = request;
  named.name = RequestText(request);
  try {
    return morphology::VoxelRadius(named, spacing, dimension);
  } catch (const cumed::InvalidArgument& e) {
    throw UsageError(e.what());
  }
}

cumed::morphology::StructuringElement CheckedElement(ElementShape shape,
                                                     const std::array<int, 3>& radius) {
  try {
    return morphology::MakeElement(shape, radius);
  } catch (const cumed::InvalidArgument& e) {
    throw UsageError(std::string("--element ") + morphology::ToString(shape) + ": " + e.what());
  }
}

std::string HelpText() {
  return app::TableHelp<Arguments>(kProgramName, DeclareOptions);
}

} // namespace cumed::morphologyapp
