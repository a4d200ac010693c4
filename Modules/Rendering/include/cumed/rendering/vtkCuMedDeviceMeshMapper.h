#pragma once
// vtkCuMedDeviceMeshMapper: a vtkOpenGLPolyDataMapper that draws a mesh kept on the GPU
// (cumed/vtk/DeviceMeshData.h) from buffers CUDA wrote, without a copy through the host.
//
// Its input port accepts device meshes, so a CUDA isosurface connected to it keeps its mesh on
// the device. When the input carries one and the OpenGL context runs on the mesh's CUDA device,
// the vertex (points), normal and index buffers VTK draws are filled on the device through
// CUDA-OpenGL interop ("interop": points and normals copied device to device, int64 point ids
// converted to uint32 indices by a kernel); the only thing downloaded is the bounds (6 floats,
// for the camera). A frame that only moved the points (the same mesh object, the same triangle
// array and count, the mapper and its lookup table not modified) refills the points, normals and
// scalar colours and keeps the index buffer: call the mapper's Modified() after rewriting a
// mesh's triangles in place. Otherwise it
// draws like vtkOpenGLPolyDataMapper ("host"): host input as VTK does; a device mesh it cannot draw
// directly is copied to the host once (counted), with a warning, and the reason is kept
// (GetLastFallbackReason).
//
// Direct drawing covers what a surface needs: surface representation, lights, cameras, actor
// transforms and material colour, normals when the mesh has them (else VTK's flat shading), and
// scalar colouring by one of the mesh's attributes (ScalarMode UsePointFieldData, the array
// selected by its name in the MeshNaming or its index): the lookup table, with the mapper's
// scalar range, is sampled on the host (DeviceColourTable) and a kernel maps the attribute
// into VTK's per-point colour buffer ("scalarColor"), as MapScalars would on the host.
// Colouring by the contour scalars, by cell data, with InterpolateScalarsBeforeMapping (a
// colour texture), direct scalars or indexed lookup, wireframe or points representation, edges,
// textures and hardware picking read host arrays: they take the host path (the reason says
// which).
#include "cumed/rendering/DeviceColourTable.h"

#include <vtkOpenGLPolyDataMapper.h>
#include <vtkSmartPointer.h>
#include <vtkWeakPointer.h>

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace cumed {
struct DeviceSurfaceMesh;
struct MeshNaming;
} // namespace cumed
namespace cumed::rendering::detail {
class RegisteredGlBuffer;
}
class vtkOpenGLRenderWindow;

class vtkCuMedDeviceMeshMapper : public vtkOpenGLPolyDataMapper {
public:
  static vtkCuMedDeviceMeshMapper* New();
  vtkTypeMacro(vtkCuMedDeviceMeshMapper, vtkOpenGLPolyDataMapper);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  /// How the buffers of the last render were filled: "interop", "host", or "none" before one.
  const char* GetLastBackend() const;
  /// Why the last render took the host path ("" after an interop render).
  const std::string& GetLastFallbackReason() const { return this->LastFallbackReason; }
  /// Device meshes this mapper had to copy to the host (one per mesh, each counted in
  /// cumed::GetTransferStats()).
  int GetNumberOfHostCopies() const { return this->NumberOfHostCopies; }
  /// Times VTK's buffers were (re)built, on either path: once per new or modified input.
  int GetNumberOfBufferBuilds() const { return this->NumberOfBufferBuilds; }
  /// Host wall time of the last build, in seconds: interop, the CUDA fill included (its stream
  /// is synchronised; with allocation and registration when the buffers are new); host, VTK's
  /// upload calls (the driver may still be copying), not the host copy of a device mesh.
  double GetLastBufferBuildSeconds() const { return this->LastBufferBuildSeconds; }
  /// Of the last interop build: host seconds in cudaGraphicsMapResources, and in
  /// cudaGraphicsUnmapResources with the wait for the writes (0 when the last build was not an
  /// interop fill).
  double GetLastInteropMapSeconds() const { return this->LastInteropMapSeconds; }
  double GetLastInteropUnmapSeconds() const { return this->LastInteropUnmapSeconds; }
  /// Interop builds that wrote the index buffer (the others kept it: only the points moved).
  int GetNumberOfIndexFills() const { return this->NumberOfIndexFills; }
  /// Host seconds of the last reduction of a device mesh's bounds (kernel and 24-byte download).
  double GetLastBoundsSeconds() const { return this->LastBoundsSeconds; }

  /// Why the next render of the current input with `renderer` and `actor` would take the host
  /// path, as GetLastFallbackReason would then say; "" when its settings can be drawn directly
  /// (whether CUDA can fill the buffers in the window's context is decided at the render).
  std::string GetHostPathReason(vtkRenderer* renderer, vtkActor* actor);

  /// Forces the host path even where interop could run (to measure one against the other);
  /// a device mesh is then copied to the host once. Off by default.
  vtkSetMacro(ForceHostUpload, bool);
  vtkGetMacro(ForceHostUpload, bool);
  vtkBooleanMacro(ForceHostUpload, bool);

  void RenderPiece(vtkRenderer* renderer, vtkActor* actor) override;
  void ReleaseGraphicsResources(vtkWindow* window) override;

protected:
  vtkCuMedDeviceMeshMapper();
  ~vtkCuMedDeviceMeshMapper() override;

