#include "ContourGlue.h"

#include "cumed/core/Device.h"
#include "cumed/core/Error.h"
#include "cumed/vtk/DeviceMeshData.h"
#include "cumed/vtk/VtkImageBridge.h"
#include "cumed/vtk/VtkMeshBridge.h"

#include <vtkDataArray.h>
#include <vtkFloatArray.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPolyData.h>
#include <vtkSmartPointer.h>
#include <vtkType.h>

#include <algorithm>
#include <cstdint>
#include <memory>
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

/// How the update extent (a piece, ghost layers included) lies in the input's point arrays: the
/// input may hold more than was asked for (vtkTrivialProducer, an explicit UpdateExtent).
struct SubExtent {
  const int* input; ///< the input's extent
  const int* part;  ///< the extent contoured
  std::size_t Row() const { return std::size_t(part[1] - part[0] + 1); }
  std::size_t InputIndex(int x, int y, int z) const {
    const std::size_t nx = std::size_t(input[1] - input[0] + 1);
    const std::size_t ny = std::size_t(input[3] - input[2] + 1);
    return std::size_t(x - input[0]) +
           nx * (std::size_t(y - input[2]) + ny * std::size_t(z - input[4]));
  }
  /// First point of the part in the input's arrays.
  std::size_t Offset() const { return InputIndex(part[0], part[2], part[4]); }
  /// Full rows and planes: a z-slab of the input, one contiguous run of its arrays.
  bool Contiguous() const {
    return part[0] == input[0] && part[1] == input[1] && part[2] == input[2] && part[3] == input[3];
  }
  /// f(input index of the row's first point, output index of it) for every x-row of the part.
  template <class F> void ForEachRow(F&& f) const {
    std::size_t out = 0;
    for (int z = part[4]; z <= part[5]; ++z) {
      for (int y = part[2]; y <= part[3]; ++y, out += Row()) f(InputIndex(part[0], y, z), out);
    }
  }
};

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

/// The attribute volumes as float views: float arrays in place, others converted.
struct AttributeVolumes {
  std::vector<std::string> names;
  std::vector<std::vector<float>> converted;
  std::vector<ImageView<const float>> views;
};

template <class T> void ConvertToFloat(const T* in, std::size_t n, float* out) {
  std::transform(in, in + n, out, [](T value) { return static_cast<float>(value); });
}

template <class T> void PartToFloat(const T* all, const SubExtent& part, float* out) {
  part.ForEachRow(
      [&](std::size_t in, std::size_t at) { ConvertToFloat(all + in, part.Row(), out + at); });
}

/// Any array, value by value (another memory layout, or a type vtkTemplateMacro does not list).
void PartToFloatByValue(vtkDataArray* array, const SubExtent& part, float* out) {
  const std::size_t row = part.Row();
  part.ForEachRow([&](std::size_t in, std::size_t at) {
    for (std::size_t i = 0; i < row; ++i) {
      out[at + i] = static_cast<float>(array->GetComponent(static_cast<vtkIdType>(in + i), 0));
    }
  });
}

/// The part's values of a 1-component array as float, row by row.
void PartToFloat(vtkDataArray* array, const SubExtent& part, float* out) {
  if (!array->HasStandardMemoryLayout()) return PartToFloatByValue(array, part, out);
  switch (array->GetDataType()) {
    vtkTemplateMacro(PartToFloat(static_cast<const VTK_TT*>(array->GetVoidPointer(0)), part, out));
  default:
    PartToFloatByValue(array, part, out);
  }
}

AttributeVolumes GatherAttributes(vtkImageData* input, vtkDataArray* scalars, const SubExtent& part,
                                  const ImageGeometry& geometry) {
  AttributeVolumes volumes;
  const std::vector<vtkDataArray*> arrays = AttributeArrays(input, scalars);
  std::vector<const float*> data;
  const std::size_t n = geometry.numberOfPixels();
  for (vtkDataArray* array : arrays) {
    volumes.names.emplace_back(array->GetName());
    if (array->GetDataType() == VTK_FLOAT && array->HasStandardMemoryLayout() &&
        part.Contiguous()) {
      data.push_back(static_cast<const float*>(array->GetVoidPointer(0)) + part.Offset());
      continue;
    }
    PartToFloat(array, part, volumes.converted.emplace_back(n).data());
    data.push_back(nullptr); // filled below, once `converted` no longer moves
  }
  std::size_t next = 0;
  for (const float*& pointer : data) {
    if (!pointer) pointer = volumes.converted[next++].data();
    volumes.views.push_back({pointer, geometry, MemoryLocation::Host});
  }
  return volumes;
}

/// How the output's scalars are made from the mesh: the contour value of every point, typed and
/// named like the input scalars (VTK casts the value to their type).
MeshNaming NamingOf(const ContourRequest& request, vtkDataArray* scalars,
                    const AttributeVolumes& attributes) {
  MeshNaming naming;
  naming.attributeNames = attributes.names;
  if (request.computeScalars) {
    naming.scalarsType = scalars->GetDataType();
    if (scalars->GetName()) naming.scalarsName = scalars->GetName();
    naming.scalarsBlockValues = request.values;
  }
  return naming;
}

