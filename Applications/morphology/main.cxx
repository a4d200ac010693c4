// cumed-morphology: grayscale and binary morphology of a CT series or an image file, on the CPU
// or a CUDA GPU, equal to ITK's filters.
#include "Arguments.h"
#include "ItkErrorText.h"
#include "Pipeline.h"
#include "Summary.h"

#include <exception>
#include <iostream>
#include <new>

namespace {

constexpr int kRuntimeError = 1;
constexpr int kUsageError = 2;

int Fail(int code, const std::string& message) {
  std::cerr << "cumed-morphology: error: " << message << "\n";
  if (code == kUsageError) std::cerr << "Try 'cumed-morphology --help'.\n";
  return code;
}

} // namespace

int main(int argc, char** argv) {
  using namespace cumed::morphologyapp;
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
    return Fail(kRuntimeError, ItkErrorText(e));
  } catch (const std::bad_alloc&) {
    return Fail(kRuntimeError, "out of memory");
  } catch (const std::exception& e) {
    return Fail(kRuntimeError, e.what());
  }
}
