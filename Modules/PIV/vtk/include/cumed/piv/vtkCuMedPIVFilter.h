#pragma once
// PIV as a VTK algorithm: two vtkImageData frames in (port 0: the first frame, port 1: the
// second; 2D, same extent, 1-component point scalars of one type: unsigned char, short,
// unsigned short or float), a vtkImageData on the grid of window centres out, with the arrays
// of cumed::piv::FieldToImageData (velocity, magnitude, vorticity, divergence, displacement,
// peak, peak_to_peak, peak_to_mean, flags), placed in the frames' world coordinates.
//
//   auto piv = vtkSmartPointer<vtkCuMedPIVFilter>::New();
//   piv->SetInputConnection(0, firstReader->GetOutputPort());
//   piv->SetInputConnection(1, secondReader->GetOutputPort());
//   cumed::piv::PivOptions options;  options.windowSizes = {64, 32, 16};
//   piv->SetPivOptions(options);     // every setting of ComputePiv (progress/report are the
//   filter's) piv->SetTimeBetweenFrames(0.002); piv->Update();
//
// Backend: Auto (CUDA when usable, else the CPU), CPU or CUDA; GetLastBackend() says what ran
// (None after a failure). Errors (frames of different sizes or types, bad options) are
// reported through vtkErrorMacro and RequestData fails; VTK's progress and AbortExecute are
// honoured between passes.
#include "cumed/core/Backend.h"
#include "cumed/core/Execution.h"
#include "cumed/piv/PivOptions.h"

#include <vtkImageAlgorithm.h>

class vtkCuMedPIVFilter : public vtkImageAlgorithm {
public:
  static vtkCuMedPIVFilter* New();
  vtkTypeMacro(vtkCuMedPIVFilter, vtkImageAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  /// The second frame (port 1); port 0 is SetInputConnection / SetInputData.
  void SetSecondFrameConnection(vtkAlgorithmOutput* output) { this->SetInputConnection(1, output); }
  void SetSecondFrameData(vtkDataObject* data) { this->SetInputData(1, data); }

  /// Every PIV setting (windows, overlap, fits, validation...). The mask, progress, cancel and
  /// report members are ignored: the filter drives progress and abort itself.
  void SetPivOptions(const cumed::piv::PivOptions& options);
  const cumed::piv::PivOptions& GetPivOptions() const { return this->Options; }

  void SetBackend(cumed::Backend backend);
  cumed::Backend GetBackend() const { return this->Options.backend; }
  /// CPU or CUDA after a run; None after a failure or before the first run.
  cumed::Implementation GetLastBackend() const { return this->LastBackend; }

  /// Velocity = displacement x spacing / this (> 0; default 1: displacement per pair).
  vtkSetMacro(TimeBetweenFrames, double);
  vtkGetMacro(TimeBetweenFrames, double);

protected:
  vtkCuMedPIVFilter();
  ~vtkCuMedPIVFilter() override = default;

  int FillInputPortInformation(int port, vtkInformation* info) override;
  int RequestInformation(vtkInformation* request, vtkInformationVector** inputVector,
                         vtkInformationVector* outputVector) override;
  int RequestUpdateExtent(vtkInformation* request, vtkInformationVector** inputVector,
                          vtkInformationVector* outputVector) override;
  int RequestData(vtkInformation* request, vtkInformationVector** inputVector,
                  vtkInformationVector* outputVector) override;

private:
  vtkCuMedPIVFilter(const vtkCuMedPIVFilter&) = delete;
  void operator=(const vtkCuMedPIVFilter&) = delete;

  cumed::piv::PivOptions Options;
  double TimeBetweenFrames = 1.0;
  cumed::Implementation LastBackend = cumed::Implementation::None;
};
