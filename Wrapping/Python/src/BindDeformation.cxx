// cumed._cumed.deform: Bernstein (Sederberg-Parry) free-form deformation of triangle meshes given
// as point and triangle arrays (the Python layer, cumed/deform.py, holds the public signatures
// and documentation). Host arrays go through CuMed's host mesh; CUDA arrays through its device
// mesh, so the points never visit the host.
#include "ArrayBridge.h"
#include "Bindings.h"
#include "Call.h"
#include "Keywords.h"

#include "cumed/core/Backend.h"
#include "cumed/core/Device.h"
#include "cumed/core/Error.h"
#include "cumed/core/ThreadCount.h"
#include "cumed/core/Transfer.h"
#include "cumed/deformation/Animation.h"
#include "cumed/deformation/Lattice.h"
#include "cumed/deformation/MeshDeformation.h"

#include <pybind11/stl.h>

#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace cumed::python {

namespace {

using namespace cumed::deformation;

/// A [rows, 3] array of the mesh (points float32, triangles int64) where it lives, not copied.
struct MeshArrayInput {
  const void* data = nullptr;
  std::int64_t rows = 0;
  MemoryLocation location = MemoryLocation::Host;
  std::optional<Stream> stream; ///< the producer's stream of a CUDA array, if it gave one
  std::shared_ptr<void> owner;  ///< keeps the array alive
};

std::string ShapeText(const std::vector<py::ssize_t>& shape) {
  std::string text = "(";
  for (std::size_t i = 0; i < shape.size(); ++i) text += (i ? ", " : "") + std::to_string(shape[i]);
  return text + (shape.size() == 1 ? ",)" : ")");
}

void CheckRowsOfThree(const std::vector<py::ssize_t>& shape, const char* name) {
  if (shape.size() != 2 || shape[1] != 3)
    throw InvalidArgument(std::string(name) + ": expected an [N, 3] array, got shape " +
                          ShapeText(shape));
}

/// `array` as a mesh array of dtype `typestr` ("<f4" or "<i8"): a C-contiguous NumPy array or a
/// C-contiguous CUDA array on the current device, read through the array bridge.
MeshArrayInput ReadMeshArray(py::handle array, const std::string& typestr, const char* name) {
  const std::string dtype = typestr == "<f4" ? "float32" : "int64";
  auto buffer = ReadArrayBuffer(array, name, /*copyStridedNumPy=*/false, [&](const ArrayBuffer& b) {
    CheckRowsOfThree(b.shape, name);
    if (b.typestr != typestr)
      throw InvalidArgument(
          std::string(name) + ": expected " + dtype + " ('" + typestr + "'), got " +
          (b.location == MemoryLocation::Device ? "the CUDA array type '" : "'") + b.typestr + "'");
  });
  MeshArrayInput input;
  input.data = buffer.data;
  input.rows = buffer.shape[0];
  input.location = buffer.location;
  input.stream = std::move(buffer.stream);
  input.owner = buffer.owner;
  return input;
}

Lattice MakeLattice(const std::array<int, 3>& dimensions, const std::array<double, 3>& origin,
                    const std::array<double, 3>& s, const std::array<double, 3>& t,
                    const std::array<double, 3>& u) {
  Lattice lattice;
  lattice.dimensions = dimensions;
  lattice.origin = origin;
  lattice.s = s;
  lattice.t = t;
  lattice.u = u;
  ValidateLattice(lattice);
  return lattice;
}

py::tuple LatticeToTuple(const Lattice& lattice) {
  return py::make_tuple(lattice.dimensions, lattice.origin, lattice.s, lattice.t, lattice.u);
}

/// A host mesh holding copies of the arrays (CuMed's SurfaceMesh owns its memory).
SurfaceMesh HostMesh(const MeshArrayInput& points, const MeshArrayInput* triangles) {
  SurfaceMesh mesh;
  const auto* p = static_cast<const float*>(points.data);
  mesh.points.assign(p, p + 3 * points.rows);
  if (triangles) {
    const auto* t = static_cast<const std::int64_t*>(triangles->data);
    mesh.triangles.assign(t, t + 3 * triangles->rows);
  }
  mesh.pointOffsets = {0, points.rows};
  mesh.triangleOffsets = {0, triangles ? triangles->rows : 0};
  return mesh;
}

/// A device mesh holding device copies of the CUDA arrays (a DeviceSurfaceMesh owns its
/// buffers), ordered after the producer's stream. No host transfer.
std::shared_ptr<DeviceSurfaceMesh> DeviceMesh(const MeshArrayInput& points,
                                              const MeshArrayInput* triangles) {
  auto mesh = std::make_shared<DeviceSurfaceMesh>();
  mesh->device = CurrentDevice();
  const auto copy = [](DeviceBuffer& buffer, const MeshArrayInput& input, std::size_t itemSize) {
    const std::size_t bytes = std::size_t(3 * input.rows) * itemSize;
    buffer = DeviceBuffer(bytes);
    const Stream* stream = input.stream ? &*input.stream : nullptr;
    CopyDeviceToDevice(buffer.data(), input.data, bytes, stream);
    if (stream) stream->synchronize();
  };
  mesh->numberOfPoints = points.rows;
  copy(mesh->points, points, sizeof(float));
  if (triangles) {
    mesh->numberOfTriangles = triangles->rows;
    copy(mesh->triangles, *triangles, sizeof(std::int64_t));
  }
  mesh->pointOffsets = {0, points.rows};
  mesh->triangleOffsets = {0, mesh->numberOfTriangles};
  return mesh;
}

py::tuple LatticeAroundBinding(py::handle points, const std::array<int, 3>& dimensions,
                               double margin) {
  const auto input = ReadMeshArray(points, "<f4", "points");
  std::array<double, 6> bounds{};
  {
    py::gil_scoped_release release;
    if (input.location == MemoryLocation::Device)
      bounds = MeshBounds(*DeviceMesh(input, nullptr));
    else
      bounds = MeshBounds(HostMesh(input, nullptr));
  }
  return LatticeToTuple(LatticeAroundBounds(bounds, dimensions, margin));
}

py::object RestPointsBinding(const std::array<int, 3>& dimensions,
                             const std::array<double, 3>& origin, const std::array<double, 3>& s,
                             const std::array<double, 3>& t, const std::array<double, 3>& u) {
  auto points =
      std::make_shared<std::vector<double>>(MakeLattice(dimensions, origin, s, t, u).restPoints());
  return WrapBuffer(points->data(), MemoryLocation::Host, {py::ssize_t(points->size() / 3), 3},
                    "<f8", points);
}

FaceWeighting ParseFaceWeighting(const std::string& name) {
  if (name == "area") return FaceWeighting::Area;
  if (name == "unit") return FaceWeighting::Unit;
  throw InvalidArgument("face_weighting: unknown value '" + name + "' (known: area, unit)");
}

/// The control points as CuMed takes them: x, y, z per point in the lattice's order (host).
std::vector<double> ControlPoints(py::handle controlPoints) {
  const auto array =
      py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(controlPoints);
  if (!array)
    throw InvalidArgument("control_points: expected an array of x, y, z per control point, got " +
                          std::string(py::str(py::type::of(controlPoints).attr("__name__"))));
  if (array.ndim() < 1 || array.shape(array.ndim() - 1) != 3)
    throw InvalidArgument("control_points: expected x, y, z along the last axis ([N, 3] or "
                          "[nk, nj, ni, 3]), got " +
                          std::to_string(array.ndim()) + " dimensions, last extent " +
                          std::to_string(array.ndim() ? array.shape(array.ndim() - 1) : 0));
  return std::vector<double>(array.data(), array.data() + array.size());
}

/// The mesh arrays of a deformation, read and checked together.
struct MeshInputs {
  MeshArrayInput points, triangles;
  bool onDevice() const { return points.location == MemoryLocation::Device; }
};

MeshInputs ReadMesh(py::handle points, py::handle triangles) {
  MeshInputs mesh{ReadMeshArray(points, "<f4", "points"),
                  ReadMeshArray(triangles, "<i8", "triangles")};
  if (mesh.points.location != mesh.triangles.location)
    throw InvalidArgument(std::string("points are in ") + ToString(mesh.points.location) +
                          " memory but triangles in " + ToString(mesh.triangles.location) +
                          " memory; pass both as NumPy arrays or both as CUDA arrays");
  return mesh;
}

Lattice LatticeOfTuple(py::tuple lattice) {
  return MakeLattice(
      lattice[0].cast<std::array<int, 3>>(), lattice[1].cast<std::array<double, 3>>(),
      lattice[2].cast<std::array<double, 3>>(), lattice[3].cast<std::array<double, 3>>(),
      lattice[4].cast<std::array<double, 3>>());
}

/// The control points of frames 0..frames-1 of a built-in animation: [frames, points, 3] float64.
py::object AnimationBinding(const std::string& name, py::tuple lattice, double amplitude,
                            int frames) {
  const Lattice checked = LatticeOfTuple(lattice);
  const Animation animation = Animation::BuiltIn(name, checked, amplitude, frames);
  CheckFrameMemory(frames, checked); // the [frames, points, 3] array below
  auto points = std::make_shared<std::vector<double>>();
  for (int f = 0; f < frames; ++f) {
    const std::vector<double> frame = animation.ControlPoints(f);
    points->insert(points->end(), frame.begin(), frame.end());
  }
  return WrapBuffer(points->data(), MemoryLocation::Host,
                    {py::ssize_t(frames), py::ssize_t(points->size() / 3 / std::size_t(frames)), 3},
                    "<f8", points);
}

DeformationOptions MakeOptions(bool normals, const std::string& faceWeighting,
                               int threadsPerBlock) {
  DeformationOptions options;
  options.computeNormals = normals;
  options.faceWeighting = ParseFaceWeighting(faceWeighting);
  options.threadsPerBlock = threadsPerBlock;
  return options;
}

MeshDeformation MakeDeformation(const MeshInputs& mesh, const Lattice& lattice,
                                const DeformationOptions& options) {
  return WithKeywords({{"threadsPerBlock", "threads_per_block"}}, [&] {
    if (mesh.onDevice())
      return MeshDeformation(DeviceMesh(mesh.points, &mesh.triangles), lattice, options);
    return MeshDeformation(HostMesh(mesh.points, &mesh.triangles), lattice, options);
  });
}

/// (points, normals or None) of a frame's output mesh, owned by it, of `like`'s family. The
/// frame is finished (every deformation here synchronises), so the arrays carry no stream.
template <class Mesh>
py::tuple WrapOutput(std::shared_ptr<Mesh> output, std::int64_t points, bool normals,
                     py::handle like) {
  constexpr bool onDevice = std::is_same_v<Mesh, DeviceSurfaceMesh>;
  constexpr auto location = onDevice ? MemoryLocation::Device : MemoryLocation::Host;
  const std::vector<py::ssize_t> shape{py::ssize_t(points), 3};
  py::object outPoints = WrapBuffer(output->points.data(), location, shape, "<f4", output);
  py::object outNormals = py::none();
  if (normals) outNormals = WrapBuffer(output->normals.data(), location, shape, "<f4", output);
  return py::make_tuple(ReturnLike(like, outPoints), ReturnLike(like, outNormals));
}

py::tuple DeformBinding(py::handle points, py::handle triangles, py::tuple lattice,
                        py::handle controlPoints, bool normals, const std::string& faceWeighting,
                        int threadsPerBlock, const ExecutionArguments& execution) {
  const auto mesh = ReadMesh(points, triangles);
  const Lattice frame = LatticeOfTuple(lattice);
  const auto control = ControlPoints(controlPoints);
  auto options = MakeOptions(normals, faceWeighting, threadsPerBlock);
  // No stream for CuMed: the deformation (its lattice coordinates and adjacency on the device)
  // dies with this call, so its frame must be finished before; the input was copied after the
  // producer's stream (DeviceMesh), and the results are ready on every stream.
  CallScope scope(execution, options, nullptr);
  if (mesh.onDevice()) {
    auto output = std::make_shared<DeviceSurfaceMesh>();
    scope.run([&] { MakeDeformation(mesh, frame, options).deform(control, *output); });
    return WrapOutput(output, output->numberOfPoints, normals, points);
  }
  auto output = std::make_shared<SurfaceMesh>();
  scope.run([&] { MakeDeformation(mesh, frame, options).deform(control, *output); });
  return WrapOutput(output, output->numberOfPoints(), normals, points);
}

/// A deformation kept between frames: the mesh validated, copied (uploaded) once, its local
/// coordinates and adjacency built once. MeshDeformation keeps the options it was made with, so
/// they hold nothing that dies with a call: no callbacks, no stream (each frame synchronises),
/// and the report of every frame goes to this object.
class Deformer {
public:
  Deformer(py::handle points, py::handle triangles, py::tuple lattice, bool normals,
           const std::string& faceWeighting, int threadsPerBlock, const std::string& backend,
           long long threads)
      : like_(py::reinterpret_borrow<py::object>(points)), normals_(normals) {
    const auto mesh = ReadMesh(points, triangles);
    const Lattice frame = LatticeOfTuple(lattice);
    options_ = MakeOptions(normals, faceWeighting, threadsPerBlock);
    options_.backend = ParseBackend(backend);
    CheckThreadCount(threads);
    options_.threads = int(threads);
    options_.report = &report_;
    onDevice_ = mesh.onDevice();
    py::gil_scoped_release release;
    deformation_ = std::make_unique<MeshDeformation>(MakeDeformation(mesh, frame, options_));
  }

