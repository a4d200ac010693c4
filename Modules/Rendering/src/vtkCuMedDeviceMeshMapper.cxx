#include "cumed/rendering/vtkCuMedDeviceMeshMapper.h"

#include "DeviceMeshInterop.h"

#include "cumed/core/Mesh.h"
#include "cumed/core/Timer.h"
#include "cumed/vtk/DeviceMeshData.h"
#include "cumed/vtk/VtkMeshBridge.h"
#include "cumed/vtk/vtkCuMedDeviceMesh.h"

#include <vtkActor.h>
#include <vtkCommand.h>
#include <vtkExecutive.h>
#include <vtkInformation.h>
#include <vtkMath.h>
#include <vtkObjectFactory.h>
#include <vtkOpenGLIndexBufferObject.h>
#include <vtkOpenGLRenderWindow.h>
#include <vtkOpenGLVertexBufferObject.h>
#include <vtkOpenGLVertexBufferObjectGroup.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkProperty.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkScalarsToColors.h>
#include <vtk_glew.h>

#include <algorithm>
#include <cstdint>
#include <exception>
#include <map>

namespace {

/// A vertex buffer whose storage OpenGL allocates and CUDA fills: VTK's layout description (float
/// xyz, or RGBA bytes for colours; no shift/scale) without a host array behind it.
class vtkCuMedInteropVertexBuffer : public vtkOpenGLVertexBufferObject {
public:
  static vtkCuMedInteropVertexBuffer* New();
  vtkTypeMacro(vtkCuMedInteropVertexBuffer, vtkOpenGLVertexBufferObject);

  /// Describes tuples of `components` values of `vtkType` (VTK_FLOAT or VTK_UNSIGNED_CHAR) and
  /// (re)allocates their storage when the size changed; returns whether it did (a registration
  /// of the old storage is then stale).
  bool Reserve(unsigned tuples, int vtkType = VTK_FLOAT, int components = 3) {
    this->SetDataType(vtkType);
    this->DataTypeSize = vtkType == VTK_FLOAT ? sizeof(float) : 1;
    this->NumberOfComponents = components;
    this->Stride = this->DataTypeSize * components;
    this->SetCoordShiftAndScaleMethod(vtkOpenGLVertexBufferObject::DISABLE_SHIFT_SCALE);
    this->CoordShiftAndScaleEnabled = false;
    const bool fresh = this->GetHandle() == 0 || tuples != this->NumberOfTuples;
    this->NumberOfTuples = tuples;
    if (fresh) {
      this->GenerateBuffer(vtkOpenGLBufferObject::ArrayBuffer);
      this->Bind();
      glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(tuples) * this->Stride, nullptr,
                   GL_STATIC_DRAW);
      this->Release();
      this->Dirty = false;
      this->Modified();
    }
    this->UploadTime.Modified();
    return fresh;
  }

protected:
  vtkCuMedInteropVertexBuffer() = default;
  ~vtkCuMedInteropVertexBuffer() override = default;
};
vtkStandardNewMacro(vtkCuMedInteropVertexBuffer);

/// VTK's vertex-buffer group, able to hold buffers that no host array stands behind.
class vtkCuMedInteropBufferGroup : public vtkOpenGLVertexBufferObjectGroup {
public:
  static vtkCuMedInteropBufferGroup* New();
  vtkTypeMacro(vtkCuMedInteropBufferGroup, vtkOpenGLVertexBufferObjectGroup);

  /// Exactly these attributes from now on (the group holds a reference to each).
  void UseOnly(const std::map<std::string, vtkOpenGLVertexBufferObject*>& buffers) {
    this->ClearAllDataArrays();
    if (buffers.size() == this->UsedVBOs.size() &&
        std::equal(buffers.begin(), buffers.end(), this->UsedVBOs.begin())) {
      return;
    }
    for (auto& used : this->UsedVBOs) used.second->UnRegister(this);
    this->UsedVBOs.clear();
    for (const auto& buffer : buffers) {
      buffer.second->Register(this);
      this->UsedVBOs[buffer.first] = buffer.second;
    }
    this->Modified();
  }

protected:
  vtkCuMedInteropBufferGroup() = default;
  ~vtkCuMedInteropBufferGroup() override = default;
};
vtkStandardNewMacro(vtkCuMedInteropBufferGroup);

bool SameMesh(const std::weak_ptr<cumed::DeviceSurfaceMesh>& seen,
              const std::shared_ptr<cumed::DeviceSurfaceMesh>& mesh) {
  return !seen.expired() && seen.lock() == mesh;
}

} // namespace

