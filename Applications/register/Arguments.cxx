#include "Arguments.h"

#include "cumed/app/CommandLine.h"
#include "cumed/app/UsageError.h"
#include "cumed/core/Error.h"
#include "cumed/core/NumberRules.h"
#include "cumed/registration/ParameterFile.h"
#include "cumed/registration/Registration.h"

#include <set>
#include <utility>

namespace cumed::registerapp {
using app::UsageError;
namespace {

// What 3D Slicer shows (--xml): FIXED and MOVING, the output directory (warped.mha, the field,
// the transform... as in --help), the registration settings with the library's defaults and
// ranges, the masks. The apply-transform mode is left out.
app::SlicerModule SlicerDescription() {
  app::SlicerModule m;
  m.title = "CuMed B-spline Registration";
  m.description = "B-spline free-form deformation registration of MOVING onto FIXED (optional "
                  "affine pre-alignment, image pyramid, L-BFGS) on the CPU or a CUDA GPU; writes "
                  "warped.mha, field.mha, transform.tfm, jacobian.mha and summary.json into the "
                  "output directory.";
  m.documentationUrl = "Documentation/registration.md#the-application-cumed-register";
  m.groups = {
      {"Images",
       "The images and where the results go.",
       {{"FIXED",
         "image",
         "Fixed image",
         "",
         "input",
         ".nrrd",
         {},
         {},
         {},
         "the image MOVING is registered onto (its grid is the outputs' grid)"},
        {"MOVING",
         "image",
         "Moving image",
         "",
         "input",
         ".nrrd",
         {},
         {},
         {},
         "the image registered onto FIXED"},
        {"--output", "directory", "Output directory", "", "output"},
        {"--mask", "image", "Fixed mask", "", "input", ".nrrd"},
        {"--moving-mask", "image", "Moving mask", "", "input", ".nrrd"},
        {"--initial-transform", "file", "Initial affine transform (.tfm)", "", "input", ".tfm"}}},
      {"Registration",
       "The settings; each has the library's default.",
       {{"--metric", "string-enumeration", "Metric", "lncc"},
        {"--levels", "integer", "Pyramid levels", "3", "", "", 1.0, 8.0, 1.0},
        {"--grid-spacing", "float", "Grid spacing (mm)", "10", "", "", 0.1, 1000.0, 1.0},
        {"--iterations", "integer", "Iterations per level", "50", "", "", 0.0, 100000.0, 10.0},
        {"--tolerance", "float", "Relative tolerance", "1e-06", "", "", 0.0, 1.0, 1e-6},
        {"--bending", "float", "Bending energy weight", "10", "", "", 0.0, 1e6, 1.0},
        {"--elasticity", "float", "Elasticity weight", "0", "", "", 0.0, 1e6, 1.0},
        {"--log-jacobian", "float", "Log-Jacobian weight", "0", "", "", 0.0, 1e6, 1.0},
        {"--bins", "integer", "Histogram bins (nmi)", "64", "", "", 4.0, 1024.0, 1.0},
        {"--lncc-sigma", "float", "LNCC window (mm)", "3", "", "", 1e-6, 1e6, 0.5},
        {"--sampling", "string", "Metric voxels (CPU)", "full"},
        {"--default-value", "float", "Value outside MOVING", "0", "", "", -1e6, 1e6, 1.0},
        {"--affine", "boolean", "Affine pre-alignment"},
        {"--backend", "string-enumeration", "Backend", "auto"}}},
      {"Output",
       "How the results are written.",
       {{"--png", "boolean", "Pictures"},
        {"--transform-format", "string-enumeration", "Transform format", "tfm"},
        {"--compression", "string-enumeration", "Compression", "none"},
        {"--force", "boolean", "Replace existing files"}}}};
  return m;
}

// The option table: every option once, with its help and what it does with its value.
// `given`: the registration settings the command line set (a parameter file yields to them).
void DeclareOptions(app::CommandLine& cli, Arguments& a, std::set<std::string>& given) {
  cli.Usage(
      "cumed-register [OPTIONS] --output DIR FIXED MOVING\n"
      "       cumed-register --apply-transform TRANSFORM [--points POINTS]\n"
      "                      [--image IMAGE --reference FIXED] --output DIR",
      R"HELP(B-spline free-form deformation registration of MOVING onto FIXED on the CPU or a CUDA GPU: a
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
)HELP");
  cli.NameWidth(25);
  // A registration setting: parsed by ApplySetting, as the parameter file's keys are.
  const auto setting = [&](const std::string& name, const std::string& value,
                           const std::string& help) {
    return cli.Value(name, value, help, [&a, &given, name](const std::string& text) {
      try {
        registration::ApplySetting(name, text, name, a.options);
      } catch (const InvalidArgument& e) {
        throw UsageError(e.what());
      }
      given.insert(name);
    });
  };
  // A file name (or a word) that must not be empty.
  const auto file = [&](const std::string& name, const std::string& value, const std::string& help,
                        std::string& target) {
    cli.Value(name, value, help, [&target, name](const std::string& text) {
      if (text.empty()) throw UsageError(name + ": the name is empty");
      target = text;
    });
  };
  cli.Section("Registration (each also a --params key, see below):");
  cli.Words(setting("--metric", "NAME",
                    "lncc (local NCC, the default: suits CT-CT), ssd (equal\n"
                    "intensities only), ncc or nmi (normalised mutual information)"),
            {"lncc", "ssd", "ncc", "nmi"});
  setting("--levels", "N", "pyramid levels, 1..8 (default 3)");
  setting("--grid-spacing", "MM", "control-point spacing at the finest level (default 10)");
  setting("--iterations", "N", "L-BFGS iterations per level, 0..100000 (default 50)");
  setting("--tolerance", "T",
          "stop a level when the cost changes by less than T, relative\n(default 1e-6)");
  setting("--bending", "W", "bending energy weight (default 10)");
  setting("--elasticity", "W", "linear elasticity weight (default 0)");
  setting("--log-jacobian", "W", "log-Jacobian (anti-folding) weight (default 0)");
  setting("--bins", "N", "nmi: joint histogram bins, 4..1024 (default 64)");
  setting("--lncc-sigma", "MM", "lncc: Gaussian window, 1e-6..1e6 (default 3)");
  setting("--sampling", "S",
          "the voxels the metric is evaluated on, per level (CPU only):\n"
          "full (default: every voxel), strided:STEP (every STEP-th voxel\n"
          "along each axis; lncc keeps its window in mm) or\n"
          "random:COUNT[:SEED] (COUNT voxels drawn once per level, seed 1\n"
          "by default; ssd, ncc, nmi)");
  setting("--default-value", "V", "warped.mha's value outside MOVING (default 0)");
  cli.Words(
      setting("--backend", "B", "auto, cpu or cuda (default auto: CUDA where a device is usable)"),
      {"auto", "cpu", "cuda"});
  cli.Flag("--affine",
           "estimate an affine pre-alignment (12 parameters, same metric, on\n"
           "all pyramid levels but the finest) before the B-spline levels,\n"
           "starting from --initial-transform or the identity",
           [&a, &given] {
             a.options.affineStage = true;
             given.insert("--affine"); // the parameter file's AffineStage yields
           });
  cli.Section("Inputs:");
  file("--mask", "FILE", "fixed-image mask (FIXED's grid; nonzero voxels count)", a.mask);
  file("--moving-mask", "FILE",
       "moving-image mask (MOVING's space, any grid): a FIXED voxel counts\n"
       "only where all 8 moving voxels its sample reads are kept by it",
       a.movingMask);
  file("--initial-transform", "FILE",
       "an ITK transform file (.tfm) holding one affine transform\n"
       "(AffineTransform, Euler3DTransform... : any\n"
       "MatrixOffsetTransformBase) mapping fixed to moving points; an\n"
       "elastix TransformParameters file is refused with a message",
       a.initialTransform);
  file("--params", "FILE",
       "an elastix-like parameter file: \"(Key value ...)\" lines, \"//\"\n"
       "comments; the command line wins over it. Keys: Metric\n"
       "(\"AdvancedMeanSquares\" ssd, \"AdvancedNormalizedCorrelation\" ncc,\n"
       "\"NormalizedMutualInformation\" nmi, or ssd/ncc/lncc/nmi;\n"
       "\"AdvancedMattesMutualInformation\" is refused: CuMed has no Mattes\n"
       "MI; a second metric\n"
       "\"TransformBendingEnergyPenalty\" sets --bending to Metric1Weight),\n"
       "NumberOfResolutions, FinalGridSpacingInPhysicalUnits,\n"
       "MaximumNumberOfIterations (not used, with a warning, where\n"
       "Optimizer is elastix's stochastic kind: see the guide),\n"
       "NumberOfHistogramBins,\n"
       "DefaultPixelValue, and CuMed's BendingEnergyWeight,\n"
       "LinearElasticityWeight, LogJacobianWeight, LocalNCCSigma,\n"
       "RelativeTolerance, Backend, AffineStage (\"true\" or \"false\");\n"
       "other keys are ignored with a note",
       a.parameterFile);
  app::AddDicomSeriesOptions(cli, a.dicomSeries); // for FIXED and MOVING alike
  cli.Section("Applying a saved transform (transformix's job; no registration runs):");
  file("--apply-transform", "FILE", "an ITK transform file (.tfm, .h5), e.g. a run's transform.tfm",
       a.applyTransform);
  file("--points", "FILE",
       "points in elastix's format: \"point\", the count, then one point\n"
       "a line (mm, physical space of FIXED); mapped to MOVING's space\n"
       "and written to DIR/points.txt in the same format",
       a.points);
  file("--image", "FILE",
       "an image in MOVING's space, resampled (linear, --default-value\n"
       "outside) onto the grid of --reference (FIXED) through the\n"
       "transform: DIR/warped.mha",
       a.image);
  file("--reference", "FILE", "the grid --image is resampled onto", a.reference);
  cli.Section("Output:");
  file("--output", "DIR", "the output directory (required)", a.outputDirectory);
  cli.Flag("--png", "also the checkerboard and difference pictures", a.png);
  cli.Words(cli.Value("--transform-format", "F",
                      "tfm (default: ITK's text format) or h5 (ITK's HDF5 format, as\n"
                      "ANTs and Slicer write it)",
                      [&a](const std::string& value) {
                        if (value.empty())
                          throw UsageError("--transform-format: the name is empty");
                        if (value != "tfm" && value != "h5")
                          throw UsageError("--transform-format: expected tfm or h5, got '" + value +
                                           "'");
                        a.transformFormat = value;
                      }),
            {"tfm", "h5"});
  cli.Choice<bool>("--compression", "C",
                   "how the .mha outputs are compressed: none (default) or zlib\n"
                   "(about 3x smaller, but writing a 512x512x141 field then takes\n"
                   "tens of seconds instead of one)",
                   a.compress, {{"none", false}, {"zlib", true}}, "compression");
  cli.Flag("--compress", "the same as --compression zlib (its old name)", a.compress);
  cli.Force(a.force, "replace existing output files in DIR");
  cli.Slicer(SlicerDescription());
}

// The library's ranges, before any image is read, spelled as the user gave the value: the option,
// or the --params file's key when the value came from the file.
void CheckOptionRanges(const Arguments& arguments, const std::set<std::string>& given) {
  struct Source {
    const char* field;  // the library's name
    const char* option; // the command line's
    const char* key;    // the parameter file's
  };
  static const Source sources[] = {
      {"gridSpacing", "--grid-spacing", "FinalGridSpacingInPhysicalUnits"},
      {"defaultPixelValue", "--default-value", "DefaultPixelValue"},
      {"localNccSigma", "--lncc-sigma", "LocalNCCSigma"},
      {"levels", "--levels", "NumberOfResolutions"},
      {"maximumIterations", "--iterations", "MaximumNumberOfIterations"},
      {"histogramBins", "--bins", "NumberOfHistogramBins"},
      {"bendingEnergyWeight", "--bending", "BendingEnergyWeight"},
      {"linearElasticityWeight", "--elasticity", "LinearElasticityWeight"},
      {"logJacobianWeight", "--log-jacobian", "LogJacobianWeight"},
      {"relativeTolerance", "--tolerance", "RelativeTolerance"}};
  try {
    registration::CheckRegistrationOptions(arguments.options);
  } catch (const InvalidArgument& e) {
    std::vector<std::string> names; // owns the text the spellings view
    for (const Source& source : sources) {
      const bool fromFile = !arguments.parameterFile.empty() && !given.count(source.option);
      names.push_back(fromFile ? "--params " + arguments.parameterFile + ": " + source.key
                               : std::string(source.option));
    }
    std::vector<numbers::Spelling> spellings;
    for (std::size_t i = 0; i < names.size(); ++i)
      spellings.push_back({sources[i].field, names[i]});
    throw UsageError(numbers::Respell(e.what(), spellings));
  }
}

} // namespace

Arguments ParseArguments(int argc, const char* const* argv) {
  Arguments arguments;
  std::set<std::string> given;
  const auto table = app::ParseTable(kProgramName, argc, argv, arguments, given, DeclareOptions);
  if (!table) return arguments;
  const std::vector<std::string>& positional = *table;
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
    CheckOptionRanges(arguments, given); // --default-value fills the warped --image here too
    return arguments;
  }
  if (positional.size() != 2)
    throw UsageError("expected FIXED and MOVING (2 arguments), got " +
                     std::to_string(positional.size()));
  arguments.fixed = positional[0];
  arguments.moving = positional[1];
  if (arguments.dicomSeries.listSeries) return arguments; // lists both; nothing else is needed
  if (arguments.outputDirectory.empty()) throw UsageError("--output DIR is required");
  if (!arguments.parameterFile.empty()) {
    registration::ParameterFileOutcome outcome;
    try {
      outcome = registration::ApplyParameterFile(arguments.parameterFile, given, arguments.options);
    } catch (const InvalidArgument& e) { // its content: the message names the file and line
      throw UsageError(e.what());
    } catch (const Error& e) { // unreadable
      throw UsageError("--params " + std::string(e.what()));
    }
    arguments.ignoredParameters = std::move(outcome.ignored);
    arguments.parameterWarnings = std::move(outcome.warnings);
  }
  CheckOptionRanges(arguments, given);
  return arguments;
}

std::string HelpText() {
  return app::TableHelp<Arguments, std::set<std::string>>(kProgramName, DeclareOptions);
}

} // namespace cumed::registerapp
