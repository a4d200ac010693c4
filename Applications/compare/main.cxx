// cumed-compare: compares a test's output (image, mesh or rendering) with a baseline within
// stated tolerances, for regression tests run by CTest. Exit status: 0 within tolerance,
// 1 differs, 2 usage error or unreadable file, 77 skipped (CTest's SKIP_RETURN_CODE).
#include "Arguments.h"
#include "TestCommand.h"

#include "cumed/app/Json.h"
#include "cumed/app/ProgramMain.h"
#include "cumed/app/StageProgress.h"
#include "cumed/core/Backend.h"
#include "cumed/output/SafeOutput.h"
#include "cumed/regression/Compare.h"

// For its side effect: with UseITK (Applications/CMakeLists.txt) this header registers the
// build's image formats (GDCM's DICOM files among them) at start-up, so "anything else ITK reads"
// stays true; CuMed::Regression itself registers the volume and picture formats it checks.
#include <itkImageFileReader.h>

#include <iostream>

namespace {
using namespace cumed::compareapp;

constexpr int kDiffers = 1;
constexpr int kCannotCompare = 2;
constexpr int kSkipped = 77;

std::string WhyNoCuda() {
  if (!cumed::CudaBackendBuilt()) return "this CuMed was built without CUDA";
  if (cumed::CpuForcedByEnvironment()) return "CUMED_FORCE_CPU is set";
  return "no usable CUDA device";
}

// --kind, or from the files' extensions (auto); a mesh against a non-mesh is a usage error.
Kind ResolveKind(const Arguments& a) {
  if (a.kind) return *a.kind;
  try {
    return cumed::regression::KindOfFiles(a.output, a.baseline);
  } catch (const cumed::InvalidArgument& e) {
    throw cumed::app::UsageError(e.what());
  }
}

const char* KindName(const std::optional<Kind>& kind) {
  return kind ? cumed::regression::ToString(*kind) : "auto";
}

// --json: the verdict as one object; `status` is the exit status.
std::string VerdictJson(const Arguments& a, int status, const std::string& note,
                        const std::optional<Kind>& kind,
                        const cumed::regression::Comparison* result) {
  cumed::app::JsonObject json;
  json.Add("program", kProgramName).Add("status", status);
  json.Add("output", a.output).Add("baseline", a.baseline).Add("kind", KindName(kind));
  if (!note.empty()) json.Add(status == kSkipped ? "skipped" : "failed", note);
  if (result) {
    json.Add("within_tolerance", result->withinTolerance);
    cumed::app::JsonObject measures;
    for (const auto& [name, value] : result->measures) measures.Add(name, value);
    json.Add("measures", measures);
  }
  return json.Text();
}

int Run(const Arguments& a) {
  if (a.requiresCuda && !cumed::CudaUsable()) {
    const std::string why = "--requires-cuda, " + WhyNoCuda();
    if (a.tool.json)
      std::cout << VerdictJson(a, kSkipped, why, a.kind, nullptr) << "\n";
    else
      std::cout << kProgramName << ": skipped: " << why << "\n";
    return kSkipped;
  }
  if (!a.diffImage.empty()) {
    // Replaced when it exists (a rerun), but never an input, a link or a file of several names.
    cumed::output::CheckReplaceable("--diff-image", a.diffImage, true,
                                    {{a.output, a.baseline}, {}});
  }
  if (!a.command.empty()) {
    const std::string failure = RunTestCommand(a.command, a.output);
    if (!failure.empty()) {
      if (a.tool.json)
        std::cout << VerdictJson(a, kDiffers, "the test command " + failure, a.kind, nullptr)
                  << "\n";
      else
        std::cout << kProgramName << ": FAILED: the test command " << failure << "\n";
      return kDiffers;
    }
  }
  const Kind kind = ResolveKind(a);
  cumed::regression::Comparison result;
  // Large meshes' distances take a while: progress on stderr (silent under a second, --quiet).
  cumed::app::StageProgress comparing(kProgramName, std::string("comparing ") + ToString(kind));
  try {
    result = cumed::regression::CompareFiles(kind, a.output, a.baseline, a.tolerances, a.diffImage,
                                             [&](double f) { comparing.Report(f); });
  } catch (const cumed::InvalidArgument& e) { // a volume given as a rendering
    throw cumed::app::UsageError(e.what());
  }
  comparing.Finish();
  const int status = result.withinTolerance ? 0 : kDiffers;
  if (a.tool.json) {
    std::cout << VerdictJson(a, status, "", kind, &result) << std::endl;
    return status;
  }
  if (!a.tool.quiet) {
    std::cout << "output:   " << a.output << "\nbaseline: " << a.baseline << "\n" << result.report;
  }
  std::cout << kProgramName << ": "
            << (result.withinTolerance ? "within tolerance" : "DIFFERS beyond tolerance")
            << std::endl;
  return status;
}

} // namespace

int main(int argc, char** argv) {
  cumed::output::InstallInterruptCleanup(); // SIGINT/SIGTERM remove a half-written --diff-image
  try {
    const Arguments arguments = ParseArguments(argc, argv);
    if (arguments.help) {
      std::cout << HelpText();
      return 0;
    }
    if (arguments.tool.version) {
      std::cout << cumed::app::VersionText(kProgramName);
      return 0;
    }
    cumed::app::ApplyToolOptions(kProgramName, arguments.tool);
    return Run(arguments);
  } catch (const cumed::app::UsageError& e) {
    return cumed::app::Fail(kProgramName, cumed::app::kUsageError, e.what());
  } catch (const std::exception& e) { // FileError, and whatever else stops the comparison
    std::cout.flush();
    std::cerr << kProgramName << ": error: " << e.what() << "\n";
    return kCannotCompare;
  }
}