/// OpenGL buffers of the direct path and their CUDA registrations.
struct vtkCuMedDeviceMeshMapper::DirectBuffers {
  vtkSmartPointer<vtkCuMedInteropVertexBuffer> points =
      vtkSmartPointer<vtkCuMedInteropVertexBuffer>::New();
  vtkSmartPointer<vtkCuMedInteropVertexBuffer> normals =
      vtkSmartPointer<vtkCuMedInteropVertexBuffer>::New();
  vtkSmartPointer<vtkCuMedInteropVertexBuffer> colours =
      vtkSmartPointer<vtkCuMedInteropVertexBuffer>::New();
  std::size_t indexBytes = 0; ///< storage allocated for the triangle index buffer
  /// What the index buffer holds: the triangles of this mesh object, read from this array, at
  /// IndexFillTime. A frame that only moved the points leaves it as it is.
  std::weak_ptr<cumed::DeviceSurfaceMesh> indexMesh;
  const void* indexTriangles = nullptr;
  vtkTimeStamp indexFillTime;
  cumed::rendering::detail::BoundsScratch boundsScratch;     ///< reused by every bounds reduction
  cumed::rendering::detail::DeviceColourTableCopy tableCopy; ///< the colours' table, kept
  /// Registrations by OpenGL buffer name; dropped before that buffer's storage changes.
  std::map<unsigned, std::unique_ptr<cumed::rendering::detail::RegisteredGlBuffer>> registered;

  cumed::rendering::detail::RegisteredGlBuffer& Registration(unsigned buffer, std::size_t bytes) {
    auto& slot = registered[buffer];
    if (!slot || slot->bytes() != bytes) {
      slot.reset();
      slot = std::make_unique<cumed::rendering::detail::RegisteredGlBuffer>(buffer, bytes);
    }
    return *slot;
  }
};

vtkStandardNewMacro(vtkCuMedDeviceMeshMapper);

vtkCuMedDeviceMeshMapper::vtkCuMedDeviceMeshMapper() : Direct(std::make_unique<DirectBuffers>()) {
  this->VBOs->Delete();
  this->VBOs = vtkCuMedInteropBufferGroup::New();
  this->StandIn = vtkSmartPointer<vtkPolyData>::New();
  this->StandIn->SetPoints(vtkSmartPointer<vtkPoints>::New()); // VTK draws nothing without points
}

// VTK's destructor releases the rest; by then this class's part is gone, so it goes first.
vtkCuMedDeviceMeshMapper::~vtkCuMedDeviceMeshMapper() {
  this->ReleaseDirectBuffersInContext();
}

const char* vtkCuMedDeviceMeshMapper::GetLastBackend() const {
  switch (this->LastBackend) {
  case Backend::Interop:
    return "interop";
  case Backend::Host:
    return "host";
  default:
    return "none";
  }
}

int vtkCuMedDeviceMeshMapper::FillInputPortInformation(int port, vtkInformation* info) {
  if (!this->Superclass::FillInputPortInformation(port, info)) return 0;
  cumed::AcceptDeviceMeshes(info);
  return 1;
}

std::string vtkCuMedDeviceMeshMapper::HostOnlyFeature(vtkRenderer* renderer,
                                                      vtkActor* actor) const {
  vtkProperty* property = actor->GetProperty();
  if (property->GetRepresentation() != VTK_SURFACE) {
    return std::string("representation ") + property->GetRepresentationAsString() +
           " (direct drawing covers surface only)";
  }
  if (property->GetEdgeVisibility()) return "edge visibility on";
  if (actor->GetTexture() || property->GetNumberOfTextures() > 0) return "textures";
  if (renderer->GetSelector()) return "hardware selection (picking) reads host cell ids";
  return {};
}

std::string vtkCuMedDeviceMeshMapper::GetHostPathReason(vtkRenderer* renderer, vtkActor* actor) {
  vtkPolyData* input = this->GetInput();
  if (!cumed::GetDeviceMesh(input) || input->GetPoints()) return "the input holds host arrays";
  if (this->ForceHostUpload) return "host upload forced (ForceHostUpload)";
  std::string reason = this->HostOnlyFeature(renderer, actor);
  if (!reason.empty()) return reason;
  auto* holder = vtkCuMedDeviceMesh::SafeDownCast(
      input->GetInformation()->Get(vtkCuMedDeviceMesh::DEVICE_MESH()));
  return this->ChooseDirectColours(holder ? holder->GetNaming() : cumed::MeshNaming{});
}

