#include "cumed/piv/vtkCuMedPIVFilter.h"

#include "cumed/core/Error.h"
#include "cumed/piv/Piv.h"
#include "cumed/piv/PivVtkField.h"
#include "cumed/vtk/VtkImageBridge.h"

#include <vtkImageData.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkObjectFactory.h>
#include <vtkPointData.h>
#include <vtkStreamingDemandDrivenPipeline.h>

#include <cmath>
#include <string>

vtkStandardNewMacro(vtkCuMedPIVFilter);

namespace {

/// Windows along one axis of `pixels` for the last pass (as the module's PassGrid counts them).
int WindowsAlong(int pixels, int window, int step) {
  return pixels >= window ? (pixels - window) / step + 1 : 0;
}

int LastStep(const cumed::piv::PivOptions& o) {
  const int w = o.windowSizes.empty() ? 0 : o.windowSizes.back();
  return std::max(1, int(std::lround(w * (1.0 - o.overlap))));
}

} // namespace

vtkCuMedPIVFilter::vtkCuMedPIVFilter() {
  this->SetNumberOfInputPorts(2);
}

void vtkCuMedPIVFilter::SetPivOptions(const cumed::piv::PivOptions& options) {
  this->Options = options;
  this->Options.mask = {};
  this->Options.progress = nullptr;
  this->Options.cancelRequested = nullptr;
  this->Options.report = nullptr;
  this->Modified();
}

void vtkCuMedPIVFilter::SetBackend(cumed::Backend backend) {
  if (this->Options.backend == backend) return;
  this->Options.backend = backend;
  this->Modified();
}

void vtkCuMedPIVFilter::PrintSelf(ostream& os, vtkIndent indent) {
  this->Superclass::PrintSelf(os, indent);
  os << indent << "Backend: " << cumed::ToString(this->Options.backend) << "\n";
  os << indent << "Windows:";
  for (int w : this->Options.windowSizes) os << " " << w;
  os << "\n" << indent << "Overlap: " << this->Options.overlap << "\n";
  os << indent << "TimeBetweenFrames: " << this->TimeBetweenFrames << "\n";
  os << indent << "LastBackend: " << cumed::ToString(this->LastBackend) << "\n";
}

int vtkCuMedPIVFilter::FillInputPortInformation(int, vtkInformation* info) {
  info->Set(vtkAlgorithm::INPUT_REQUIRED_DATA_TYPE(), "vtkImageData");
  return 1;
}

int vtkCuMedPIVFilter::RequestInformation(vtkInformation*, vtkInformationVector** inputVector,
                                          vtkInformationVector* outputVector) {
  vtkInformation* in = inputVector[0]->GetInformationObject(0);
  vtkInformation* out = outputVector->GetInformationObject(0);
  int extent[6];
  in->Get(vtkStreamingDemandDrivenPipeline::WHOLE_EXTENT(), extent);
  const int step = LastStep(this->Options);
  const int w = this->Options.windowSizes.empty() ? 0 : this->Options.windowSizes.back();
  // The grid CuMed will compute; RequestData checks the options and places the origin.
  const int columns = WindowsAlong(extent[1] - extent[0] + 1, w, step);
  const int rows = WindowsAlong(extent[3] - extent[2] + 1, w, step);
  const int outExtent[6] = {0, std::max(columns, 1) - 1, 0, std::max(rows, 1) - 1, 0, 0};
  out->Set(vtkStreamingDemandDrivenPipeline::WHOLE_EXTENT(), outExtent, 6);
  vtkDataObject::SetPointDataActiveScalarInfo(out, VTK_FLOAT, 1);
  return 1;
}

int vtkCuMedPIVFilter::RequestUpdateExtent(vtkInformation*, vtkInformationVector** inputVector,
                                           vtkInformationVector*) {
  // PIV needs the whole of both frames, whatever part of the field is asked for.
  for (int port = 0; port < 2; ++port) {
    vtkInformation* in = inputVector[port]->GetInformationObject(0);
    if (!in) continue;
    int extent[6];
    in->Get(vtkStreamingDemandDrivenPipeline::WHOLE_EXTENT(), extent);
    in->Set(vtkStreamingDemandDrivenPipeline::UPDATE_EXTENT(), extent, 6);
  }
  return 1;
}

int vtkCuMedPIVFilter::RequestData(vtkInformation*, vtkInformationVector** inputVector,
                                   vtkInformationVector* outputVector) {
  this->LastBackend = cumed::Implementation::None;
  vtkImageData* first = vtkImageData::GetData(inputVector[0]);
  vtkImageData* second = vtkImageData::GetData(inputVector[1]);
  vtkImageData* output = vtkImageData::GetData(outputVector);
  if (!first || !second) {
    vtkErrorMacro(<< "PIV needs two frames: input port " << (first ? 1 : 0)
                  << (first ? " (the second frame)" : " (the first frame)") << " has no image");
    return 0;
  }
  try {
    vtkDataArray* a = first->GetPointData()->GetScalars();
    vtkDataArray* b = second->GetPointData()->GetScalars();
    if (!a || !b)
      throw cumed::InvalidArgument(std::string("the ") + (a ? "second" : "first") +
                                   " frame has no point scalars");
    if (a->GetDataType() != b->GetDataType())
      throw cumed::InvalidArgument(std::string("the frames differ in scalar type: the first is ") +
                                   a->GetDataTypeAsString() + ", the second " +
                                   b->GetDataTypeAsString());
    cumed::piv::PivOptions options = this->Options;
    options.progress = [this](double f) { this->UpdateProgress(f); };
    options.cancelRequested = [this]() { return this->GetAbortExecute() != 0; };
    const cumed::piv::PivField field = cumed::DispatchVtkScalarType(a->GetDataType(), [&](auto t) {
      using T = decltype(t);
      return cumed::piv::ComputePiv(cumed::HostView<T>(first, a), cumed::HostView<T>(second, b),
                                    options);
    });
    output->ShallowCopy(
        cumed::piv::FieldToImageData(field, cumed::GeometryOf(first), this->TimeBetweenFrames));
    this->LastBackend = cumed::ImplementationOf(field.backendUsed);
    return 1;
  } catch (const cumed::Cancelled&) {
    vtkWarningMacro(<< "PIV aborted (AbortExecute)");
  } catch (const std::exception& e) {
    vtkErrorMacro(<< e.what());
  }
  output->Initialize();
  return 0;
}
