#include "Arguments.h"

#include "SettingsFile.h"

#include "cumed/app/BackendOption.h"
#include "cumed/app/Options.h"
#include "cumed/app/UsageError.h"

#include <charconv>
#include <cmath>
#include <set>
#include <sstream>

namespace cumed::pivapp {
using app::UsageError;
namespace {

int ParseWholeNumber(const std::string& option, const std::string& text, int low, int high) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size())
    throw UsageError(option + ": '" + text + "' is not a whole number");
  if (value < low || value > high)
    throw UsageError(option + " " + text + " is outside " + std::to_string(low) + ".." +
                     std::to_string(high));
  return value;
}

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

const std::set<std::string> kWithValue{"--output",
                                       "--window",
                                       "--overlap",
                                       "--search-extension",
                                       "--fit",
                                       "--deformation",
                                       "--pair-loss-correction",
                                       "--mask",
                                       "--median-threshold",
                                       "--median-epsilon",
                                       "--min-peak-ratio",
                                       "--limits",
                                       "--replacement",
                                       "--pairing",
                                       "--dt",
                                       "--pixel-size",
                                       "--pair-interval",
                                       "--format",
                                       "--pathlines",
                                       "--pathline-seed-step",
                                       "--backend",
                                       "--colour-by",
                                       "--settings"};
const std::set<std::string> kFlags{
    "--help",         "-h",           "--ensemble", "--no-median-test",
    "--zero-padding", "--normalized", "--png",      "--force"};

void ApplyFlag(const std::string& name, Arguments& a) {
  if (name == "--help" || name == "-h")
    a.help = true;
  else if (name == "--ensemble")
    a.ensemble = true;
  else if (name == "--no-median-test")
    a.piv.validation.medianTest = false;
  else if (name == "--zero-padding")
    a.piv.zeroPadding = true;
  else if (name == "--normalized")
    a.piv.normalizedCorrelation = true;
  else if (name == "--png")
    a.png = true;
  else if (name == "--force")
    a.force = true;
  else
    app::ApplyToolFlag(name, a.tool);
}

