#include "cumed/piv/vtkCuMedPIVFilter.h"

#include "cumed/core/Error.h"
#include "cumed/piv/FieldGrid.h"
#include "cumed/piv/Piv.h"
#include "cumed/piv/PivVtkField.h"
#include "cumed/vtk/VtkImageBridge.h"

#include <vtkImageData.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkObjectFactory.h>
#include <vtkPointData.h>
#include <vtkStreamingDemandDrivenPipeline.h>

#include <algorithm>
#include <string>

vtkStandardNewMacro(vtkCuMedPIVFilter);

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
  // The grid CuMed will compute (RequestData checks the options and reports what is wrong).
  const cumed::piv::FieldGrid grid = cumed::piv::PlanFieldGrid(
      extent[1] - extent[0] + 1, extent[3] - extent[2] + 1, this->Options);
  const int outExtent[6] = {0, std::max(grid.columns, 1) - 1, 0, std::max(grid.rows, 1) - 1, 0, 0};
  out->Set(vtkStreamingDemandDrivenPipeline::WHOLE_EXTENT(), outExtent, 6);
  cumed::ImageGeometry frames;
  if (in->Has(vtkDataObject::SPACING())) in->Get(vtkDataObject::SPACING(), frames.spacing.data());
  if (in->Has(vtkDataObject::ORIGIN())) in->Get(vtkDataObject::ORIGIN(), frames.origin.data());
  if (in->Has(vtkDataObject::DIRECTION()))
    in->Get(vtkDataObject::DIRECTION(), frames.direction.data());
  // The whole extent may start elsewhere than 0: pixel 0 of the frame is at its minimum.
  for (int k = 0; k < 3; ++k)
    for (int a = 0; a < 2; ++a)
      frames.origin[k] += frames.direction[3 * k + a] * frames.spacing[a] * extent[2 * a];
  const cumed::ImageGeometry field = cumed::piv::FieldGeometry(grid, frames);
  out->Set(vtkDataObject::SPACING(), field.spacing.data(), 3);
  out->Set(vtkDataObject::ORIGIN(), field.origin.data(), 3);
  out->Set(vtkDataObject::DIRECTION(), field.direction.data(), 9);
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
