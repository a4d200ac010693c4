#include "cumed/surface/vtkCuMedContourFilter.h"

#include "ContourGlue.h"
#include "cumed/vtk/DeviceMeshData.h"
#include "cumed/vtk/vtkCuMedDeviceMeshPipeline.h"

#include <vtkDiscreteFlyingEdges3D.h>
#include <vtkFlyingEdges3D.h>
#include <vtkImageData.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkPolyData.h>
#include <vtkStreamingDemandDrivenPipeline.h>

#include <algorithm>

template <class TVtkFilter> void vtkCuMedContourFilter<TVtkFilter>::SetBackend(cumed::Backend b) {
  if (this->CuMedBackend == b) return;
  this->CuMedBackend = b;
  this->Modified();
}

template <class TVtkFilter> void vtkCuMedContourFilter<TVtkFilter>::SetNumberOfGPUs(int gpus) {
  gpus = gpus < 0 ? 0 : gpus;
  if (this->NumberOfGPUs == gpus) return;
  this->NumberOfGPUs = gpus;
  this->Modified();
}

template <class TVtkFilter> void vtkCuMedContourFilter<TVtkFilter>::SetNumberOfSlabs(int slabs) {
  slabs = slabs < 0 ? 0 : slabs;
  if (this->NumberOfSlabs == slabs) return;
  this->NumberOfSlabs = slabs;
  this->Modified();
}

template <class TVtkFilter> void vtkCuMedContourFilter<TVtkFilter>::SetKeepMeshOnDevice(bool keep) {
  if (this->KeepMeshOnDevice == keep) return;
  this->KeepMeshOnDevice = keep;
  this->Modified();
}

template <class TVtkFilter> void vtkCuMedContourFilter<TVtkFilter>::SetClosedSurface(bool closed) {
  if (this->ClosedSurface == closed) return;
  this->ClosedSurface = closed;
  this->Modified();
}

template <class TVtkFilter>
void vtkCuMedContourFilter<TVtkFilter>::PrintSelf(ostream& os, vtkIndent indent) {
  this->TVtkFilter::PrintSelf(os, indent);
  os << indent << "Backend: " << cumed::ToString(this->CuMedBackend) << "\n";
  os << indent << "NumberOfGPUs: " << this->NumberOfGPUs << "\n";
  os << indent << "NumberOfSlabs: " << this->NumberOfSlabs << "\n";
  os << indent << "KeepMeshOnDevice: " << (this->KeepMeshOnDevice ? "On" : "Off") << "\n";
  os << indent << "ClosedSurface: " << (this->ClosedSurface ? "On" : "Off") << "\n";
  os << indent << "LastBackend: " << cumed::ToString(this->LastBackend) << "\n";
}

template <class TVtkFilter>
vtkExecutive* vtkCuMedContourFilter<TVtkFilter>::CreateDefaultExecutive() {
  return vtkCuMedDeviceMeshPipeline::New();
}

template <class TVtkFilter>
int vtkCuMedContourFilter<TVtkFilter>::RequestData(vtkInformation* request,
                                                   vtkInformationVector** inputVector,
                                                   vtkInformationVector* outputVector) {
  namespace glue = cumed::surface::vtkglue;
  this->LastBackend = cumed::Implementation::None;
  vtkImageData* input = vtkImageData::GetData(inputVector[0]);
  vtkPolyData* output = vtkPolyData::GetData(outputVector);
  if (!output) {
    vtkErrorMacro(<< "the output is not a vtkPolyData");
    return 0;
  }
  // The mesh of the run before: VTK's Initialize() does not drop keys it does not know.
  cumed::RemoveDeviceMesh(output);
  if (auto* pipeline = vtkCuMedDeviceMeshPipeline::SafeDownCast(this->GetExecutive())) {
    pipeline->SetKeepWithoutConsumers(this->KeepMeshOnDevice);
  }

  // The part VTK's filter contours: the update extent, within the input's extent.
  int extent[6] = {0, -1, 0, -1, 0, -1};
  if (input) {
    input->GetExtent(extent);
    vtkInformation* inInfo = inputVector[0]->GetInformationObject(0);
    if (inInfo->Has(vtkStreamingDemandDrivenPipeline::UPDATE_EXTENT())) {
      int update[6];
      inInfo->Get(vtkStreamingDemandDrivenPipeline::UPDATE_EXTENT(), update);
      for (int i = 0; i < 3; ++i) {
        extent[2 * i] = std::max(extent[2 * i], update[2 * i]);
        extent[2 * i + 1] = std::min(extent[2 * i + 1], update[2 * i + 1]);
      }
    }
  }

  glue::ContourRequest settings;
  settings.mode = this->Mode;
  settings.values.assign(this->GetValues(), this->GetValues() + this->GetNumberOfContours());
  settings.computeNormals = this->GetComputeNormals() != 0;
  settings.computeGradients = this->GetComputeGradients() != 0;
  settings.computeScalars = this->GetComputeScalars() != 0;
  settings.interpolateAttributes = this->GetInterpolateAttributes() != 0;
  settings.arrayComponent = this->GetArrayComponent();
  settings.backend = this->CuMedBackend;
  settings.gpus = this->NumberOfGPUs;
  settings.slabs = this->NumberOfSlabs;
  // For the consumers of the output port (a composite input's blocks are contoured with none).
  settings.keepOnDevice = cumed::KeepMeshOnDeviceFor(
      cumed::CountDeviceMeshConsumers(outputVector->GetInformationObject(0)),
      this->KeepMeshOnDevice);
  settings.requireCuda = this->KeepMeshOnDevice;
  settings.closedSurface = this->ClosedSurface;

  vtkDataArray* scalars = input ? this->GetInputArrayToProcess(0, inputVector) : nullptr;
  glue::ContourOutcome outcome = glue::Contour(input, scalars, extent, settings, output);
  switch (outcome.kind) {
  case glue::ContourOutcome::Kind::Done:
    this->LastBackend = cumed::ImplementationOf(outcome.backendUsed);
    this->UpdateProgress(1.0);
    return 1;
  case glue::ContourOutcome::Kind::Fallback:
    // Never silent: the user swapped in CuMed's filter and should know when VTK's runs instead.
    vtkWarningMacro(<< "CuMed leaves this request to " << this->TVtkFilter::GetClassName() << ": "
                    << outcome.message);
    this->LastBackend = cumed::Implementation::VTK;
    return this->TVtkFilter::RequestData(request, inputVector, outputVector);
  case glue::ContourOutcome::Kind::Failed:
    break;
  }
  vtkErrorMacro(<< outcome.message);
  return 0;
}

template class vtkCuMedContourFilter<vtkFlyingEdges3D>;
template class vtkCuMedContourFilter<vtkDiscreteFlyingEdges3D>;
