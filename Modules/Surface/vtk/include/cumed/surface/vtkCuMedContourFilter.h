#pragma once
// What vtkCuMedFlyingEdges3D and vtkCuMedDiscreteFlyingEdges3D add to the VTK filter they derive
// from (TVtkFilter: vtkFlyingEdges3D or vtkDiscreteFlyingEdges3D): the CuMed settings (backend,
// GPUs, slabs, keep-on-device) and a RequestData that runs cumed::surface::ExtractIsosurface.
// Everything else (contour values, ComputeNormals/Scalars, InterpolateAttributes, the input
// array) is the VTK filter's own API, with its meaning.
//
// Which implementation runs, and GetLastBackend() (cumed::Implementation, as in the ITK filters):
//  - CPU or CUDA: CuMed ran. This needs 1-component point scalars of type unsigned char,
//    short, unsigned short or float, ArrayComponent 0, ComputeGradients off, at least one contour
//    value and, with InterpolateAttributes, only 1-component attribute arrays.
//  - VTK: anything else is handed to the VTK filter unchanged (e.g. double or int scalars,
//    several components, gradients), never silently: GetLastBackend() says so.
//  - None: the last run failed (the error was reported through vtkErrorMacro), or none ran yet.
//
// Output, when CuMed runs, is the VTK filter's: the same points in the same order, the same
// triangles (same ids, same orientation), "Normals" (float, active normals), scalars named and
// typed like the input scalars holding the contour value (active scalars), one block of points per
// contour value in the order of the values. Interpolated attributes (InterpolateAttributes: every
// other named 1-component point array) keep their names but are float arrays (CuMed interpolates in
// float; VTK keeps each array's type), and are not marked as active attributes; unnamed arrays are
// not interpolated.
//
// Where the mesh lives (the output is data either way, see cumed/vtk/DeviceMeshData.h):
//  - On the device, when the CUDA backend runs on one device and every consumer of the output
//    port accepts device meshes (it called cumed::AcceptDeviceMeshes in FillInputPortInformation)
//    and there is one at least, or when KeepMeshOnDevice is on and no host consumer is
//    connected. The output vtkPolyData then has no points, cells or point data; it carries the
//    mesh, reached with cumed::GetDeviceMesh(filter->GetOutput()). Its scalars are CuMed's float
//    ones; a host copy gets them named and typed like the input scalars, as above.
//  - On the host otherwise: no consumer (filter->Update(); filter->GetOutput()), or any consumer
//    that reads host arrays (vtkPolyDataNormals, a writer, a mapper): what VTK users expect.
//  - A host consumer connected after a device-only run gets the mesh materialised on the host by
//    the filter's executive (vtkCuMedDeviceMeshPipeline): one counted download of the mesh (a copy
//    per array), no second run, when nothing upstream changed; a new run otherwise.
//
// Pieces of a streaming or parallel pipeline (UpdatePiece(piece, pieces, ghostLevels), explicit
// update extents, vtkMPIController ranks): RequestUpdateExtent is the VTK filter's own (with
// ComputeNormals or ComputeGradients it asks upstream for one more ghost level), and RequestData
// contours what VTK's filter contours: the update extent within the input's extent, ghost layers
// included, nothing marked or removed. A producer that holds more than the update extent (a whole
// image given with SetInputData, asked for an extent) is contoured over that part only.
//
// Copies: the mesh arrays are copied once (a parallel memcpy) into the VTK arrays; VTK's free
// callbacks take no context, so they cannot release a std::vector. Input scalars are read in place
// (also a part made of whole x-y planes of the input); a part cut along x or y is copied into one
// block first. Attribute arrays likewise when they are float, else converted to float first.
#include "cumed/core/Backend.h"
#include "cumed/core/Execution.h"
#include "cumed/surface/Isosurface.h"
#include "cumed/vtk/DeviceMeshData.h" // cumed::GetDeviceMesh(filter->GetOutput())

#include <vtkIndent.h>
#include <vtkOStreamWrapper.h>

#include <string>