void ApplyOption(const std::string& name, const std::string& value, Arguments& a) {
  auto& v = a.piv.validation;
  if (app::IsToolValueOption(name)) {
    app::ApplyToolValue(name, value, a.tool);
  } else if (name == "--colour-by") {
    if (value == "magnitude")
      a.arrowColour = ArrowColour::Magnitude;
    else if (value == "vorticity")
      a.arrowColour = ArrowColour::Vorticity;
    else
      throw UsageError("--colour-by: unknown quantity '" + value + "' (magnitude or vorticity)");
    a.arrowColourGiven = true;
  } else if (name == "--output") {
    if (value.empty()) throw UsageError("--output: the directory name is empty");
    a.outputDirectory = value;
  } else if (name == "--window") {
    a.piv.windowSizes.clear();
    for (const std::string& part : SplitCommas(value))
      a.piv.windowSizes.push_back(ParseWholeNumber("--window", part, 8, 128));
  } else if (name == "--overlap") {
    a.piv.overlap = ParseOverlap(value);
  } else if (name == "--search-extension") {
    a.piv.searchExtension = ParseWholeNumber(name, value, 0, 128);
  } else if (name == "--fit") {
    if (value == "gaussian")
      a.piv.subPixel = cumed::piv::SubPixelFit::Gaussian;
    else if (value == "centroid")
      a.piv.subPixel = cumed::piv::SubPixelFit::Centroid;
    else if (value == "parabolic")
      a.piv.subPixel = cumed::piv::SubPixelFit::Parabolic;
    else
      throw UsageError("--fit: unknown fit '" + value + "' (gaussian, centroid or parabolic)");
  } else if (name == "--deformation") {
    if (value == "lanczos")
      a.piv.deformation = cumed::piv::Interpolation::Lanczos;
    else if (value == "bicubic")
      a.piv.deformation = cumed::piv::Interpolation::Bicubic;
    else if (value == "bilinear")
      a.piv.deformation = cumed::piv::Interpolation::Bilinear;
    else
      throw UsageError("--deformation: unknown resampling '" + value +
                       "' (lanczos, bicubic or bilinear)");
  } else if (name == "--pair-loss-correction") {
    if (value == "first")
      a.piv.pairLossCorrection = cumed::piv::PairLossCorrection::FirstPass;
    else if (value == "all")
      a.piv.pairLossCorrection = cumed::piv::PairLossCorrection::AllPasses;
    else if (value == "none")
      a.piv.pairLossCorrection = cumed::piv::PairLossCorrection::None;
    else
      throw UsageError("--pair-loss-correction: unknown choice '" + value +
                       "' (first, all or none)");
  } else if (name == "--mask") {
    if (value.empty()) throw UsageError("--mask: the file name is empty");
    a.mask = value;
  } else if (name == "--median-threshold") {
    v.medianThreshold = ParsePositive(name, value);
  } else if (name == "--median-epsilon") {
    v.medianEpsilon = app::ParseFiniteNumber(name, value);
    if (v.medianEpsilon < 0) throw UsageError("--median-epsilon must be >= 0 (got " + value + ")");
  } else if (name == "--min-peak-ratio") {
    v.minPeakToPeak = app::ParseFiniteNumber(name, value);
    if (v.minPeakToPeak < 0) throw UsageError("--min-peak-ratio must be >= 0 (got " + value + ")");
  } else if (name == "--limits") {
    ParseLimits(value, v);
  } else if (name == "--replacement") {
    if (value == "median")
      v.replacement = cumed::piv::Replacement::LocalMedian;
    else if (value == "mean")
      v.replacement = cumed::piv::Replacement::LocalMean;
    else if (value == "none")
      v.replacement = cumed::piv::Replacement::None;
    else
      throw UsageError("--replacement: unknown method '" + value + "' (median, mean or none)");
  } else if (name == "--pairing") {
    if (value == "ab")
      a.pairing = Pairing::AB;
    else if (value == "consecutive")
      a.pairing = Pairing::Consecutive;
    else
      throw UsageError("--pairing: unknown pairing '" + value + "' (ab or consecutive)");
  } else if (name == "--dt") {
    a.timeBetweenFrames = ParsePositive(name, value);
  } else if (name == "--pixel-size") {
    a.pixelSize = ParsePositive(name, value);
  } else if (name == "--pair-interval") {
    a.pairInterval = ParsePositive(name, value);
  } else if (name == "--format") {
    if (value == "vti")
      a.format = FieldFormat::Vti;
    else if (value == "vtk")
      a.format = FieldFormat::Vtk;
    else
      throw UsageError("--format: unknown format '" + value + "' (vti or vtk)");
  } else if (name == "--pathlines") {
    const std::string ext = value.size() >= 4 ? value.substr(value.size() - 4) : "";
    if (ext != ".vtp")
      throw UsageError("--pathlines '" + value + "': the file name must end with .vtp");
    a.pathlines = value;
  } else if (name == "--pathline-seed-step") {
    a.pathlineSeedStep = ParseWholeNumber(name, value, 1, 1000);
  } else if (name == "--backend") {
    a.piv.backend = app::ParseBackendOption(name, value);
  } // --settings: read before parsing (SettingsFile.h)
}

void CheckCombinations(const Arguments& a) {
  if (a.inputs.empty())
    throw UsageError("no frames given: two image files (a pair), a list, a directory or a "
                     "pattern such as 'run/*.tif'");
  if (a.outputDirectory.empty()) throw UsageError("--output DIR is required");
  if (a.arrowColourGiven && !a.png)
    throw UsageError("--colour-by colours the arrows of the --png picture; give --png as well");
}

} // namespace