  int FillInputPortInformation(int port, vtkInformation* info) override;
  void ComputeBounds() override;
  void BuildBufferObjects(vtkRenderer* renderer, vtkActor* actor) override;

  /// The CUDA side, virtual so that a test can stand in for it on a machine without a GPU (the
  /// OpenGL plumbing is the same): why interop cannot run for `mesh` in the current context
  /// ("" when it can), the buffers' fill, the bounds. FillDirectBuffers gets 0 for a buffer it
  /// must leave as it is (normalsBuffer: no normals drawn; indexBuffer: the triangles did not
  /// change; coloursBuffer: no scalar colours drawn) and sets LastInteropMapSeconds and
  /// LastInteropUnmapSeconds. A non-zero `coloursBuffer` (RGBA bytes per point) gets attribute
  /// `colourAttribute` of the mesh mapped through `colours`, in the same map and unmap as the
  /// other buffers; every fill writes it (the attribute may change with the points).
  virtual std::string DirectFillUnavailableReason(const cumed::DeviceSurfaceMesh& mesh);
  virtual void FillDirectBuffers(const cumed::DeviceSurfaceMesh& mesh, unsigned pointsBuffer,
                                 unsigned normalsBuffer, unsigned indexBuffer,
                                 unsigned coloursBuffer, int colourAttribute,
                                 const cumed::rendering::DeviceColourTable& colours);
  virtual std::array<double, 6> DeviceBounds(const cumed::DeviceSurfaceMesh& mesh);

private:
  vtkCuMedDeviceMeshMapper(const vtkCuMedDeviceMeshMapper&) = delete;
  void operator=(const vtkCuMedDeviceMeshMapper&) = delete;

  enum class Backend { None, Interop, Host };
  /// What the actor's settings need that only the host path draws; "" when none.
  std::string HostOnlyFeature(vtkRenderer* renderer, vtkActor* actor) const;
  /// Which attribute of a mesh named `naming` the host path would colour by (DirectColourAttribute;
  /// -1 when it would not colour), or why only the host path can colour it.
  std::string ChooseDirectColours(const cumed::MeshNaming& naming);
  /// The host copy of a device mesh, made once per mesh.
  vtkPolyData* HostCopyOf(vtkPolyData* input,
                          const std::shared_ptr<cumed::DeviceSurfaceMesh>& mesh);
  /// DirectFillUnavailableReason, asked again only for another window, device or mesh size.
  std::string CachedUnavailableReason(vtkRenderer* renderer, const cumed::DeviceSurfaceMesh& mesh);
  void BuildBuffers(vtkRenderer* renderer, vtkActor* actor);
  void BuildDirectBuffers(vtkRenderer* renderer, vtkActor* actor);
  /// Ends CUDA's registrations (before OpenGL re-specifies or deletes the buffers).
  void ReleaseDirectBuffers();
  /// The same and the direct path's OpenGL buffers, with the window's context current.
  void ReleaseDirectBuffersInContext();

  bool ForceHostUpload = false;
  Backend LastBackend = Backend::None;
  std::string LastFallbackReason;
  int NumberOfHostCopies = 0;
  int NumberOfBufferBuilds = 0;
  double LastBufferBuildSeconds = 0.0;
  double LastInteropMapSeconds = 0.0;
  double LastInteropUnmapSeconds = 0.0;
  int NumberOfIndexFills = 0;
  double LastBoundsSeconds = 0.0;

  /// The mesh being drawn directly; CurrentInput is then StandIn (no cells, empty points), which
  /// VTK's drawing code reads where it would read the input.
  std::shared_ptr<cumed::DeviceSurfaceMesh> DirectMesh;
  vtkPolyData* DirectInput = nullptr; ///< the input of the frame being drawn
  struct UnavailableCheck {
    const void* window = nullptr;
    int device = 0;
    std::int64_t points = 0;
    std::string reason;
  };
  std::optional<UnavailableCheck> LastUnavailableCheck;
  /// Set when filling through interop failed: later frames take the host path at once.
  std::string InteropFailure;
  bool DirectNormals = false;
  int DirectColourAttribute = -1; ///< the mesh attribute drawn as colours; -1: none
  cumed::rendering::DeviceColourTable DirectColours;
  vtkSmartPointer<vtkPolyData> StandIn;
  std::weak_ptr<cumed::DeviceSurfaceMesh> StandInMesh;
  vtkMTimeType StandInInputTime = 0;

  /// The host copy of a device mesh and the mesh it was made from.
  vtkSmartPointer<vtkPolyData> HostCopy;
  std::weak_ptr<cumed::DeviceSurfaceMesh> HostCopyMesh;

  /// Bounds of the device mesh last measured.
  std::array<double, 6> DeviceMeshBounds{};
  std::weak_ptr<cumed::DeviceSurfaceMesh> BoundsMesh;
  vtkMTimeType BoundsInputTime = 0;

  /// The window whose context holds the direct path's buffers.
  vtkWeakPointer<vtkOpenGLRenderWindow> DirectWindow;
  struct DirectBuffers;
  std::unique_ptr<DirectBuffers> Direct;
};