std::string vtkCuMedDeviceMeshMapper::ChooseDirectColours(const cumed::MeshNaming& naming) {
  this->DirectColourAttribute = -1;
  if (!this->ScalarVisibility) return {};
  // What the host copy (ToVtkPolyDataNamed) would give VTK to colour by: the contour scalars as
  // active point scalars, the attributes as point arrays in order, no cell data.
  switch (this->ScalarMode) {
  case VTK_SCALAR_MODE_DEFAULT:
  case VTK_SCALAR_MODE_USE_POINT_DATA:
    if (naming.scalarsType != 0) {
      return "scalar colouring by the mesh's contour scalars (only an attribute is coloured on the "
             "device: ScalarMode UsePointFieldData)";
    }
    return {}; // nothing to colour by: the actor's colour, as on the host
  case VTK_SCALAR_MODE_USE_POINT_FIELD_DATA:
    break;
  default:
    return std::string("scalar colouring by ") + this->GetScalarModeAsString() +
           " (only a point attribute is coloured on the device)";
  }
  const auto& names = naming.attributeNames;
  const std::string arrayName = this->ArrayName ? this->ArrayName : "";
  int attribute = -1;
  if (this->ArrayAccessMode == VTK_GET_ARRAY_BY_NAME) {
    const auto found = std::find(names.begin(), names.end(), arrayName);
    if (found != names.end()) attribute = static_cast<int>(found - names.begin());
  } else if (this->ArrayId >= 0 && this->ArrayId < static_cast<int>(names.size())) {
    attribute = this->ArrayId;
  }
  if (attribute < 0) {
    return "scalar colouring by point array " +
           (this->ArrayAccessMode == VTK_GET_ARRAY_BY_NAME ? "'" + arrayName + "'"
                                                           : std::to_string(this->ArrayId)) +
           ", which is not one of the mesh's " + std::to_string(names.size()) + " attributes";
  }
  if (this->ColorMode == VTK_COLOR_MODE_DIRECT_SCALARS) return "direct scalars (ColorMode)";
  if (this->InterpolateScalarsBeforeMapping) {
    return "InterpolateScalarsBeforeMapping (VTK colours through a texture then)";
  }
  if (this->GetLookupTable()->GetIndexedLookup()) return "indexed lookup (annotated values)";
  this->DirectColourAttribute = attribute;
  return {};
}

vtkPolyData*
vtkCuMedDeviceMeshMapper::HostCopyOf(vtkPolyData* input,
                                     const std::shared_ptr<cumed::DeviceSurfaceMesh>& mesh) {
  if (!this->HostCopy || !SameMesh(this->HostCopyMesh, mesh) ||
      this->HostCopy->GetMTime() < input->GetMTime()) {
    auto copy = vtkSmartPointer<vtkPolyData>::New();
    auto* holder = vtkCuMedDeviceMesh::SafeDownCast(
        input->GetInformation()->Get(vtkCuMedDeviceMesh::DEVICE_MESH()));
    cumed::ToVtkPolyDataNamed(mesh->toHost(), copy,
                              holder ? holder->GetNaming() : cumed::MeshNaming{});
    this->HostCopy = copy;
    this->HostCopyMesh = mesh;
    ++this->NumberOfHostCopies;
  }
  return this->HostCopy;
}

