// cumed._cumed.surface: isosurfaces and label surfaces of arrays (the Python layer,
// cumed/surface.py, holds the public signatures, the Mesh type and the VTK output).
#include "ArrayBridge.h"
#include "Bindings.h"
#include "Call.h"

#include "cumed/core/Error.h"
#include "cumed/surface/Isosurface.h"

#include <pybind11/stl.h>

namespace cumed::python {

namespace {

using namespace cumed::surface;

ContourMode ParseMode(const std::string& mode) {
  if (mode == "isovalue") return ContourMode::Isovalue;
  if (mode == "label") return ContourMode::Label;
  throw InvalidArgument("mode must be 'isovalue' or 'label', got '" + mode + "'");
}

/// An array over `values` (one of the mesh's arrays) kept alive by `owner`. An empty array
/// (no points or triangles) may have no buffer at all.
template <class T>
py::object MeshArrayObject(T* values, bool present, std::int64_t rows, py::ssize_t columns,
                           const char* typestr, MemoryLocation location,
                           const std::shared_ptr<void>& owner, const Stream* stream) {
  std::vector<py::ssize_t> shape{py::ssize_t(rows)};
  if (columns > 1) shape.push_back(columns);
  return WrapBuffer(present ? static_cast<void*>(values) : nullptr, location, std::move(shape),
                    typestr, owner, stream);
}

py::object OffsetsObject(std::vector<std::int64_t>& offsets, const std::shared_ptr<void>& owner) {
  return WrapBuffer(offsets.data(), MemoryLocation::Host, {py::ssize_t(offsets.size())}, "<i8",
                    owner);
}

/// (points, triangles, normals|None, scalars|None, point_offsets, triangle_offsets) wrapping the
/// host mesh, which the arrays own together.
py::tuple HostMeshTuple(SurfaceMesh&& result, bool normals, bool scalars) {
  auto mesh = std::make_shared<SurfaceMesh>(std::move(result));
  const auto n = mesh->numberOfPoints(), m = mesh->numberOfTriangles();
  const auto host = MemoryLocation::Host;
  return py::make_tuple(
      MeshArrayObject(mesh->points.data(), !mesh->points.empty(), n, 3, "<f4", host, mesh, nullptr),
      MeshArrayObject(mesh->triangles.data(), !mesh->triangles.empty(), m, 3, "<i8", host, mesh,
                      nullptr),
      normals ? MeshArrayObject(mesh->normals.data(), !mesh->normals.empty(), n, 3, "<f4", host,
                                mesh, nullptr)
              : py::object(py::none()),
      scalars ? MeshArrayObject(mesh->scalars.data(), !mesh->scalars.empty(), n, 1, "<f4", host,
                                mesh, nullptr)
              : py::object(py::none()),
      OffsetsObject(mesh->pointOffsets, mesh), OffsetsObject(mesh->triangleOffsets, mesh));
}

/// The same for a mesh left in device memory, as DeviceArrays ready on every stream:
/// ExtractIsosurface returns when the mesh is complete, also with keepOnDevice (Isosurface.h's
/// contract), so no stream is handed on (the caller's may be gone before the mesh is).
py::tuple DeviceMeshTuple(DeviceSurfaceMesh&& result, bool normals, bool scalars) {
  const Stream* stream = nullptr;
  auto mesh = std::make_shared<DeviceSurfaceMesh>(std::move(result));
  const auto n = mesh->numberOfPoints, m = mesh->numberOfTriangles;
  const auto device = MemoryLocation::Device;
  return py::make_tuple(MeshArrayObject(mesh->points.data(), !mesh->points.empty(), n, 3, "<f4",
                                        device, mesh, stream),
                        MeshArrayObject(mesh->triangles.data(), !mesh->triangles.empty(), m, 3,
                                        "<i8", device, mesh, stream),
                        normals ? MeshArrayObject(mesh->normals.data(), !mesh->normals.empty(), n,
                                                  3, "<f4", device, mesh, stream)
                                : py::object(py::none()),
                        scalars ? MeshArrayObject(mesh->scalars.data(), !mesh->scalars.empty(), n,
                                                  1, "<f4", device, mesh, stream)
                                : py::object(py::none()),
                        OffsetsObject(mesh->pointOffsets, mesh),
                        OffsetsObject(mesh->triangleOffsets, mesh));
}

py::object IsosurfaceBinding(py::handle image, const std::vector<double>& values,
                             const std::string& mode, bool normals, bool scalars, int devices,
                             int slabs, const GeometryArguments& geometry,
                             const ExecutionArguments& execution) {
  auto input = AdoptArray(image, geometry, "image");
  if (input.ndim != 3)
    throw InvalidArgument("image: surfaces need a 3D [z, y, x] array, got a 2D one of shape (" +
                          std::to_string(input.image.geometry().size[1]) + ", " +
                          std::to_string(input.image.geometry().size[0]) + ")");
  IsosurfaceOptions options;
  options.values = values;
  options.mode = ParseMode(mode);
  options.computeNormals = normals;
  options.computeScalars = scalars;
  options.numberOfDevices = devices;
  options.numberOfSlabs = slabs;
  // A device input gets a device mesh back; CuMed keeps a mesh on the device only on one GPU, so
  // with several the mesh comes to the host (NumPy arrays), as the C++ API does.
  options.keepOnDevice = input.image.location() == MemoryLocation::Device && devices == 1;
  const Stream* stream = input.stream ? &*input.stream : nullptr;
  CallScope scope(execution, options, stream);
  auto result = scope.run([&] { return ExtractIsosurface(input.image, options); });
  if (result.deviceMesh)
    return ReturnLike(image, DeviceMeshTuple(std::move(*result.deviceMesh), normals, scalars));
  return HostMeshTuple(std::move(result.mesh), normals, scalars);
}

} // namespace

void BindSurface(py::module_& module) {
  module.def("isosurface", &IsosurfaceBinding, py::arg("image"), py::arg("values"), py::arg("mode"),
             py::arg("normals"), py::arg("scalars"), py::arg("devices"), py::arg("slabs"),
             py::arg("geometry"), py::arg("execution"),
             "(points, triangles, normals|None, scalars|None, point_offsets, triangle_offsets) "
             "of the surfaces of `values`, wrapping CuMed's mesh without copies.");
}

} // namespace cumed::python