  py::tuple deform(py::handle controlPoints) {
    const auto control = ControlPoints(controlPoints);
    if (onDevice_) return frame(control, deviceOutput_);
    return frame(control, hostOutput_);
  }

  std::string backend() const { return ToString(deformation_->backend()); }
  std::int64_t pointsOutside() const { return deformation_->pointsOutside(); }
  std::int64_t numberOfPoints() const { return deformation_->numberOfPoints(); }
  py::object localCoordinates() const {
    auto stu = std::make_shared<std::vector<float>>(deformation_->localCoordinates());
    return WrapBuffer(stu->data(), MemoryLocation::Host, {py::ssize_t(stu->size() / 3), 3}, "<f4",
                      stu);
  }
  ExecutionReport report() const { return report_; }

private:
  /// One frame into the last output when nobody holds its arrays any more (the connectivity is
  /// then not copied again), else into a new one: arrays handed out are never overwritten.
  template <class Mesh>
  py::tuple frame(const std::vector<double>& control, std::shared_ptr<Mesh>& output) {
    if (!output || output.use_count() > 1) output = std::make_shared<Mesh>();
    {
      py::gil_scoped_release release;
      deformation_->deform(control, *output);
    }
    return WrapOutput(output, deformation_->numberOfPoints(), normals_, like_);
  }

