#pragma once
// What every CuMed ITK filter has, whatever ITK class it derives from (TSuperclass, an
// itk::ProcessObject): the backend choice and what ran, the report of the last run, whole images
// as the requested regions, and core calls made with ITK's semantics (ItkExecution.h: ITK's work
// units as the CPU threads, progress events, AbortGenerateData, CuMed's errors as
// itk::ExceptionObject naming the filter). It is written once, here, and used by:
//  - ImageFilterAccelerator<TItkFilter>: a CuMed filter that is an ITK filter (the morphology and
//    threshold adapters), with ITK's filter as the fallback for what CuMed does not compute;
//  - MultiInputFilterAccelerator<TInputImage, TOutputImage> (an itk::ImageToImageFilter): filters
//    of several images that ITK has no CPU filter for, so CuMed computes every request
//    (PIVImageFilter: two frames; BSplineRegistrationFilter: fixed, moving and masks).
//
// A filter implements GenerateDataWithCuMed() and makes its core call through RunCore(); the
// base resets GetLastBackend() to None before it and records what ran after it, so a failed run
// always reads None. The backend goes to the core unresolved: the core resolves Auto and honours
// CUMED_FORCE_CPU (cumed::ResolveBackend).
#include "cumed/core/Execution.h"
#include "cumed/itk/ItkExecution.h"

#include <itkDataObject.h>
#include <itkImageToImageFilter.h>

#include <ostream>
#include <type_traits>
#include <utility>

namespace cumed {

template <class TSuperclass> class FilterAccelerator : public TSuperclass {
public:
  ITK_DISALLOW_COPY_AND_MOVE(FilterAccelerator);
  using Superclass = TSuperclass;

  /// Auto (default: CUDA when a device is usable, else CPU), CPU, or CUDA (an error when none).
  void SetBackend(Backend backend) {
    if (m_Backend == backend) return;
    m_Backend = backend;
    this->Modified();
  }
  Backend GetBackend() const { return m_Backend; }
  /// What ran the last Update(): CPU, CUDA, the toolkit's filter (ITK, a fallback), or None
  /// (not run yet, or the run failed).
  Implementation GetLastBackend() const { return m_LastBackend; }
  /// Backend, devices, slabs, threads, host<->device copies and time of the last CuMed run.
  const ExecutionReport& GetLastExecutionReport() const { return m_Report; }

protected:
  FilterAccelerator() = default;
  ~FilterAccelerator() override = default;

  /// Makes the outputs: a CuMed run through RunCore(), or the toolkit's filter (then
  /// RecordFallback()). What it throws leaves Update() with GetLastBackend() None.
  virtual void GenerateDataWithCuMed() = 0;

  void GenerateData() override {
    m_LastBackend = Implementation::None;
    GenerateDataWithCuMed();
  }

  /// True when this run computes whole images (CuMed does; a fallback to ITK's filter keeps
  /// ITK's regions).
  virtual bool RequestsWholeImages() const { return true; }
  /// CuMed works on whole images: every input whole for any output region, and whole outputs.
  void GenerateInputRequestedRegion() override {
    Superclass::GenerateInputRequestedRegion();
    if (!RequestsWholeImages()) return;
    for (itk::DataObject* input : this->GetInputs())
      if (input) input->SetRequestedRegionToLargestPossibleRegion();
  }
  void EnlargeOutputRequestedRegion(itk::DataObject* output) override {
    Superclass::EnlargeOutputRequestedRegion(output);
    if (RequestsWholeImages()) output->SetRequestedRegionToLargestPossibleRegion();
  }

  /// The options of one core call whose options derive from ExecutionOptions: the filter's
  /// backend, the report (GetLastExecutionReport), ITK's threads, progress and abort.
  template <class TOptions> void ApplyExecution(TOptions& options) {
    static_assert(std::is_base_of_v<ExecutionOptions, TOptions>,
                  "for core options deriving from cumed::ExecutionOptions");
    options.backend = m_Backend;
    options.report = &m_Report;
    ApplyItkExecution(*this, options);
  }

  /// Runs the core: work() returns the backend that ran (CPU or CUDA), which GetLastBackend()
  /// reports once work() has returned; CuMed's exceptions leave as ITK's (RunWithItkErrors).
  template <class TWork> void RunCore(TWork&& work) {
    m_LastBackend = ImplementationOf(RunWithItkErrors(*this, std::forward<TWork>(work)));
  }
  /// The toolkit's own filter made the outputs (never silent: GetLastBackend() says so).
  void RecordFallback() { m_LastBackend = Implementation::ITK; }

  void PrintSelf(std::ostream& os, itk::Indent indent) const override {
    Superclass::PrintSelf(os, indent);
    os << indent << "Backend: " << ToString(m_Backend) << "\n";
    os << indent << "LastBackend: " << ToString(m_LastBackend) << "\n";
  }

private:
  Backend m_Backend = Backend::Auto;
  Implementation m_LastBackend = Implementation::None;
  ExecutionReport m_Report;
};

/// The base of CuMed filters of several input images that ITK has no filter for, so no CPU path
/// to fall back to: an itk::ImageToImageFilter whose every request CuMed computes, on whole
/// images. TInputImage is the primary input's type; the other inputs are the subclass's (its own
/// named inputs and types, e.g. itkSetInputMacro).
template <class TInputImage, class TOutputImage>
using MultiInputFilterAccelerator =
    FilterAccelerator<itk::ImageToImageFilter<TInputImage, TOutputImage>>;

} // namespace cumed