void vtkCuMedDeviceMeshMapper::RenderPiece(vtkRenderer* renderer, vtkActor* actor) {
  if (renderer->GetRenderWindow()->CheckAbortStatus()) return;
  if (!this->GetInput()) {
    vtkErrorMacro(<< "No input!");
    return;
  }
  if (!this->Static) this->GetInputAlgorithm()->Update();
  vtkPolyData* input = this->GetInput();
  this->DirectMesh.reset();
  this->DirectColourAttribute = -1;
  const std::shared_ptr<cumed::DeviceSurfaceMesh> mesh = cumed::GetDeviceMesh(input);
  if (!mesh || input->GetPoints()) {
    this->LastBackend = Backend::Host;
    this->LastFallbackReason = "the input holds host arrays";
    this->Superclass::RenderPiece(renderer, actor);
    return;
  }
  // VTK's own RenderPiece registers this mapper's graphics resources with the window (through
  // a callback class Debian does not install) and then, finding no host points, draws nothing.
  this->Superclass::RenderPiece(renderer, actor);

  vtkPolyData* drawn = input;
  {
    std::string reason = this->GetHostPathReason(renderer, actor);
    if (reason.empty()) reason = this->InteropFailure;
    if (reason.empty()) reason = this->CachedUnavailableReason(renderer, *mesh);
    if (reason.empty()) {
      this->DirectMesh = mesh;
      // VTK's drawing code reads CurrentInput; the stand-in's time tells it the mesh changed.
      if (this->StandInInputTime != input->GetMTime() || !SameMesh(this->StandInMesh, mesh)) {
        this->StandIn->Modified();
        this->StandInInputTime = input->GetMTime();
        this->StandInMesh = mesh;
      }
      drawn = this->StandIn;
      this->LastBackend = Backend::Interop;
    } else {
      if (reason != this->LastFallbackReason) {
        vtkWarningMacro(<< "drawing the device mesh through a host copy: " << reason);
      }
      try {
        drawn = this->HostCopyOf(input, mesh);
      } catch (const std::exception& error) {
        vtkErrorMacro(<< "cannot copy the device mesh to the host: " << error.what());
        return;
      }
      this->LastBackend = Backend::Host;
    }
    this->LastFallbackReason = reason;
  }
  if (!drawn->GetPoints()) return;

  this->CurrentInput = drawn;
  this->DirectInput = input;
  this->UpdateCameraShiftScale(renderer, actor);
  this->RenderPieceStart(renderer, actor);
  this->RenderPieceDraw(renderer, actor);
  this->RenderPieceFinish(renderer, actor);
}

void vtkCuMedDeviceMeshMapper::BuildBufferObjects(vtkRenderer* renderer, vtkActor* actor) {
  const cumed::Stopwatch watch;
  this->LastInteropMapSeconds = 0;
  this->LastInteropUnmapSeconds = 0;
  this->BuildBuffers(renderer, actor);
  this->LastBufferBuildSeconds = watch.elapsedSeconds();
  ++this->NumberOfBufferBuilds;
}

void vtkCuMedDeviceMeshMapper::BuildBuffers(vtkRenderer* renderer, vtkActor* actor) {
  if (!this->DirectMesh) {
    // The host path re-specifies the buffers' storage: CUDA's registrations must go first.
    this->ReleaseDirectBuffers();
    this->Superclass::BuildBufferObjects(renderer, actor);
    return;
  }
  try {
    this->BuildDirectBuffers(renderer, actor);
    this->VBOBuildTime.Modified();
    return;
  } catch (const std::exception& error) {
    // This frame and the next ones through the host (nothing is drawn yet: the shaders are
    // chosen after the buffers).
    this->InteropFailure = std::string("interop failed: ") + error.what();
    vtkWarningMacro(<< "drawing the device mesh through a host copy: " << this->InteropFailure);
  }
  this->ReleaseDirectBuffers();
  std::shared_ptr<cumed::DeviceSurfaceMesh> mesh = std::move(this->DirectMesh);
  this->LastBackend = Backend::Host;
  this->LastFallbackReason = this->InteropFailure;
  try {
    this->CurrentInput = this->HostCopyOf(this->DirectInput, mesh);
  } catch (const std::exception& error) {
    for (auto& primitive : this->Primitives) primitive.IBO->IndexCount = 0;
    vtkErrorMacro(<< "cannot copy the device mesh to the host: " << error.what());
    return;
  }
  this->Superclass::BuildBufferObjects(renderer, actor);
}