  py::object like_; ///< the input points: results of their family (ReturnLike)
  bool normals_ = true;
  bool onDevice_ = false;
  ExecutionReport report_;
  DeformationOptions options_;
  std::unique_ptr<MeshDeformation> deformation_;
  std::shared_ptr<SurfaceMesh> hostOutput_;
  std::shared_ptr<DeviceSurfaceMesh> deviceOutput_;
};

} // namespace

void BindDeformation(py::module_& module) {
  module.def("lattice_around", &LatticeAroundBinding, py::arg("points"), py::arg("dimensions"),
             py::arg("margin"));
  module.def("rest_points", &RestPointsBinding, py::arg("dimensions"), py::arg("origin"),
             py::arg("s"), py::arg("t"), py::arg("u"));
  module.def("animation", &AnimationBinding, py::arg("name"), py::arg("lattice"),
             py::arg("amplitude"), py::arg("frames"));
  module.def("deform", &DeformBinding, py::arg("points"), py::arg("triangles"), py::arg("lattice"),
             py::arg("control_points"), py::arg("normals"), py::arg("face_weighting"),
             py::arg("threads_per_block"), py::arg("execution"));
  py::class_<Deformer>(module, "Deformer", "A mesh deformation kept between frames.")
      .def(py::init<py::handle, py::handle, py::tuple, bool, const std::string&, int,
                    const std::string&, long long>(),
           py::arg("points"), py::arg("triangles"), py::arg("lattice"), py::arg("normals"),
           py::arg("face_weighting"), py::arg("threads_per_block"), py::arg("backend"),
           py::arg("threads"))
      .def("deform", &Deformer::deform, py::arg("control_points"))
      .def_property_readonly("backend", &Deformer::backend)
      .def_property_readonly("points_outside", &Deformer::pointsOutside)
      .def_property_readonly("number_of_points", &Deformer::numberOfPoints)
      .def("local_coordinates", &Deformer::localCoordinates)
      .def_property_readonly("report", &Deformer::report);
}

} // namespace cumed::python
