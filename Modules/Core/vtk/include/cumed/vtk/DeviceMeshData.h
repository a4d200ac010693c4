#pragma once
// A mesh in device memory as the content of a vtkPolyData, so that it travels through a VTK
// pipeline as data, not through a side channel.
//
// VTK 9.1 cannot hand out host arrays lazily (vtkPolyData::GetPolys() and GetPointData() are not
// virtual, vtkCellArray needs host arrays), so residency is decided where VTK decides everything
// else, in the pipeline:
//  - A consumer that reads device meshes says so on its input port, in FillInputPortInformation:
//    AcceptDeviceMeshes(info). Every other consumer is a host consumer.
//  - A producer (vtkCuMedFlyingEdges3D, ...) attaches a device mesh (SetDeviceMesh), leaving the
//    host arrays empty, only when its output port has consumers and all of them accept device
//    meshes (CountDeviceMeshConsumers); otherwise it writes host arrays, as VTK filters do.
//  - Its executive (vtkCuMedDeviceMeshPipeline) materialises a device-only output on the host
//    (MaterializeOnHost: one counted download) when a host consumer connected later asks for it.
// Copies of a device-only vtkPolyData (ShallowCopy, DeepCopy) do not carry the device mesh: VTK
// copies only its own keys of a data object's information. Materialise first.
#include "cumed/core/Mesh.h"
#include "cumed/vtk/vtkCuMedDeviceMesh.h"

#include <memory>

class vtkDataObject;
class vtkInformation;
class vtkPolyData;

namespace cumed {

/// For consumers, in FillInputPortInformation: this input port reads device meshes
/// (vtkCuMedDeviceMesh::ACCEPTS_DEVICE_MESH() set to 1). It must read host data as well.
void AcceptDeviceMeshes(vtkInformation* inputPortInformation);

/// The consumers of one output port (vtkExecutive::CONSUMERS() of its pipeline information).
struct DeviceMeshConsumers {
  int accepting = 0; ///< connected through an input port that accepts device meshes
  int others = 0;    ///< everything else: they read host arrays
};
DeviceMeshConsumers CountDeviceMeshConsumers(vtkInformation* outputInformation);

/// Whether a producer keeps its mesh on the device for these consumers: never when one of them
/// reads host arrays; when all accept device meshes, and at least one is connected; with no
/// consumer only when the user asked for it (`keepWithoutConsumers`, e.g. KeepMeshOnDevice).
bool KeepMeshOnDeviceFor(const DeviceMeshConsumers& consumers, bool keepWithoutConsumers);

/// The device mesh `data` carries; null when none (host data, or not a vtkPolyData).
std::shared_ptr<DeviceSurfaceMesh> GetDeviceMesh(vtkDataObject* data);

/// Replaces `data`'s content with `mesh` (host arrays empty). Throws InvalidArgument when `mesh`
/// is null or `naming` does not match it (attribute names, one scalar value per block).
void SetDeviceMesh(vtkPolyData* data, std::shared_ptr<DeviceSurfaceMesh> mesh,
                   MeshNaming naming = {});

/// Forgets the device mesh of `data`, if any (host arrays untouched).
void RemoveDeviceMesh(vtkDataObject* data);

/// Turns `data` into an ordinary host vtkPolyData: its device mesh downloaded once
/// (DeviceSurfaceMesh::toHost, counted in GetTransferStats()) and written as ToVtkPolyData does,
/// the device mesh dropped, the data object's other information kept (so its producer does not
/// look out of date). Nothing when `data` holds no device mesh. Throws what toHost throws
/// (CudaError; cumed::Error in a build without CUDA); `data` is unchanged then.
void MaterializeOnHost(vtkPolyData* data);

} // namespace cumed