void vtkCuMedDeviceMeshMapper::BuildDirectBuffers(vtkRenderer* renderer, vtkActor* actor) {
  const cumed::DeviceSurfaceMesh& mesh = *this->DirectMesh;
  this->DirectWindow = static_cast<vtkOpenGLRenderWindow*>(renderer->GetRenderWindow());
  const auto points = static_cast<unsigned>(mesh.numberOfPoints);
  this->DirectNormals =
      !mesh.normals.empty() && actor->GetProperty()->GetInterpolation() != VTK_FLAT;

  DirectBuffers& direct = *this->Direct;
  std::map<std::string, vtkOpenGLVertexBufferObject*> used;
  if (direct.points->Reserve(points)) direct.registered.erase(direct.points->GetHandle());
  used["vertexMC"] = direct.points;
  unsigned normalsBuffer = 0;
  if (this->DirectNormals) {
    if (direct.normals->Reserve(points)) direct.registered.erase(direct.normals->GetHandle());
    used["normalMC"] = direct.normals;
    normalsBuffer = static_cast<unsigned>(direct.normals->GetHandle());
  }
  unsigned coloursBuffer = 0;
  if (this->DirectColourAttribute >= 0) {
    // As vtkMapper::MapScalars: the mapper's range unless the table's own is asked for.
    vtkScalarsToColors* table = this->GetLookupTable();
    if (!this->UseLookupTableScalarRange) table->SetRange(this->ScalarRange);
    table->Build();
    this->DirectColours = cumed::rendering::SampleColourTable(table);
    if (direct.colours->Reserve(points, VTK_UNSIGNED_CHAR, 4)) {
      direct.registered.erase(direct.colours->GetHandle());
    }
    used["scalarColor"] = direct.colours;
    coloursBuffer = static_cast<unsigned>(direct.colours->GetHandle());
  }
  static_cast<vtkCuMedInteropBufferGroup*>(this->VBOs)->UseOnly(used);

  // Triangles only: every other primitive of the input is empty in a surface mesh.
  for (auto& primitive : this->Primitives) primitive.IBO->IndexCount = 0;
  vtkOpenGLIndexBufferObject* indices = this->Primitives[PrimitiveTris].IBO;
  const std::size_t indexCount = static_cast<std::size_t>(mesh.numberOfTriangles) * 3;
  const std::size_t indexBytes = indexCount * sizeof(std::uint32_t);
  bool indicesCurrent = SameMesh(direct.indexMesh, this->DirectMesh) &&
                        direct.indexTriangles == mesh.triangles.data() &&
                        direct.indexFillTime > this->GetMTime();
  if (indices->GetHandle() == 0 || direct.indexBytes != indexBytes) {
    direct.registered.erase(static_cast<unsigned>(indices->GetHandle()));
    indices->GenerateBuffer(vtkOpenGLBufferObject::ElementArrayBuffer);
    indices->Bind();
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(indexBytes), nullptr,
                 GL_STATIC_DRAW);
    indices->Release();
    direct.indexBytes = indexBytes;
    indicesCurrent = false;
  }
  // The host path's next index build must not think its buffer is still current.
  this->IBOBuildState.Clear();
  this->HaveCellScalars = false;
  this->HaveCellNormals = false;

  // Forgotten first: should the fill fail half way, the next build writes the indices again.
  direct.indexMesh.reset();
  this->FillDirectBuffers(mesh, static_cast<unsigned>(direct.points->GetHandle()), normalsBuffer,
                          indicesCurrent ? 0u : static_cast<unsigned>(indices->GetHandle()),
                          coloursBuffer, this->DirectColourAttribute, this->DirectColours);
  if (!indicesCurrent) {
    ++this->NumberOfIndexFills;
    direct.indexFillTime.Modified();
  }
  direct.indexMesh = this->DirectMesh;
  direct.indexTriangles = mesh.triangles.data();
  indices->IndexCount = indexCount;
}

std::string
vtkCuMedDeviceMeshMapper::CachedUnavailableReason(vtkRenderer* renderer,
                                                  const cumed::DeviceSurfaceMesh& mesh) {
  // The answer depends on the context (the window), the mesh's device and its size only; asking
  // the driver (cudaGLGetDevices) every frame would cost every static frame a driver call.
  UnavailableCheck key{renderer->GetRenderWindow(), mesh.device, mesh.numberOfPoints, {}};
  if (!this->LastUnavailableCheck || this->LastUnavailableCheck->window != key.window ||
      this->LastUnavailableCheck->device != key.device ||
      this->LastUnavailableCheck->points != key.points) {
    key.reason = this->DirectFillUnavailableReason(mesh);
    this->LastUnavailableCheck = key;
  }
  return this->LastUnavailableCheck->reason;
}

std::string
vtkCuMedDeviceMeshMapper::DirectFillUnavailableReason(const cumed::DeviceSurfaceMesh& mesh) {
  return cumed::rendering::detail::InteropUnavailableReason(mesh);
}

