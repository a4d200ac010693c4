#pragma once
// vtkCuMedDeviceMeshPipeline: the executive of algorithms whose outputs may hold a device mesh
// (cumed/vtk/DeviceMeshData.h). It is VTK's default executive (vtkCompositeDataPipeline) plus
// one rule: an output that holds a device mesh and nothing on the host is never handed to a
// consumer that reads host arrays. When such a consumer asks (connected after the device-only
// run, or the last accepting consumer gone and keep-without-consumers off) and nothing upstream
// changed, the output is materialised on the host (MaterializeOnHost: one counted download)
// instead of running the algorithm again; when something changed, the algorithm runs as usual
// and decides the residency itself for the consumers it now has.
//
// Algorithms install it with
//   vtkExecutive* CreateDefaultExecutive() override { return vtkCuMedDeviceMeshPipeline::New(); }
#include <vtkCompositeDataPipeline.h>

class vtkCuMedDeviceMeshPipeline : public vtkCompositeDataPipeline {
public:
  static vtkCuMedDeviceMeshPipeline* New();
  vtkTypeMacro(vtkCuMedDeviceMeshPipeline, vtkCompositeDataPipeline);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  /// Whether a device-only output stays on the device when its output port has no consumer
  /// (the algorithm's KeepMeshOnDevice); off by default.
  void SetKeepWithoutConsumers(bool keep) { this->KeepWithoutConsumers = keep; }
  bool GetKeepWithoutConsumers() const { return this->KeepWithoutConsumers; }

  /// How many device-only outputs this executive materialised for host consumers (as
  /// CudaImage::GetNumberOfHostSyncs() counts host syncs); the bytes are in GetTransferStats().
  int GetNumberOfMaterializations() const { return this->NumberOfMaterializations; }

protected:
  vtkCuMedDeviceMeshPipeline() = default;
  ~vtkCuMedDeviceMeshPipeline() override = default;

  int NeedToExecuteData(int outputPort, vtkInformationVector** inInfoVec,
                        vtkInformationVector* outInfoVec) override;
  int ExecuteData(vtkInformation* request, vtkInformationVector** inInfoVec,
                  vtkInformationVector* outInfoVec) override;

private:
  vtkCuMedDeviceMeshPipeline(const vtkCuMedDeviceMeshPipeline&) = delete;
  void operator=(const vtkCuMedDeviceMeshPipeline&) = delete;

  /// The output ports whose device-only output a host consumer needs.
  bool NeedsMaterializing(int port, vtkInformationVector* outInfoVec) const;

  bool KeepWithoutConsumers = false;
  int NumberOfMaterializations = 0;
  bool MaterializeOnly = false; ///< set by NeedToExecuteData for the ExecuteData that follows
};
