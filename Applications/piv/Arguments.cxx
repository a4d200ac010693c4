#include "Arguments.h"

#include "SettingsFile.h"

#include "cumed/app/CommandLine.h"
#include "cumed/app/Options.h"
#include "cumed/app/UsageError.h"
#include "cumed/core/Error.h"
#include "cumed/core/NumberRules.h"
#include "cumed/piv/DerivedFields.h"
#include "cumed/piv/PathlineTracing.h"

#include <cmath>
#include <sstream>

namespace cumed::pivapp {
using app::UsageError;
namespace {

std::vector<std::string> SplitCommas(const std::string& text) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream stream(text);
  while (std::getline(stream, part, ',')) parts.push_back(part);
  if (text.empty() || text.back() == ',') parts.emplace_back();
  return parts;
}

double ParsePositive(const std::string& option, const std::string& text) {
  const double value = app::ParseFiniteNumber(option, text);
  if (!(value > 0)) throw UsageError(option + " must be > 0 (got " + text + ")");
  return value;
}

/// --overlap as a fraction (0.5) or a percentage (50%).
double ParseOverlap(const std::string& text) {
  const bool percent = !text.empty() && text.back() == '%';
  const double value =
      app::ParseFiniteNumber("--overlap", percent ? text.substr(0, text.size() - 1) : text) /
      (percent ? 100.0 : 1.0);
  if (value < 0 || value > 0.75)
    throw UsageError("--overlap " + text + " is outside 0..0.75 (0..75%)");
  return value;
}

/// --limits UMIN,UMAX,VMIN,VMAX (px).
void ParseLimits(const std::string& text, cumed::piv::ValidationOptions& v) {
  const std::vector<std::string> parts = SplitCommas(text);
  if (parts.size() != 4)
    throw UsageError("--limits takes four values UMIN,UMAX,VMIN,VMAX (px), got '" + text + "'");
  double values[4];
  for (int i = 0; i < 4; ++i) values[i] = app::ParseFiniteNumber("--limits", parts[i]);
  if (values[0] >= values[1] || values[2] >= values[3])
    throw UsageError("--limits " + text + ": each minimum must be below its maximum");
  v.minU = values[0];
  v.maxU = values[1];
  v.minV = values[2];
  v.maxV = values[3];
}

// The option table: every option once, with its help and what it does with its value.
void DeclareOptions(app::CommandLine& cli, Arguments& a) {
  using namespace cumed::piv;
  auto& v = a.piv.validation;
  cli.Usage(
      "[OPTIONS] --output DIR FRAMES...",
      R"(Particle image velocimetry: the displacement field between frames by FFT cross-correlation of
interrogation windows, with multi-pass window deformation, validation and replacement, on the
CPU or a CUDA GPU.

FRAMES: two image files (one pair), more files (a sequence, in the order given), a directory
(its .tif/.tiff/.bmp/.png files sorted by name) or a pattern such as 'run/img_*.tif' (quoted;
* and ? in the file name). Frames are 8- or 16-bit (or float) grayscale images of one size.

Outputs in DIR (created if missing; an existing file is replaced only with --force), per pair,
named after the pair's first frame:
  NAME.txt    x y u v flags peak_to_peak per vector (px; flags: 1 masked, 2 invalid peak,
              4 median outlier, 8 low peak ratio, 16 out of range, 32 replaced,
              64 peak beyond a quarter window: searchExtension + window/4 px)
  NAME.vti    the field on the window-centre grid: velocity, magnitude, vorticity, divergence,
              displacement, peak, peak_to_peak, peak_to_mean, flags (--format vtk: NAME.vtk)
With --ensemble one field, ensemble.txt and ensemble.vti.
)");
  cli.NameWidth(25).Section("Processing:");
  cli.Value("--window", "W[,W...]",
            "window size per pass, 8..128 px (default 32); more sizes = multi-pass\n"
            "window deformation, e.g. 64,32,16",
            [&a](const std::string& value) {
              a.piv.windowSizes.clear();
              for (const std::string& part : SplitCommas(value))
                a.piv.windowSizes.push_back(app::ParseWholeNumber("--window", part, 8, 128));
            });
  cli.Value("--overlap", "F", "0..0.75, or 0..75% (default 0.5)",
            [&a](const std::string& value) { a.piv.overlap = ParseOverlap(value); });
  cli.Value("--search-extension", "PX",
            "first pass: the second frame's window grows by PX on each side",
            [&a](const std::string& value) {
              a.piv.searchExtension = app::ParseWholeNumber("--search-extension", value, 0, 128);
            });
  cli.Choice<SubPixelFit>("--fit", "NAME", "gaussian (default), centroid or parabolic",
                          a.piv.subPixel,
                          {{"gaussian", SubPixelFit::Gaussian},
                           {"centroid", SubPixelFit::Centroid},
                           {"parabolic", SubPixelFit::Parabolic}},
                          "fit");
  cli.Choice<Interpolation>("--deformation", "NAME",
                            "resampling between passes: lanczos (default), bicubic, bilinear",
                            a.piv.deformation,
                            {{"lanczos", Interpolation::Lanczos},
                             {"bicubic", Interpolation::Bicubic},
                             {"bilinear", Interpolation::Bilinear}},
                            "resampling");
  cli.Choice<PairLossCorrection>(
      "--pair-loss-correction", "first|all|none",
      "correct the sub-pixel fit for pairs lost over the window's edge\n"
      "in the first (undeformed) pass only (default), every pass, or none",
      a.piv.pairLossCorrection,
      {{"first", PairLossCorrection::FirstPass},
       {"all", PairLossCorrection::AllPasses},
       {"none", PairLossCorrection::None}},
      "choice");
  cli.Flag("--zero-padding", "linear instead of circular correlation", a.piv.zeroPadding);
  cli.Flag("--normalized", "normalised correlation (peaks in [-1, 1])",
           a.piv.normalizedCorrelation);
  cli.Text("--mask", "FILE", "image of the frames' size; non-zero pixels are masked", a.mask,
           "file name");
  cli.Flag("--ensemble", "average the correlation planes of all pairs (steady flow): one field",
           a.ensemble);
  cli.Choice<Pairing>("--pairing", "ab|consecutive",
                      "sequence pairs (1,2),(3,4)... (default) or (1,2),(2,3)...", a.pairing,
                      {{"ab", Pairing::AB}, {"consecutive", Pairing::Consecutive}}, "pairing");
  cli.Backend(a.piv.backend, "auto, cpu or cuda (default auto: CUDA where a device is usable,\n"
                             "--ensemble too)");
  cli.Section("Validation:");
  cli.Value("--median-threshold", "T", "normalised median test threshold (default 2)",
            [&v](const std::string& value) {
              v.medianThreshold = ParsePositive("--median-threshold", value);
            });
  cli.Value("--median-epsilon", "PX", "its noise level (default 0.1)",
            [&v](const std::string& value) {
              v.medianEpsilon = app::ParseFiniteNumber("--median-epsilon", value);
              if (v.medianEpsilon < 0)
                throw UsageError("--median-epsilon must be >= 0 (got " + value + ")");
            });
  cli.Flag("--no-median-test", "no median test", [&v] { v.medianTest = false; });
  cli.Value("--min-peak-ratio", "R",
            "flag vectors with a lower peak-to-peak ratio (default 0: off)",
            [&v](const std::string& value) {
              v.minPeakToPeak = app::ParseFiniteNumber("--min-peak-ratio", value);
              if (v.minPeakToPeak < 0)
                throw UsageError("--min-peak-ratio must be >= 0 (got " + value + ")");
            });
  cli.Value("--limits", "UMIN,UMAX,VMIN,VMAX", "flag displacements outside (px)",
            [&v](const std::string& value) { ParseLimits(value, v); });
  cli.Choice<Replacement>("--replacement", "NAME", "median (default), mean or none", v.replacement,
                          {{"median", Replacement::LocalMedian},
                           {"mean", Replacement::LocalMean},
                           {"none", Replacement::None}},
                          "method");
  cli.Section("Units and pathlines:");
  cli.Value("--dt", "T",
            "time between the frames of a pair (default 1): velocity = px x\npixel size / T",
            [&a](const std::string& value) { a.timeBetweenFrames = ParsePositive("--dt", value); });
  cli.Value("--pixel-size", "L", "length per px (default 1)",
            [&a](const std::string& value) { a.pixelSize = ParsePositive("--pixel-size", value); });
  cli.Value("--pathlines", "FILE.vtp",
            "polylines of points carried through the sequence's fields (RK2,\n"
            "bilinear in space, linear in time), with time and speed arrays;\n"
            "with --png also pathlines.png: the lines as ribbons coloured by\n"
            "speed over the first frame (traced, built and drawn on the GPU on a\n"
            "CUDA run)",
            [&a](const std::string& value) {
              const std::string ext = value.size() >= 4 ? value.substr(value.size() - 4) : "";
              if (ext != ".vtp")
                throw UsageError("--pathlines '" + value + "': the file name must end with .vtp");
              a.pathlines = value;
            });
  cli.Value("--pathline-seed-step", "K",
            "seeds at every K-th window centre of the first field (default 2)",
            [&a](const std::string& value) {
              a.pathlineSeedStep = app::ParseWholeNumber("--pathline-seed-step", value, 1, 1000);
            });
  cli.Value(
      "--pair-interval", "T", "time between successive pairs (default: --dt)",
      [&a](const std::string& value) { a.pairInterval = ParsePositive("--pair-interval", value); });
  cli.Choice<FieldFormat>("--format", "vti|vtk",
                          "field files: VTK XML image data (default) or legacy VTK", a.format,
                          {{"vti", FieldFormat::Vti}, {"vtk", FieldFormat::Vtk}}, "format");
  cli.Flag("--png",
           "also NAME.png: the first frame with the vectors as arrows coloured\n"
           "by magnitude (needs an OpenGL context: EGL device, or X11 under\n"
           "xvfb-run); on a CUDA run the arrows are built on the GPU and drawn\n"
           "from its memory (the summary's render_mesh=interop|host says how)",
           a.png);
  cli.Choice<ArrowColour>(
         "--colour-by", "NAME", "the arrows' colour with --png: magnitude (default) or vorticity",
         a.arrowColour,
         {{"magnitude", ArrowColour::Magnitude}, {"vorticity", ArrowColour::Vorticity}}, "quantity")
      ->each([&a](const std::string&) { a.arrowColourGiven = true; });
  // Read before the table parses the command line (ExpandSettingsFile, SettingsFile.h).
  cli.Value("--settings", "FILE",
            "options from FILE, one a line as on the command line (\"--window\n"
            "64,32,16\"; '#' starts a comment line); the command line wins",
            [&a](const std::string& file) { a.settingsFile = file; });
  cli.Text("--output", "DIR", "the output directory (required)", a.outputDirectory,
           "directory name");
  cli.Force(a.force, "replace existing output files");
}

void CheckCombinations(const Arguments& a) {
  if (a.inputs.empty())
    throw UsageError("no frames given: two image files (a pair), a list, a directory or a "
                     "pattern such as 'run/*.tif'");
  if (a.outputDirectory.empty()) throw UsageError("--output DIR is required");
  if (a.arrowColourGiven && !a.png)
    throw UsageError("--colour-by colours the arrows of the --png picture; give --png as well");
  // The ranges are the library's (PhysicalUnits), spelled as the options.
  try {
    cumed::piv::CheckPhysicalUnits({a.timeBetweenFrames, a.pixelSize});
    if (a.pairInterval > 0) cumed::piv::CheckPathlineTimes(a.pairInterval, a.timeBetweenFrames);
  } catch (const InvalidArgument& e) {
    throw UsageError(numbers::Respell(e.what(), {{"timeBetweenFrames", "--dt"},
                                                 {"pixelSize", "--pixel-size"},
                                                 {"fieldInterval", "--pair-interval"},
                                                 {"displacementTime", "--dt"}}));
  }
}

} // namespace

Arguments ParseArguments(int argc, const char* const* argv) {
  Arguments arguments;
  const std::vector<std::string> expanded = ExpandSettingsFile(argc, argv);
  std::vector<const char*> words;
  for (const std::string& word : expanded) words.push_back(word.c_str());
  const auto table =
      app::ParseTable(kProgramName, int(words.size()), words.data(), arguments, DeclareOptions);
  if (!table) return arguments;
  arguments.inputs = *table;
  CheckCombinations(arguments);
  return arguments;
}

std::string HelpText() {
  return app::TableHelp<Arguments>(kProgramName, DeclareOptions);
}

} // namespace cumed::pivapp
