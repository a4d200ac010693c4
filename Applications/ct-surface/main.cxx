// cumed-ct-surface: CT series -> closed bone surface (.vtp, .stl) and a picture of it (.png).
#include "Arguments.h"
#include "Pipeline.h"
#include "Summary.h"

#include "cumed/core/Error.h"

#include <itkMacro.h> // itk::ExceptionObject

#include <cstdio>
#include <exception>
#include <iostream>

namespace {

constexpr int kRuntimeError = 1;
constexpr int kUsageError = 2;

int Fail(int code, const std::string& message) {
  std::cerr << "cumed-ct-surface: error: " << message << "\n";
  if (code == kUsageError) std::cerr << "Try 'cumed-ct-surface --help'.\n";
  return code;
}

} // namespace

int main(int argc, char** argv) {
  using namespace cumed::ctsurface;
  try {
    const Arguments arguments = ParseArguments(argc, argv);
    if (arguments.help) {
      std::cout << HelpText();
      return 0;
    }
    const RunSummary summary = RunPipeline(arguments);
    std::cout << FormatSummary(summary) << std::endl;
    return 0;
  } catch (const UsageError& e) {
    return Fail(kUsageError, e.what());
  } catch (const itk::ExceptionObject& e) {
    return Fail(kRuntimeError, e.GetDescription());
  } catch (const std::bad_alloc&) {
    return Fail(kRuntimeError, "out of memory");
  } catch (const std::exception& e) {
    return Fail(kRuntimeError, e.what());
  }
}
