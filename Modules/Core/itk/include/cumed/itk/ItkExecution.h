#pragma once
// How a CuMed ITK filter runs CuMed's core with ITK's semantics: ITK's thread count, progress
// events on the thread that called Update(), AbortGenerateData honoured, and CuMed's errors
// leaving Update() as itk::ExceptionObject subclasses.
#include "cumed/core/Error.h"
#include "cumed/core/Execution.h"

#include <itkMacro.h>
#include <itkMultiThreaderBase.h>
#include <itkProcessObject.h>

#include <algorithm>
#include <string>

namespace cumed {

/// A CuMed error (bad argument, CUDA failure, not enough device memory...) raised inside an ITK
/// filter. `catch (itk::ExceptionObject&)` catches it; the description is CuMed's message.
class ItkError : public itk::ExceptionObject {
public:
  ItkError(const char* file, unsigned int line, const std::string& description,
           const std::string& location)
      : itk::ExceptionObject(file, line, description, location) {}
  const char* GetNameOfClass() const override { return "cumed::ItkError"; }
};

/// Options for a core call made from `filter`'s GenerateData: the filter's thread count,
/// progress to filter.UpdateProgress (on the calling thread) and its abort flag as the cancel
/// request. The backend and the report are the caller's to set.
template <class TOptions> void ApplyItkExecution(itk::ProcessObject& filter, TOptions& options) {
  // ITK 5: work units are what users set (SetNumberOfWorkUnits, and ITK 4's SetNumberOfThreads
  // maps to it); the threader's maximum caps them.
  options.threads = static_cast<int>(std::min(
      filter.GetNumberOfWorkUnits(), filter.GetMultiThreader()->GetMaximumNumberOfThreads()));
  options.progress = [&filter](double fraction) {
    filter.UpdateProgress(static_cast<float>(fraction));
  };
  options.cancelRequested = [&filter] { return filter.GetAbortGenerateData(); };
}

/// Runs work() and turns CuMed's exceptions into ITK's: Cancelled -> itk::ProcessAborted,
/// any other cumed::Error -> cumed::ItkError naming the filter. ITK's own exceptions (e.g. from
/// an observer) pass through unchanged.
template <class TWork>
decltype(auto) RunWithItkErrors(const itk::ProcessObject& filter, TWork&& work) {
  const std::string where = std::string("cumed::") + filter.GetNameOfClass() + "::GenerateData";
  try {
    return work();
  } catch (const Cancelled&) {
    itk::ProcessAborted aborted(__FILE__, __LINE__);
    aborted.SetLocation(where);
    aborted.SetDescription("AbortGenerateData was set: " + where + " stopped");
    throw aborted;
  } catch (const Error& error) {
    throw ItkError(__FILE__, __LINE__, error.what(), where);
  }
}

} // namespace cumed