class vtkExecutive;
class vtkInformation;
class vtkInformationVector;

template <class TVtkFilter> class vtkCuMedContourFilter : public TVtkFilter {
public:
  /// Auto (default: CUDA when usable, else the CPU), CPU or CUDA (an error when no device is
  /// usable: vtkErrorMacro, RequestData fails).
  void SetBackend(cumed::Backend backend);
  cumed::Backend GetBackend() const { return this->CuMedBackend; }
  void SetBackendToAuto() { this->SetBackend(cumed::Backend::Auto); }
  void SetBackendToCPU() { this->SetBackend(cumed::Backend::CPU); }
  void SetBackendToCUDA() { this->SetBackend(cumed::Backend::CUDA); }

  /// CPU, CUDA or VTK: which implementation ran the last RequestData; None after a failure or
  /// before the first run (cumed::ToString gives "cpu", "cuda", "vtk", "none").
  cumed::Implementation GetLastBackend() const { return this->LastBackend; }

  /// CUDA devices to spread the volume over: 1 (default) the current device, 0 every usable one.
  void SetNumberOfGPUs(int gpus);
  int GetNumberOfGPUs() const { return this->NumberOfGPUs; }

  /// Slabs along z: 0 (default) one per GPU; more than the GPUs run in turn ("virtual GPUs").
  /// The surface does not depend on it.
  void SetNumberOfSlabs(int slabs);
  int GetNumberOfSlabs() const { return this->NumberOfSlabs; }

  /// CUDA only: keep the mesh in device memory also without consumers (filter->Update(), then
  /// cumed::GetDeviceMesh(filter->GetOutput())), so nothing is copied back; a host consumer still
  /// gets host arrays. With the CPU backend, an input CuMed does not take or several GPUs,
  /// RequestData fails with an error.
  void SetKeepMeshOnDevice(bool keep);
  bool GetKeepMeshOnDevice() const { return this->KeepMeshOnDevice; }
  void KeepMeshOnDeviceOn() { this->SetKeepMeshOnDevice(true); }
  void KeepMeshOnDeviceOff() { this->SetKeepMeshOnDevice(false); }

  /// Off (default): VTK's surface, point for point. On: the closed surface of
  /// cumed::surface::ExtractClosedSurface (cumed/surface/ClosedSurface.h): every value must be
  /// reached and lie above the lowest value of the scalar type, the volume is padded by one
  /// voxel of that value so surfaces close at the faces, and triangles wind outward also for a
  /// reflected direction matrix (where vtkFlyingEdges3D's turn inside out). Never left to VTK:
  /// a request CuMed cannot take (or with InterpolateAttributes) fails with an error.
  void SetClosedSurface(bool closed);
  bool GetClosedSurface() const { return this->ClosedSurface; }
  void ClosedSurfaceOn() { this->SetClosedSurface(true); }
  void ClosedSurfaceOff() { this->SetClosedSurface(false); }

  void PrintSelf(ostream& os, vtkIndent indent) override;

protected:
  explicit vtkCuMedContourFilter(cumed::surface::ContourMode mode) : Mode(mode) {}
  ~vtkCuMedContourFilter() override = default;

  /// vtkCuMedDeviceMeshPipeline: materialises a device-only output for host consumers.
  vtkExecutive* CreateDefaultExecutive() override;

  /// CuMed when it takes the request, else TVtkFilter::RequestData (GetLastBackend() VTK).
  int RequestData(vtkInformation* request, vtkInformationVector** inputVector,
                  vtkInformationVector* outputVector) override;

private:
  vtkCuMedContourFilter(const vtkCuMedContourFilter&) = delete;
  void operator=(const vtkCuMedContourFilter&) = delete;

  cumed::surface::ContourMode Mode;
  cumed::Backend CuMedBackend = cumed::Backend::Auto;
  int NumberOfGPUs = 1;
  int NumberOfSlabs = 0;
  bool KeepMeshOnDevice = false;
  bool ClosedSurface = false;
  cumed::Implementation LastBackend = cumed::Implementation::None;
};