Arguments ParseArguments(int argc, const char* const* argv) {
  Arguments arguments;
  const std::vector<std::string> expanded = ExpandSettingsFile(argc, argv);
  std::vector<const char*> words;
  for (const std::string& word : expanded) words.push_back(word.c_str());
  arguments.inputs = app::ParseCommandLine(
      int(words.size()), words.data(),
      {[](const std::string& n) { return kFlags.count(n) != 0 || app::IsToolFlag(n); },
       [](const std::string& n) { return kWithValue.count(n) != 0 || app::IsToolValueOption(n); },
       [&](const std::string& name) { ApplyFlag(name, arguments); },
       [&](const app::OptionArgument& option, const std::string& value, int&) {
         ApplyOption(option.name, value, arguments);
       }});
  if (arguments.help || arguments.tool.version) return arguments;
  CheckCombinations(arguments);
  return arguments;
}

std::string HelpText() {
  return std::string(R"(Usage: cumed-piv [OPTIONS] --output DIR FRAMES...

Particle image velocimetry: the displacement field between frames by FFT cross-correlation of
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

Processing:
  --window W[,W...]        window size per pass, 8..128 px (default 32); more sizes = multi-pass
                           window deformation, e.g. 64,32,16
  --overlap F              0..0.75, or 0..75% (default 0.5)
  --search-extension PX    first pass: the second frame's window grows by PX on each side
  --fit NAME               gaussian (default), centroid or parabolic
  --deformation NAME       resampling between passes: lanczos (default), bicubic, bilinear
  --pair-loss-correction first|all|none
                           correct the sub-pixel fit for pairs lost over the window's edge
                           in the first (undeformed) pass only (default), every pass, or none
  --zero-padding           linear instead of circular correlation
  --normalized             normalised correlation (peaks in [-1, 1])
  --mask FILE              image of the frames' size; non-zero pixels are masked
  --ensemble               average the correlation planes of all pairs (steady flow): one field
  --pairing ab|consecutive sequence pairs (1,2),(3,4)... (default) or (1,2),(2,3)...
  --backend auto|cpu|cuda  (default auto: CUDA where a device is usable, --ensemble too)
Validation:
  --median-threshold T     normalised median test threshold (default 2)
  --median-epsilon PX      its noise level (default 0.1)
  --no-median-test         no median test
  --min-peak-ratio R       flag vectors with a lower peak-to-peak ratio (default 0: off)
  --limits UMIN,UMAX,VMIN,VMAX   flag displacements outside (px)
  --replacement NAME       median (default), mean or none
Units and pathlines:
  --dt T                   time between the frames of a pair (default 1): velocity = px x
                           pixel size / T
  --pixel-size L           length per px (default 1)
  --pathlines FILE.vtp     polylines of points carried through the sequence's fields (RK2,
                           bilinear in space, linear in time), with time and speed arrays;
                           with --png also pathlines.png: the lines as ribbons coloured by
                           speed over the first frame (traced, built and drawn on the GPU on a
                           CUDA run)
  --pathline-seed-step K   seeds at every K-th window centre of the first field (default 2)
  --pair-interval T        time between successive pairs (default: --dt)
  --format vti|vtk         field files: VTK XML image data (default) or legacy VTK
  --png                    also NAME.png: the first frame with the vectors as arrows coloured
                           by magnitude (needs an OpenGL context: EGL device, or X11 under
                           xvfb-run); on a CUDA run the arrows are built on the GPU and drawn
                           from its memory (the summary's render_mesh=interop|host says how)
  --colour-by NAME         the arrows' colour with --png: magnitude (default) or vorticity
  --settings FILE          options from FILE, one a line as on the command line ("--window
                           64,32,16"; '#' starts a comment line); the command line wins
  --force                  replace existing output files
  --help, -h               this text
)") + app::ToolOptionsHelp();
}

} // namespace cumed::pivapp
