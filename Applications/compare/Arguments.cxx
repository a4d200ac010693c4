#include "Arguments.h"

#include "cumed/app/CommandLine.h"
#include "cumed/app/Options.h"
#include "cumed/app/UsageError.h"

#include <cmath>

namespace cumed::compareapp {
using app::UsageError;
namespace {

double NonNegative(const std::string& name, const std::string& value) {
  const double number = app::ParseFiniteNumber(name, value);
  if (number < 0.0) throw UsageError(name + " must be >= 0 (got " + value + ")");
  return number;
}

double Fraction(const std::string& name, const std::string& value) {
  const double number = NonNegative(name, value);
  if (number > 1.0) throw UsageError(name + " must be in 0..1 (got " + value + ")");
  return number;
}

long long WholeNumber(const std::string& name, const std::string& value, long long maximum) {
  const double number = NonNegative(name, value);
  if (number != std::floor(number) || number > static_cast<double>(maximum)) {
    throw UsageError(name + ": '" + value + "' is not a whole number in 0.." +
                     std::to_string(maximum));
  }
  return static_cast<long long>(number);
}

// The option table: every option once, with its help and what it does with its value.
void DeclareOptions(app::CommandLine& cli, Arguments& a) {
  cli.Usage("cumed-compare [options] OUTPUT BASELINE\n"
            "       cumed-compare [options] --test COMMAND [ARGS...] --compare OUTPUT BASELINE",
            "Compares a test's OUTPUT with its BASELINE within tolerances and prints a report.\n"
            "With --test, OUTPUT is deleted, COMMAND runs, then the files are compared.\n"
            "\n"
            "Kinds, from BASELINE's extension unless --kind says:\n"
            "  mesh       .vtp .stl .ply .obj: point and triangle counts, symmetric Hausdorff\n"
            "             distance (each triangle corner to the nearest point of the other\n"
            "             mesh's triangles; point to point when a mesh has none); files with\n"
            "             the same bytes are equal without measuring\n"
            "  rendering  .png: per-pixel colour difference after a shift search\n"
            "  image      anything else ITK reads (.mha .mhd .nrrd .nii .nii.gz .tif .jpg, .png\n"
            "             with --kind image): size, spacing, origin, direction, voxel values\n");
  cli.NameWidth(31);
  Tolerances& t = a.tolerances;
  const auto number = [&cli](const char* name, const char* value, const char* help, auto set) {
    cli.Value(name, value, help, [name, set](const std::string& text) { set(name, text); });
  };
  cli.Choice<std::optional<Kind>>("--kind", "K", "auto, image, mesh or rendering (default: auto)",
                                  a.kind,
                                  {{"auto", std::nullopt},
                                   {"image", Kind::Image},
                                   {"mesh", Kind::Mesh},
                                   {"rendering", Kind::Rendering}},
                                  "kind");
  number("--tolerance-intensity", "T",
         "a voxel or pixel differs when a component differs\nby more than T (default 0)",
         [&t](const std::string& n, const std::string& v) { t.intensity = NonNegative(n, v); });
  number("--tolerance-voxels", "N", "image: differing voxels allowed (default 0)",
         [&t](const std::string& n, const std::string& v) {
           t.voxels = WholeNumber(n, v, 1LL << 50);
         });
  number("--tolerance-geometry", "G",
         "image: spacing, origin and direction entries may\ndiffer by G (default 1e-4)",
         [&t](const std::string& n, const std::string& v) { t.geometry = NonNegative(n, v); });
  number("--tolerance-distance", "D", "mesh: Hausdorff distance allowed, mm (default 1e-6)",
         [&t](const std::string& n, const std::string& v) { t.distance = NonNegative(n, v); });
  number("--tolerance-count-fraction", "F",
         "mesh: relative point/triangle count difference\nallowed, |a-b| <= F*baseline "
         "(default 0)",
         [&t](const std::string& n, const std::string& v) { t.countFraction = Fraction(n, v); });
  number("--tolerance-pixels-fraction", "F",
         "rendering: fraction of differing pixels allowed\n(default 0)",
         [&t](const std::string& n, const std::string& v) { t.pixelsFraction = Fraction(n, v); });
  number("--shift-radius", "R",
         "rendering: a pixel matches when a pixel of the other\n"
         "picture within R pixels (each axis) matches; 0..5\n"
         "(default 1: antialiasing and 1-pixel shifts pass)",
         [&t](const std::string& n, const std::string& v) {
           t.shiftRadius = static_cast<int>(WholeNumber(n, v, 5));
         });
  cli.Text("--diff-image", "PATH", "rendering: write the per-pixel difference (8-bit)", a.diffImage,
           "path");
  cli.Flag("--requires-cuda", "exit 77 (skipped) when no CUDA device is usable", a.requiresCuda);
  cli.Epilogue("Exit status: 0 within tolerance, 1 differs (or the --test command failed),\n"
               "2 usage error or unreadable file, 77 skipped (--requires-cuda, no usable device).\n"
               "--json prints the verdict as one JSON object (status, kind, within_tolerance and\n"
               "the measured numbers); --quiet prints only the verdict line.\n"
               "An image is unreadable also when its data are shorter or longer than its header\n"
               "claims, its geometry is not finite, or it does not fit the memory (MemAvailable;\n"
               "CUMED_AVAILABLE_MEMORY=BYTES[K|M|G|T] overrides).\n");
}

} // namespace

Arguments ParseArguments(int argc, const char* const* argv) {
  Arguments a;
  // "--test CMD ARGS... --compare OUT BASELINE": split off before option parsing, so that the
  // command's own options are never read as ours.
  std::vector<const char*> own{argv[0]};
  int i = 1;
  for (; i < argc && std::string(argv[i]) != "--test"; ++i) own.push_back(argv[i]);
  app::CommandLine cli(kProgramName, a.tool);
  DeclareOptions(cli, a);
  auto positionals = cli.Parse(static_cast<int>(own.size()), own.data());
  a.help = cli.HelpAsked();
  if (cli.Stop()) return a;
  if (i < argc) {
    if (!positionals.empty()) {
      throw UsageError("with --test, OUTPUT and BASELINE follow --compare (got '" +
                       positionals.front() + "' before --test)");
    }
    for (++i; i < argc && std::string(argv[i]) != "--compare"; ++i) a.command.push_back(argv[i]);
    if (a.command.empty()) throw UsageError("--test needs a command");
    if (i == argc) throw UsageError("--test COMMAND needs '--compare OUTPUT BASELINE' after it");
    for (++i; i < argc; ++i) positionals.push_back(argv[i]);
    if (positionals.size() != 2) {
      throw UsageError("--compare takes OUTPUT and BASELINE, got " +
                       std::to_string(positionals.size()) + " argument" +
                       (positionals.size() == 1 ? "" : "s"));
    }
  } else if (positionals.size() != 2) {
    throw UsageError("expected OUTPUT and BASELINE, got " + std::to_string(positionals.size()) +
                     " file argument" + (positionals.size() == 1 ? "" : "s"));
  }
  a.output = positionals[0];
  a.baseline = positionals[1];
  return a;
}

std::string HelpText() {
  return app::TableHelp<Arguments>(kProgramName, DeclareOptions);
}

} // namespace cumed::compareapp
