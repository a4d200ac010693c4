#include "ContourGlue.h"

#include "cumed/core/Error.h"

#include <vtkCellArray.h>
#include <vtkDataArray.h>
#include <vtkFloatArray.h>
#include <vtkIdTypeArray.h>
#include <vtkImageData.h>
#include <vtkMatrix3x3.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkSmartPointer.h>
#include <vtkType.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <new>
#include <sstream>
#include <type_traits>

namespace cumed::surface::vtkglue {
namespace {

using Kind = ContourOutcome::Kind;

ContourOutcome Outcome(Kind kind, std::string message) {
  ContourOutcome outcome;
  outcome.kind = kind;
  outcome.message = std::move(message);
  return outcome;
}

std::string NameOf(vtkDataArray* array) {
  return array->GetName() ? std::string("'") + array->GetName() + "'" : std::string("(unnamed)");
}

std::string ExtentText(const int extent[6]) {
  std::ostringstream text;
  for (int axis = 0; axis < 3; ++axis) {
    text << (axis ? "x" : "") << "[" << extent[2 * axis] << "," << extent[2 * axis + 1] << "]";
  }
  return text.str();
}

/// The scalar types CuMed contours (VTK type ids), and the C++ type of each.
bool IsCuMedScalarType(int type) {
  return type == VTK_UNSIGNED_CHAR || type == VTK_SHORT || type == VTK_UNSIGNED_SHORT ||
         type == VTK_FLOAT;
}

/// Calls `f(T{})` with the C++ type of one of CuMed's scalar types.
template <class F> void DispatchScalarType(int type, F&& f) {
  switch (type) {
  case VTK_UNSIGNED_CHAR:
    return f(std::uint8_t{});
  case VTK_SHORT:
    return f(std::int16_t{});
  case VTK_UNSIGNED_SHORT:
    return f(std::uint16_t{});
  case VTK_FLOAT:
    return f(float{});
  default:
    throw InvalidArgument("isosurface: VTK scalar type " + std::to_string(type) +
                          " is not one CuMed contours");
  }
}

/// Point-data arrays interpolated with InterpolateAttributes, as VTK picks them: every named data
/// array but the contoured one, and only when the input has more than one array.
std::vector<vtkDataArray*> AttributeArrays(vtkImageData* input, vtkDataArray* scalars) {
  std::vector<vtkDataArray*> arrays;
  vtkPointData* pointData = input->GetPointData();
  if (pointData->GetNumberOfArrays() <= 1) return arrays;
  for (int i = 0; i < pointData->GetNumberOfArrays(); ++i) {
    vtkDataArray* array = pointData->GetArray(i);
    if (array && array != scalars && array->GetName()) arrays.push_back(array);
  }
  return arrays;
}

/// Problems with the input that VTK's filter would not handle either: errors.
std::string InputError(vtkImageData* input, vtkDataArray* scalars, const int extent[6]) {
  if (!input) return "no input image";
  if (!scalars) {
    return "no scalars to contour: the input has no active point scalars (or no array of the name "
           "given to SetInputArrayToProcess)";
  }
  if (scalars->GetNumberOfTuples() != input->GetNumberOfPoints()) {
    std::ostringstream message;
    message << "the contoured array " << NameOf(scalars) << " has " << scalars->GetNumberOfTuples()
            << " tuples but the image has " << input->GetNumberOfPoints()
            << " points (point data expected)";
    return message.str();
  }
  for (int axis = 0; axis < 3; ++axis) {
    if (extent[2 * axis + 1] <= extent[2 * axis]) {
      return "the input is not a 3D volume: extent " + ExtentText(extent) +
             "; an isosurface needs at least 2 points along every axis";
    }
  }
  return "";
}

/// Why CuMed leaves the request to the VTK filter; "" when CuMed takes it.
std::string FallbackReason(vtkImageData* input, vtkDataArray* scalars, const int extent[6],
                           const ContourRequest& request) {
  if (request.values.empty()) return "no contour values";
  if (scalars->GetNumberOfComponents() != 1) {
    return "the scalars " + NameOf(scalars) + " have " +
           std::to_string(scalars->GetNumberOfComponents()) + " components";
  }
  if (request.arrayComponent != 0) {
    return "ArrayComponent is " + std::to_string(request.arrayComponent);
  }
  if (!IsCuMedScalarType(scalars->GetDataType())) {
    return std::string("scalar type ") + scalars->GetDataTypeAsString() +
           " (CuMed takes unsigned char, short, unsigned short, float)";
  }
  if (!scalars->HasStandardMemoryLayout()) return "the scalars are not one contiguous array";
  if (request.computeGradients) return "ComputeGradients is on";
  const int* whole = input->GetExtent();
  if (!std::equal(extent, extent + 6, whole)) {
    return "the update extent " + ExtentText(extent) + " is a part of the input's";
  }
  const double* spacing = input->GetSpacing();
  if (spacing[0] <= 0.0 || spacing[1] <= 0.0 || spacing[2] <= 0.0) return "a spacing <= 0";
  if (request.interpolateAttributes) {
    for (vtkDataArray* array : AttributeArrays(input, scalars)) {
      if (array->GetNumberOfComponents() != 1) {
        return "the attribute array " + NameOf(array) + " has " +
               std::to_string(array->GetNumberOfComponents()) + " components";
      }
    }
  }
  return "";
}

/// VTK's index-to-world mapping of `extent` as CuMed's geometry: VTK adds the extent's minimum to
/// every index, so CuMed's pixel (0,0,0) lies at origin + direction * (spacing * extentMin).
ImageGeometry GeometryOf(vtkImageData* input, const int extent[6]) {
  ImageGeometry geometry;
  const double* spacing = input->GetSpacing();
  const double* origin = input->GetOrigin();
  vtkMatrix3x3* direction = input->GetDirectionMatrix();
  for (int r = 0; r < 3; ++r) {
    geometry.size[r] = static_cast<std::size_t>(extent[2 * r + 1] - extent[2 * r] + 1);
    geometry.spacing[r] = spacing[r];
    geometry.origin[r] = origin[r];
    for (int c = 0; c < 3; ++c) {
      geometry.direction[3 * r + c] = direction->GetElement(r, c);
      geometry.origin[r] += direction->GetElement(r, c) * spacing[c] * extent[2 * c];
    }
  }
  return geometry;
}

/// The attribute volumes as float views: float arrays in place, others converted.
struct AttributeVolumes {
  std::vector<std::string> names;
  std::vector<std::vector<float>> converted;
  std::vector<ImageView<const float>> views;
};

template <class T> void ConvertToFloat(const T* in, std::size_t n, float* out) {
  std::transform(in, in + n, out, [](T value) { return static_cast<float>(value); });
}

AttributeVolumes GatherAttributes(vtkImageData* input, vtkDataArray* scalars,
                                  const ImageGeometry& geometry) {
  AttributeVolumes volumes;
  const std::vector<vtkDataArray*> arrays = AttributeArrays(input, scalars);
  std::vector<const float*> data;
  const std::size_t n = geometry.numberOfPixels();
  for (vtkDataArray* array : arrays) {
    volumes.names.emplace_back(array->GetName());
    if (array->GetDataType() == VTK_FLOAT && array->HasStandardMemoryLayout()) {
      data.push_back(static_cast<const float*>(array->GetVoidPointer(0)));
      continue;
    }
    std::vector<float>& values = volumes.converted.emplace_back(n);
    if (array->HasStandardMemoryLayout()) {
      switch (array->GetDataType()) {
        vtkTemplateMacro(
            ConvertToFloat(static_cast<const VTK_TT*>(array->GetVoidPointer(0)), n, values.data()));
      default:
        for (std::size_t i = 0; i < n; ++i) {
          values[i] = static_cast<float>(array->GetComponent(static_cast<vtkIdType>(i), 0));
        }
      }
    } else {
      for (std::size_t i = 0; i < n; ++i) {
        values[i] = static_cast<float>(array->GetComponent(static_cast<vtkIdType>(i), 0));
      }
    }
    data.push_back(nullptr); // filled below, once `converted` no longer moves
  }
  std::size_t next = 0;
  for (const float*& pointer : data) {
    if (!pointer) pointer = volumes.converted[next++].data();
    volumes.views.push_back({pointer, geometry, MemoryLocation::Host});
  }
  return volumes;
}

template <class TArray, class TValue>
vtkSmartPointer<TArray> ArrayOf(const char* name, int components,
                                const surface::MeshArray<TValue>& values) {
  static_assert(sizeof(typename TArray::ValueType) == sizeof(TValue));
  auto array = vtkSmartPointer<TArray>::New();
  if (name) array->SetName(name);
  array->SetNumberOfComponents(components);
  array->SetNumberOfTuples(static_cast<vtkIdType>(values.size() / components));
  // A parallel copy: the array's pages are fresh, and first-touching a whole mesh on one thread
  // cost more than the contouring itself on a GPU run.
  const auto* from = reinterpret_cast<const char*>(values.data());
  auto* to = reinterpret_cast<char*>(array->GetPointer(0));
  const std::size_t bytes = values.size() * sizeof(TValue);
  constexpr std::size_t kChunk = std::size_t(1) << 20;
  const auto chunks = static_cast<std::int64_t>((bytes + kChunk - 1) / kChunk);
#pragma omp parallel for schedule(static)
  for (std::int64_t c = 0; c < chunks; ++c) {
    const std::size_t begin = static_cast<std::size_t>(c) * kChunk;
    std::memcpy(to + begin, from + begin, std::min(kChunk, bytes - begin));
  }
  return array;
}

/// The contour value of every point, typed like the input scalars (VTK casts the value to it).
vtkSmartPointer<vtkDataArray> ContourScalars(vtkDataArray* scalars, const SurfaceMesh& mesh,
                                             const std::vector<double>& values) {
  vtkSmartPointer<vtkDataArray> out = vtkSmartPointer<vtkDataArray>::Take(scalars->NewInstance());
  out->SetName(scalars->GetName());
  out->SetNumberOfComponents(1);
  out->SetNumberOfTuples(mesh.numberOfPoints());
  DispatchScalarType(scalars->GetDataType(), [&](auto zero) {
    using T = decltype(zero);
    T* data = static_cast<T*>(out->GetVoidPointer(0));
    for (std::size_t v = 0; v < values.size(); ++v) {
      std::fill(data + mesh.pointOffsets[v], data + mesh.pointOffsets[v + 1],
                static_cast<T>(values[v]));
    }
  });
  return out;
}

void BuildOutput(const SurfaceMesh& mesh, const ContourRequest& request, vtkDataArray* scalars,
                 const AttributeVolumes& attributes, vtkPolyData* output) {
  vtkNew<vtkPoints> points;
  points->SetData(ArrayOf<vtkFloatArray>(nullptr, 3, mesh.points));
  output->SetPoints(points);

  // Triangles: connectivity is the mesh's int64 ids; offsets 0, 3, 6, ...
  static_assert(sizeof(vtkIdType) == sizeof(std::int64_t), "CuMed needs 64-bit vtkIdType");
  const std::int64_t triangles = mesh.numberOfTriangles();
  vtkNew<vtkIdTypeArray> offsets;
  offsets->SetNumberOfValues(triangles + 1);
  vtkIdType* offset = offsets->GetPointer(0);
  for (std::int64_t t = 0; t <= triangles; ++t) offset[t] = 3 * t;
  vtkNew<vtkCellArray> polys;
  polys->SetData(offsets, ArrayOf<vtkIdTypeArray>(nullptr, 1, mesh.triangles));
  output->SetPolys(polys);

  // Point data in VTK's order: interpolated attributes, scalars, normals.
  vtkPointData* pointData = output->GetPointData();
  for (std::size_t a = 0; a < attributes.names.size(); ++a) {
    pointData->AddArray(ArrayOf<vtkFloatArray>(attributes.names[a].c_str(), 1, mesh.attributes[a]));
  }
  if (request.computeScalars) {
    const int index = pointData->AddArray(ContourScalars(scalars, mesh, request.values));
    pointData->SetActiveAttribute(index, vtkDataSetAttributes::SCALARS);
  }
  if (request.computeNormals) {
    const int index = pointData->AddArray(ArrayOf<vtkFloatArray>("Normals", 3, mesh.normals));
    pointData->SetActiveAttribute(index, vtkDataSetAttributes::NORMALS);
  }
}

ContourOutcome Run(vtkImageData* input, vtkDataArray* scalars, const int extent[6],
                   const ContourRequest& request, vtkPolyData* output) {
  const Backend backend = ResolveBackend(request.backend);
  if (request.keepOnDevice && backend != Backend::CUDA) {
    return Outcome(Kind::Failed, std::string("KeepMeshOnDevice needs the CUDA backend, but the "
                                             "backend is ") +
                                     ToString(request.backend) + " and resolves to the CPU");
  }
  const ImageGeometry geometry = GeometryOf(input, extent);
  const AttributeVolumes attributes = request.interpolateAttributes
                                          ? GatherAttributes(input, scalars, geometry)
                                          : AttributeVolumes{};
  IsosurfaceOptions options;
  options.values = request.values;
  options.mode = request.mode;
  options.computeNormals = request.computeNormals;
  // Host scalars are written here in the input's type; a device mesh gets CuMed's float ones.
  options.computeScalars = request.computeScalars && request.keepOnDevice;
  options.backend = backend;
  options.numberOfDevices = request.gpus;
  options.numberOfSlabs = request.slabs;
  options.keepOnDevice = request.keepOnDevice;

  IsosurfaceResult result;
  DispatchScalarType(scalars->GetDataType(), [&](auto zero) {
    using T = decltype(zero);
    const ImageView<const T> volume{static_cast<const T*>(scalars->GetVoidPointer(0)), geometry,
                                    MemoryLocation::Host};
    result = ExtractIsosurface(volume, options, attributes.views);
  });

  ContourOutcome outcome = Outcome(Kind::Done, "");
  outcome.backendUsed = result.backendUsed;
  output->Initialize();
  if (request.keepOnDevice) {
    if (!result.deviceMesh) {
      return Outcome(Kind::Failed, "KeepMeshOnDevice: the CUDA run returned no device mesh");
    }
    outcome.deviceMesh = std::make_shared<DeviceSurfaceMesh>(std::move(*result.deviceMesh));
    return outcome;
  }
  BuildOutput(result.mesh, request, scalars, attributes, output);
  return outcome;
}

} // namespace

ContourOutcome Contour(vtkImageData* input, vtkDataArray* scalars, const int extent[6],
                       const ContourRequest& request, vtkPolyData* output) {
  try {
    const std::string error = InputError(input, scalars, extent);
    if (!error.empty()) return Outcome(Kind::Failed, error);
    const std::string reason = FallbackReason(input, scalars, extent, request);
    if (!reason.empty()) {
      if (request.keepOnDevice) {
        return Outcome(Kind::Failed, "KeepMeshOnDevice needs CuMed's CUDA backend, but this "
                                     "request is left to VTK: " +
                                         reason);
      }
      return Outcome(Kind::Fallback, reason);
    }
    return Run(input, scalars, extent, request, output);
  } catch (const std::bad_alloc&) {
    return Outcome(Kind::Failed, "out of memory");
  } catch (const std::exception& e) { // cumed::Error and its subclasses, mostly
    return Outcome(Kind::Failed, e.what());
  }
}

} // namespace cumed::surface::vtkglue
