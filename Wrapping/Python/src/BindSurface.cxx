// cumed._cumed.surface: isosurfaces, closed surfaces and label surfaces of arrays, and the CT
// surface job (CuMed::CtSurface) on a DICOM series or an int16 HU array (the Python layer,
// cumed/surface.py, holds the public signatures, the Mesh type and the VTK output).
#include "ArrayBridge.h"
#include "Bindings.h"
#include "Call.h"
#include "Keywords.h"

#include "cumed/core/Error.h"
#include "cumed/core/NumberRules.h"
#include "cumed/ctsurface/CtSurface.h"
#include "cumed/itk/ItkImageBridge.h"
#include "cumed/morphology/ElementLimits.h"
#include "cumed/surface/ClosedSurface.h"
#include "cumed/surface/Isosurface.h"

#include <pybind11/stl.h>

#include <type_traits>

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
                           const std::shared_ptr<void>& owner) {
  std::vector<py::ssize_t> shape{py::ssize_t(rows)};
  if (columns > 1) shape.push_back(columns);
  return WrapBuffer(present ? static_cast<void*>(values) : nullptr, location, std::move(shape),
                    typestr, owner);
}

py::object OffsetsObject(std::vector<std::int64_t>& offsets, const std::shared_ptr<void>& owner) {
  return WrapBuffer(offsets.data(), MemoryLocation::Host, {py::ssize_t(offsets.size())}, "<i8",
                    owner);
}

/// (points, triangles, normals|None, scalars|None, point_offsets, triangle_offsets) wrapping a
/// SurfaceMesh (host) or DeviceSurfaceMesh (same member names), which the arrays own together.
/// Device arrays are ready on every stream: ExtractIsosurface returns when the mesh is complete,
/// also with keepOnDevice (Isosurface.h's contract), so no stream is handed on (the caller's may
/// be gone before the mesh is).
template <class Mesh>
py::tuple MeshTuple(Mesh&& result, std::int64_t points, std::int64_t triangles,
                    MemoryLocation location, bool normals, bool scalars) {
  auto mesh = std::make_shared<std::decay_t<Mesh>>(std::move(result));
  const auto wrap = [&](auto& array, std::int64_t rows, py::ssize_t columns, const char* type) {
    return MeshArrayObject(array.data(), !array.empty(), rows, columns, type, location, mesh);
  };
  return py::make_tuple(
      wrap(mesh->points, points, 3, "<f4"), wrap(mesh->triangles, triangles, 3, "<i8"),
      normals ? wrap(mesh->normals, points, 3, "<f4") : py::object(py::none()),
      scalars ? wrap(mesh->scalars, points, 1, "<f4") : py::object(py::none()),
      OffsetsObject(mesh->pointOffsets, mesh), OffsetsObject(mesh->triangleOffsets, mesh));
}

py::object IsosurfaceBinding(py::handle image, const std::vector<double>& values,
                             const std::string& mode, bool normals, bool scalars, bool closed,
                             int devices, int slabs, const GeometryArguments& geometry,
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
  // closed: guard, pad and outward winding, as the CT surface job (ClosedSurface.h).
  IsosurfaceResult result = scope.run([&] {
    return closed ? static_cast<IsosurfaceResult>(ExtractClosedSurface(input.image, options))
                  : ExtractIsosurface(input.image, options);
  });
  // The mesh's arrays, then the counts of non-finite input voxels and output coordinates
  // (IsosurfaceResult: outputs hold inf/NaN only where the input did, and the caller says so).
  const py::tuple counts = py::make_tuple(result.nonFiniteVoxels, result.nonFinitePoints);
  if (result.deviceMesh) {
    const auto points = result.deviceMesh->numberOfPoints;
    const auto triangles = result.deviceMesh->numberOfTriangles;
    return py::make_tuple(
        ReturnLike(image, MeshTuple(std::move(*result.deviceMesh), points, triangles,
                                    MemoryLocation::Device, normals, scalars)),
        counts);
  }
  const auto points = result.mesh.numberOfPoints(), triangles = result.mesh.numberOfTriangles();
  return py::make_tuple(
      MeshTuple(std::move(result.mesh), points, triangles, MemoryLocation::Host, normals, scalars),
      counts);
}