void vtkCuMedDeviceMeshMapper::FillDirectBuffers(
    const cumed::DeviceSurfaceMesh& mesh, unsigned pointsBuffer, unsigned normalsBuffer,
    unsigned indexBuffer, unsigned coloursBuffer, int colourAttribute,
    const cumed::rendering::DeviceColourTable& colours) {
  const auto pointCount = static_cast<std::size_t>(mesh.numberOfPoints);
  const std::size_t pointBytes = pointCount * 3 * sizeof(float);
  auto& points = this->Direct->Registration(pointsBuffer, pointBytes);
  auto* normals = normalsBuffer ? &this->Direct->Registration(normalsBuffer, pointBytes) : nullptr;
  auto* indices =
      indexBuffer ? &this->Direct->Registration(indexBuffer, this->Direct->indexBytes) : nullptr;
  cumed::rendering::detail::ColourFill colourFill;
  if (coloursBuffer) {
    colourFill.buffer = &this->Direct->Registration(coloursBuffer, 4 * pointCount);
    colourFill.attribute = colourAttribute;
    colourFill.table = &colours;
    colourFill.tableCopy = &this->Direct->tableCopy;
  }
  cumed::rendering::detail::InteropFillTimes times;
  cumed::rendering::detail::FillGlBuffers(mesh, points, normals, indices,
                                          coloursBuffer ? &colourFill : nullptr, &times);
  this->LastInteropMapSeconds = times.mapSeconds;
  this->LastInteropUnmapSeconds = times.unmapSeconds;
}

std::array<double, 6> vtkCuMedDeviceMeshMapper::DeviceBounds(const cumed::DeviceSurfaceMesh& mesh) {
  return cumed::rendering::detail::DeviceMeshBounds(mesh, this->Direct->boundsScratch);
}

void vtkCuMedDeviceMeshMapper::ComputeBounds() {
  vtkPolyData* input = this->GetInput();
  const std::shared_ptr<cumed::DeviceSurfaceMesh> mesh = cumed::GetDeviceMesh(input);
  if (!mesh) {
    this->Superclass::ComputeBounds();
    return;
  }
  if (mesh->numberOfPoints == 0) {
    vtkMath::UninitializeBounds(this->Bounds);
    return;
  }
  if (!SameMesh(this->BoundsMesh, mesh) || this->BoundsInputTime != input->GetMTime()) {
    try {
      const cumed::Stopwatch watch;
      this->DeviceMeshBounds = this->DeviceBounds(*mesh);
      this->LastBoundsSeconds = watch.elapsedSeconds();
    } catch (const std::exception& error) {
      vtkErrorMacro(<< "cannot measure the device mesh's bounds: " << error.what());
      vtkMath::UninitializeBounds(this->Bounds);
      return;
    }
    this->BoundsMesh = mesh;
    this->BoundsInputTime = input->GetMTime();
  }
  std::copy(this->DeviceMeshBounds.begin(), this->DeviceMeshBounds.end(), this->Bounds);
}

void vtkCuMedDeviceMeshMapper::ReleaseDirectBuffers() {
  // Registrations end before VTK deletes or re-specifies the buffers behind them.
  this->Direct->registered.clear();
  this->Direct->indexBytes = 0;
  this->Direct->indexMesh.reset();
}

void vtkCuMedDeviceMeshMapper::ReleaseDirectBuffersInContext() {
  vtkOpenGLRenderWindow* window = this->DirectWindow;
  if (!window) {
    this->ReleaseDirectBuffers();
    return;
  }
  window->PushContext();
  this->ReleaseDirectBuffers();
  this->Direct->points->ReleaseGraphicsResources();
  this->Direct->normals->ReleaseGraphicsResources();
  this->Direct->colours->ReleaseGraphicsResources();
  window->PopContext();
  this->DirectWindow = nullptr;
}

void vtkCuMedDeviceMeshMapper::ReleaseGraphicsResources(vtkWindow* window) {
  this->ReleaseDirectBuffersInContext();
  this->LastUnavailableCheck.reset(); // a new context may be on other devices
  this->Superclass::ReleaseGraphicsResources(window);
}

void vtkCuMedDeviceMeshMapper::PrintSelf(ostream& os, vtkIndent indent) {
  this->Superclass::PrintSelf(os, indent);
  os << indent << "ForceHostUpload: " << this->ForceHostUpload << "\n";
  os << indent << "LastBackend: " << this->GetLastBackend() << "\n";
  os << indent << "LastFallbackReason: " << this->LastFallbackReason << "\n";
  os << indent << "NumberOfHostCopies: " << this->NumberOfHostCopies << "\n";
  os << indent << "NumberOfBufferBuilds: " << this->NumberOfBufferBuilds << "\n";
  os << indent << "LastBufferBuildSeconds: " << this->LastBufferBuildSeconds << "\n";
  os << indent << "NumberOfIndexFills: " << this->NumberOfIndexFills << "\n";
}
