#pragma once
// Internal: the CUDA side of vtkCuMedDeviceMeshMapper, behind a CUDA-free interface so that the
// mapper's translation unit needs neither CUDA nor GL-interop headers. A CPU-only build links
// DeviceMeshInteropUnavailable.cxx instead, whose functions say why interop cannot run.
#include "cumed/core/DeviceBuffer.h"
#include "cumed/core/Mesh.h"
#include "cumed/rendering/DeviceColourTable.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace cumed::rendering::detail {

/// Why the buffers of `mesh` cannot be written through CUDA-OpenGL interop in the OpenGL context
/// current on this thread: no CUDA in this build, no usable device, too many points for 32-bit
/// indices, or the context is on other CUDA devices than the mesh's. Empty when it can, or when
/// the driver cannot say which devices the context is on (then registering the buffers decides).
std::string InteropUnavailableReason(const DeviceSurfaceMesh& mesh);

/// An OpenGL buffer object registered with CUDA (write-discard) for as long as this lives; the
/// OpenGL context it belongs to must be current when it is made and destroyed.
class RegisteredGlBuffer {
public:
  /// Throws CudaError naming the buffer when registration fails.
  RegisteredGlBuffer(unsigned glBuffer, std::size_t bytes);
  ~RegisteredGlBuffer();
  RegisteredGlBuffer(const RegisteredGlBuffer&) = delete;
  RegisteredGlBuffer& operator=(const RegisteredGlBuffer&) = delete;

  unsigned glBuffer() const noexcept { return glBuffer_; }
  std::size_t bytes() const noexcept { return bytes_; }
  void* resource() const noexcept { return resource_; }

private:
  unsigned glBuffer_ = 0;
  std::size_t bytes_ = 0;
  void* resource_ = nullptr; ///< cudaGraphicsResource_t
};

/// Host wall time of one FillGlBuffers call's parts, in seconds (for the frame breakdown).
struct InteropFillTimes {
  double mapSeconds = 0;   ///< cudaGraphicsMapResources (one call for every buffer)
  double writeSeconds = 0; ///< queuing the copy, index and colour kernels (and the table upload)
  /// cudaGraphicsUnmapResources and the wait for the writes (the stream's synchronisation)
  double unmapSeconds = 0;
};

/// The sampled lookup table on the device, kept by the mapper from one fill to the next: it goes
/// up again only when its bytes or the mesh's device changed (not every frame).
struct DeviceColourTableCopy {
  int device = -1;
  std::vector<std::uint8_t> rgba; ///< what `buffer` holds
  DeviceBuffer buffer;
};

/// Scalar colours for FillGlBuffers: attribute `attribute` of the mesh mapped through `table` into
/// `buffer` (RGBA bytes per point), the table's device copy kept in `tableCopy`.
struct ColourFill {
  RegisteredGlBuffer* buffer = nullptr;
  int attribute = -1;
  const DeviceColourTable* table = nullptr;
  DeviceColourTableCopy* tableCopy = nullptr;
};

/// Writes the mesh into the registered buffers on the mesh's device, without a host copy:
/// points and normals (float xyz) device to device by one kernel, triangles converted from int64
/// point ids to the uint32 indices OpenGL draws. `normals` may be null (the mesh has none, or they
/// are not drawn); `indices` may be null (the index buffer already holds these triangles: a frame
/// that only moved the points); `colours` may be null (no scalar colours drawn), else its
/// attribute is mapped into its buffer by a kernel. One map and one unmap for all of them. Returns
/// when the buffers are unmapped and the writes are complete: OpenGL may draw, and the mesh's
/// producer may overwrite its arrays (it may do so on another stream). Throws CudaError; throws
/// cumed::Error when a point id does not fit 32 bits or the colours' attribute or table is not
/// the mesh's. `times`, when given, receives the parts' host times.
void FillGlBuffers(const DeviceSurfaceMesh& mesh, RegisteredGlBuffer& points,
                   RegisteredGlBuffer* normals, RegisteredGlBuffer* indices,
                   const ColourFill* colours, InteropFillTimes* times = nullptr);

/// Device memory a bounds reduction reuses from one call to the next (allocated on the first
/// call, again only when the mesh's device changes): no allocation per frame.
struct BoundsScratch {
  int device = -1;
  DeviceBuffer buffer;
};

/// xmin, xmax, ymin, ymax, zmin, zmax of the mesh's points, reduced on the device; only these six
/// values come back (one counted download of 24 bytes), never the mesh.
std::array<double, 6> DeviceMeshBounds(const DeviceSurfaceMesh& mesh, BoundsScratch& scratch);

} // namespace cumed::rendering::detail
