#include "Arguments.h"

#include "ParameterFile.h"
#include "Settings.h"

#include "cumed/app/Options.h"
#include "cumed/app/UsageError.h"

#include <set>
#include <utility>

namespace cumed::registerapp {
using app::UsageError;
namespace {

const std::set<std::string> kFileOptions{"--output",          "--mask",
                                         "--moving-mask",     "--initial-transform",
                                         "--params",          "--transform-format",
                                         "--apply-transform", "--points",
                                         "--image",           "--reference"};
const std::set<std::string> kFlags{"--help", "-h", "--png", "--force", "--affine", "--compress"};

void ApplyFlag(const std::string& name, Arguments& a) {
  if (name == "--help" || name == "-h")
    a.help = true;
  else if (name == "--png")
    a.png = true;
  else if (name == "--force")
    a.force = true;
  else if (name == "--compress")
    a.compress = true;
  else if (name == "--affine")
    a.options.affineStage = true;
  else
    app::ApplyToolFlag(name, a.tool);
}

void ApplyFileOption(const std::string& name, const std::string& value, Arguments& a) {
  if (value.empty()) throw UsageError(name + ": the name is empty");
  if (name == "--transform-format") {
    if (value != "tfm" && value != "h5")
      throw UsageError("--transform-format: expected tfm or h5, got '" + value + "'");
    a.transformFormat = value;
  } else if (name == "--apply-transform") {
    a.applyTransform = value;
  } else if (name == "--points") {
    a.points = value;
  } else if (name == "--image") {
    a.image = value;
  } else if (name == "--reference") {
    a.reference = value;
  } else if (name == "--output")
    a.outputDirectory = value;
  else if (name == "--mask")
    a.mask = value;
  else if (name == "--moving-mask")
    a.movingMask = value;
  else if (name == "--initial-transform")
    a.initialTransform = value;
  else
    a.parameterFile = value;
}

} // namespace

Arguments ParseArguments(int argc, const char* const* argv) {
  Arguments arguments;
  std::set<std::string> given;
  const std::vector<std::string> positional = app::ParseCommandLine(
      argc, argv,
      {[](const std::string& n) { return kFlags.count(n) != 0 || app::IsToolFlag(n); },
       [](const std::string& n) {
         return kFileOptions.count(n) != 0 || IsSettingOption(n) || app::IsToolValueOption(n);
       },
       [&](const std::string& name) {
         ApplyFlag(name, arguments);
         if (name == "--affine") given.insert(name); // the parameter file's AffineStage yields
       },
       [&](const app::OptionArgument& option, const std::string& value, int&) {
         if (app::IsToolValueOption(option.name)) {
           app::ApplyToolValue(option.name, value, arguments.tool);
         } else if (IsSettingOption(option.name)) {
           ApplySetting(option.name, value, option.name, arguments.options);
           given.insert(option.name);
         } else {
           ApplyFileOption(option.name, value, arguments);
         }
       }});
  if (arguments.help || arguments.tool.version) return arguments;
  if (!arguments.applyTransform.empty() || !arguments.points.empty() || !arguments.image.empty() ||
      !arguments.reference.empty()) {
    // The transformix-like mode: no registration.
    if (arguments.applyTransform.empty() || (arguments.points.empty() && arguments.image.empty()))
      throw UsageError("--apply-transform needs --points or --image, and they need it");
    if (arguments.image.empty() != arguments.reference.empty())
      throw UsageError("--image and --reference go together");
    if (!positional.empty())
      throw UsageError("--apply-transform takes no FIXED and MOVING, got " +
                       std::to_string(positional.size()) + " arguments");
    if (arguments.outputDirectory.empty()) throw UsageError("--output DIR is required");
    return arguments;
  }
  if (positional.size() != 2)
    throw UsageError("expected FIXED and MOVING (2 arguments), got " +
                     std::to_string(positional.size()));
  arguments.fixed = positional[0];
  arguments.moving = positional[1];
  if (arguments.outputDirectory.empty()) throw UsageError("--output DIR is required");
  if (!arguments.parameterFile.empty()) {
    ParameterFileOutcome outcome =
        ApplyParameterFile(arguments.parameterFile, given, arguments.options);
    arguments.ignoredParameters = std::move(outcome.ignored);
    arguments.parameterWarnings = std::move(outcome.warnings);
  }
  return arguments;
}

std::string HelpText() {
  return std::string(R"HELP(Usage: cumed-register [OPTIONS] --output DIR FIXED MOVING
       cumed-register --apply-transform TRANSFORM [--points POINTS]
                      [--image IMAGE --reference FIXED] --output DIR

B-spline free-form deformation registration of MOVING onto FIXED on the CPU or a CUDA GPU: a
cubic B-spline over a control grid (ITK's BSplineTransform layout) on top of an optional affine
pre-alignment, over an image pyramid, optimised by L-BFGS with analytic gradients.

FIXED, MOVING: DICOM series directories or image files (.mha, .mhd, .nrrd, .nii, .nii.gz), both
2D or both 3D; pixels are read as float (DICOM as HU).

Outputs in DIR (created if missing; existing files are replaced only with --force; every file
is written under a temporary name and renamed into place once all are complete):
  warped.mha       MOVING resampled onto FIXED's grid (float, linear)
  field.mha        displacement field on FIXED's grid, mm, ITK's convention: the fixed-space
                   point x maps to x + field(x) in moving space (affine included)
  transform.tfm    ITK transform file: the itk::BSplineTransform (order 3); with
                   --initial-transform or --affine a CompositeTransform of the affine and
                   the B-spline (the B-spline applied first); transform.h5 (ITK's HDF5
                   transform file, the same content) with --transform-format h5
  jacobian.mha     Jacobian determinant of x -> x + field(x); <= 0 means folding
  summary.json     the QA summary below, as JSON
  with --png: checkerboard-before.png, checkerboard-after.png, difference-before.png,
  difference-after.png: the middle axial slice of FIXED against MOVING (before: through the
  initial transform only) and against warped.mha
On stdout a QA summary: similarity before and after (the value the registration minimises:
lower is better, e.g. -NCC), Jacobian min/max/mean, folded voxels, the check (global NCC of
FIXED and MOVING before and after; a WARNING when the transform folds or the result is worse
than the start, also on stderr), iterations per level, backend and seconds (with --json one
JSON object).

Registration (each also a --params key, see below):
  --metric NAME            lncc (local NCC, the default: suits CT-CT), ssd (equal
                           intensities only), ncc or nmi (normalised mutual information)
  --levels N               pyramid levels, 1..8 (default 3)
  --grid-spacing MM        control-point spacing at the finest level (default 10)
  --iterations N           L-BFGS iterations per level, 0..100000 (default 50)
  --tolerance T            stop a level when the cost changes by less than T, relative
                           (default 1e-6)
  --bending W              bending energy weight (default 10)
  --elasticity W           linear elasticity weight (default 0)
  --log-jacobian W         log-Jacobian (anti-folding) weight (default 0)
  --bins N                 nmi: joint histogram bins, 2..1024 (default 64)
  --lncc-sigma MM          lncc: Gaussian window (default 3)
  --default-value V        warped.mha's value outside MOVING (default 0)
  --backend auto|cpu|cuda  (default auto: CUDA where a device is usable)
  --affine                 estimate an affine pre-alignment (12 parameters, same metric, on
                           all pyramid levels but the finest) before the B-spline levels,
                           starting from --initial-transform or the identity
Inputs:
  --mask FILE              fixed-image mask (FIXED's grid; nonzero voxels count)
  --moving-mask FILE       moving-image mask (MOVING's space, any grid): a FIXED voxel counts
                           only where all 8 moving voxels its sample reads are kept by it
  --initial-transform FILE an ITK transform file (.tfm) holding one affine transform
                           (AffineTransform, Euler3DTransform... : any
                           MatrixOffsetTransformBase) mapping fixed to moving points; an
                           elastix TransformParameters file is refused with a message
  --params FILE            an elastix-like parameter file: "(Key value ...)" lines, "//"
                           comments; the command line wins over it. Keys: Metric
                           ("AdvancedMeanSquares" ssd, "AdvancedNormalizedCorrelation" ncc,
                           "NormalizedMutualInformation" nmi, or ssd/ncc/lncc/nmi;
                           "AdvancedMattesMutualInformation" is refused: CuMed has no Mattes
                           MI; a second metric
                           "TransformBendingEnergyPenalty" sets --bending to Metric1Weight),
                           NumberOfResolutions, FinalGridSpacingInPhysicalUnits,
                           MaximumNumberOfIterations (not used, with a warning, where
                           Optimizer is elastix's stochastic kind: see the guide),
                           NumberOfHistogramBins,
                           DefaultPixelValue, and CuMed's BendingEnergyWeight,
                           LinearElasticityWeight, LogJacobianWeight, LocalNCCSigma,
                           RelativeTolerance, Backend, AffineStage ("true" or "false");
                           other keys are ignored with a note
Applying a saved transform (transformix's job; no registration runs):
  --apply-transform FILE   an ITK transform file (.tfm, .h5), e.g. a run's transform.tfm
  --points FILE            points in elastix's format: "point", the count, then one point
                           a line (mm, physical space of FIXED); mapped to MOVING's space
                           and written to DIR/points.txt in the same format
  --image FILE             an image in MOVING's space, resampled (linear, --default-value
  --reference FILE         outside) onto the grid of the reference (FIXED) through the
                           transform: DIR/warped.mha
Output:
  --output DIR             the output directory (required)
  --png                    also the checkerboard and difference pictures
  --transform-format F     tfm (default: ITK's text format) or h5 (ITK's HDF5 format, as
                           ANTs and Slicer write it)
  --compress               zlib-compress the .mha outputs (about 3x smaller, but writing a
                           512x512x141 field then takes tens of seconds instead of one)
  --force                  replace existing output files in DIR
  --help, -h               this text
)HELP") + app::ToolOptionsHelp();
}

} // namespace cumed::registerapp