/// The arrays VTK's filters give a surface with no points: empty scalars and normals, no
/// interpolated attributes. Pieces of a parallel pipeline that miss the surface are common, and an
/// appended or written set of pieces should have the arrays VTK's would.
void EmptySurfaceArraysAsVtk(const ContourRequest& request, const MeshNaming& naming,
                             vtkPolyData* output) {
  vtkPointData* pointData = output->GetPointData();
  for (const std::string& name : naming.attributeNames) pointData->RemoveArray(name.c_str());
  if (request.computeScalars && !pointData->GetScalars()) {
    auto scalars =
        vtkSmartPointer<vtkDataArray>::Take(vtkDataArray::CreateDataArray(naming.scalarsType));
    if (naming.scalarsName) scalars->SetName(naming.scalarsName->c_str());
    pointData->SetScalars(scalars);
  }
  if (request.computeNormals && !pointData->GetNormals()) {
    vtkNew<vtkFloatArray> normals;
    normals->SetNumberOfComponents(3);
    normals->SetName("Normals");
    pointData->SetNormals(normals);
  }
}

/// Whether the CUDA run may keep the mesh: one device (several throw in ExtractIsosurface, which
/// is right for KeepMeshOnDevice, but a consumer's preference falls back to the host instead).
bool KeepOnDevice(const ContourRequest& request, Backend backend) {
  if (!request.keepOnDevice || backend != Backend::CUDA) return false;
  if (request.requireCuda || request.gpus == 1) return true;
  return request.gpus == 0 && ProbeDevices().devices.size() == 1;
}

ContourOutcome Run(vtkImageData* input, vtkDataArray* scalars, const int extent[6],
                   const ContourRequest& request, vtkPolyData* output) {
  const Backend backend = ResolveBackend(request.backend);
  if (request.requireCuda && backend != Backend::CUDA) {
    return Outcome(Kind::Failed, std::string("KeepMeshOnDevice needs the CUDA backend, but the "
                                             "backend is ") +
                                     ToString(request.backend) + " and resolves to the CPU");
  }
  const ImageGeometry geometry = GeometryOf(input, extent);
  const SubExtent part{input->GetExtent(), extent};
  const AttributeVolumes attributes = request.interpolateAttributes
                                          ? GatherAttributes(input, scalars, part, geometry)
                                          : AttributeVolumes{};
  const bool keepOnDevice = KeepOnDevice(request, backend);
  IsosurfaceOptions options;
  options.values = request.values;
  options.mode = request.mode;
  options.computeNormals = request.computeNormals;
  // Host scalars are written here in the input's type; a device mesh gets CuMed's float ones.
  options.computeScalars = request.computeScalars && keepOnDevice;
  options.backend = backend;
  options.numberOfDevices = request.gpus;
  options.numberOfSlabs = request.slabs;
  options.keepOnDevice = keepOnDevice;

  IsosurfaceResult result;
  DispatchVtkScalarType(scalars->GetDataType(), [&](auto zero) {
    using T = decltype(zero);
    const T* all = static_cast<const T*>(scalars->GetVoidPointer(0));
    std::vector<T> copy; // the part, when its rows are not one run of the input's array
    if (!part.Contiguous()) {
      copy.resize(geometry.numberOfPixels());
      part.ForEachRow([&](std::size_t in, std::size_t at) {
        std::copy_n(all + in, part.Row(), copy.data() + at);
      });
    }
    const ImageView<const T> volume{part.Contiguous() ? all + part.Offset() : copy.data(), geometry,
                                    MemoryLocation::Host};
    result = request.closedSurface ? ExtractClosedSurface(volume, options)
                                   : ExtractIsosurface(volume, options, attributes.views);
  });

  ContourOutcome outcome = Outcome(Kind::Done, "");
  outcome.backendUsed = result.backendUsed;
  MeshNaming naming = NamingOf(request, scalars, attributes);
  if (keepOnDevice) {
    if (!result.deviceMesh) {
      return Outcome(Kind::Failed, "the CUDA run returned no device mesh");
    }
    SetDeviceMesh(output, std::make_shared<DeviceSurfaceMesh>(std::move(*result.deviceMesh)),
                  std::move(naming));
    return outcome;
  }
  ToVtkPolyDataNamed(result.mesh, output, naming);
  if (output->GetNumberOfPoints() == 0) EmptySurfaceArraysAsVtk(request, naming, output);
  return outcome;
}

} // namespace

ContourOutcome Contour(vtkImageData* input, vtkDataArray* scalars, const int extent[6],
                       const ContourRequest& request, vtkPolyData* output) {
  try {
    const std::string error = InputError(input, scalars, extent);
    if (!error.empty()) return Outcome(Kind::Failed, error);
    const std::string reason = FallbackReason(input, scalars, extent, request);
    if (!reason.empty() && request.closedSurface) {
      return Outcome(Kind::Failed, "ClosedSurface needs CuMed's contour, but this request is "
                                   "left to VTK: " +
                                       reason);
    }
    if (request.closedSurface && request.interpolateAttributes) {
      return Outcome(Kind::Failed, "ClosedSurface does not interpolate attributes (the padding "
                                   "has none): turn InterpolateAttributes off");
    }
    if (!reason.empty()) {
      if (request.requireCuda) {
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