/// (mesh tuple, info dict) of the CT surface job on `source`: a DICOM directory (str) or an int16
/// HU array with its geometry.
py::tuple CtSurfaceBinding(py::handle source, const GeometryArguments& geometry, double isoHu,
                           double radiusMm, const ExecutionArguments& execution) {
  ctsurface::CtSurfaceOptions options;
  options.isoHu = isoHu;
  options.closingRadiusMm = radiusMm;
  io::HounsfieldImage::Pointer image;
  py::dict info;
  if (py::isinstance<py::str>(source)) {
    const std::string directory = source.cast<std::string>();
    io::CtSeries series;
    {
      py::gil_scoped_release release;
      series = io::ReadDicomCtSeries(directory);
    }
    image = series.image;
    info["series_uid"] = series.info.seriesUid;
    info["slices"] = series.info.files.size();
  } else {
    auto input = AdoptArray(source, geometry, "image");
    if (input.ndim != 3 || input.image.pixelType() != PixelType::Int16 ||
        input.image.location() != MemoryLocation::Host)
      throw InvalidArgument("image: the CT surface job takes a 3D int16 HU NumPy array "
                            "[z, y, x] (or a DICOM directory), got " +
                            std::string(ToString(input.image.pixelType())) +
                            (input.ndim != 3 ? " with 2 axes" : ""));
    image = ToItkImage<io::HounsfieldImage>(std::move(input.image));
  }
  // The closing's element against the volume, up front, as cumed-ct-surface checks it (without
  // its --allow-large-element): radius_mm = 127 on 12 voxels ran for minutes (fuzz 4:42628).
  const std::string request = "radius_mm = " + numbers::FormatNumber(radiusMm);
  std::array<int, 3> radius{};
  try {
    radius = ctsurface::ClosingRadiusVoxels(image.GetPointer(), radiusMm);
  } catch (const InvalidArgument& error) {
    throw InvalidArgument(request + ": " + error.what());
  }
  const auto extent = image->GetLargestPossibleRegion().GetSize();
  morphology::CheckElementAgainstVolume(request, radius, {extent[0], extent[1], extent[2]}, "");
  CallScope scope(execution, options);
  ctsurface::CtSurfaceResult result = scope.run([&] {
    return WithKeywords({{"isoHu", "iso"}, {"closingRadiusMm", "radius_mm"}},
                        [&] { return ctsurface::ExtractCtSurface(image.GetPointer(), options); });
  });
  info["closing_radius_voxels"] = py::make_tuple(
      result.closingRadiusVoxels[0], result.closingRadiusVoxels[1], result.closingRadiusVoxels[2]);
  info["closing"] = result.closingImplementation;
  info["contour"] = result.surface.implementation;
  info["voxels_at_or_above_iso"] = result.surface.voxelsAtOrAboveIso;
  info["voxel_volume_mm3"] = result.voxelVolumeMm3;
  info["closing_seconds"] = result.closingSeconds;
  info["contour_seconds"] = result.contourSeconds;
  SurfaceMesh& mesh = result.surface.mesh;
  const auto points = mesh.numberOfPoints(), triangles = mesh.numberOfTriangles();
  return py::make_tuple(
      MeshTuple(std::move(mesh), points, triangles, MemoryLocation::Host, true, false), info);
}

} // namespace

void BindSurface(py::module_& module) {
  module.def("ct_surface", &CtSurfaceBinding, py::arg("source"), py::arg("geometry"),
             py::arg("iso"), py::arg("radius_mm"), py::arg("execution"));
  module.def("isosurface", &IsosurfaceBinding, py::arg("image"), py::arg("values"), py::arg("mode"),
             py::arg("normals"), py::arg("scalars"), py::arg("closed"), py::arg("devices"),
             py::arg("slabs"), py::arg("geometry"), py::arg("execution"),
             "(points, triangles, normals|None, scalars|None, point_offsets, triangle_offsets) "
             "of the surfaces of `values`, wrapping CuMed's mesh without copies.");
}

} // namespace cumed::python
