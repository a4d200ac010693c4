#include "cumed/meshio/VtpWriter.h"

#include "VtpEncoding.h"

#include "cumed/core/Error.h"

#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkDataArray.h>
#include <vtkDataSetAttributes.h>
#include <vtkFieldData.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkSmartPointer.h>
#include <vtkType.h>
#include <vtkTypeInt32Array.h>
#include <vtkTypeInt64Array.h>

#include <cstdint>
#include <memory>

namespace cumed::meshio {
using detail::VtpArray;
using detail::VtpAttributes;
using detail::VtpCells;
using detail::VtpContent;

const char* ToString(VtpCompression compression) {
  switch (compression) {
  case VtpCompression::None:
    return "none";
  case VtpCompression::LZ4:
    return "lz4";
  case VtpCompression::ZLib:
    return "zlib";
  }
  return "?";
}

std::optional<VtpCompression> ParseVtpCompression(std::string_view text) {
  for (const VtpCompression c : {VtpCompression::None, VtpCompression::LZ4, VtpCompression::ZLib})
    if (text == ToString(c)) return c;
  return std::nullopt;
}

namespace {

const char* XmlType(int vtkType) {
  switch (vtkType) {
  case VTK_FLOAT:
    return "Float32";
  case VTK_DOUBLE:
    return "Float64";
  case VTK_CHAR:
  case VTK_SIGNED_CHAR:
    return "Int8";
  case VTK_UNSIGNED_CHAR:
    return "UInt8";
  case VTK_SHORT:
    return "Int16";
  case VTK_UNSIGNED_SHORT:
    return "UInt16";
  case VTK_INT:
    return "Int32";
  case VTK_UNSIGNED_INT:
    return "UInt32";
  case VTK_LONG:
    return sizeof(long) == 8 ? "Int64" : "Int32";
  case VTK_UNSIGNED_LONG:
    return sizeof(long) == 8 ? "UInt64" : "UInt32";
  case VTK_LONG_LONG:
  case VTK_ID_TYPE:
    return "Int64";
  case VTK_UNSIGNED_LONG_LONG:
    return "UInt64";
  default:
    return nullptr;
  }
}

/// Views of a vtkPolyData's arrays; arrays not laid out as one block (e.g. SOA) are copied into
/// ones that are, kept here.
struct PolyDataViews {
  std::vector<vtkSmartPointer<vtkDataArray>> copies;

  VtpArray View(vtkDataArray* array, const char* where) {
    VtpArray view;
    view.type = XmlType(array->GetDataType());
    if (!view.type) {
      throw InvalidArgument(std::string("WriteVtp: ") + where + " array '" +
                            (array->GetName() ? array->GetName() : "") + "' has type " +
                            array->GetDataTypeAsString() + ", which is not written");
    }
    if (!array->HasStandardMemoryLayout()) {
      vtkSmartPointer<vtkDataArray> copy =
          vtkSmartPointer<vtkDataArray>::Take(vtkDataArray::CreateDataArray(array->GetDataType()));
      copy->DeepCopy(array);
      copies.push_back(copy);
      array = copy;
    }
    if (array->GetName()) view.name = array->GetName();
    view.components = array->GetNumberOfComponents();
    view.bytes = static_cast<std::size_t>(array->GetNumberOfValues()) * array->GetDataTypeSize();
    view.data = view.bytes ? array->GetVoidPointer(0) : nullptr;
    return view;
  }

  VtpAttributes Attributes(vtkDataSetAttributes* data, const char* where) {
    VtpAttributes attributes;
    for (int i = 0; i < data->GetNumberOfArrays(); ++i) {
      vtkAbstractArray* abstract = data->GetAbstractArray(i);
      vtkDataArray* array = vtkDataArray::SafeDownCast(abstract);
      if (!array) {
        throw InvalidArgument(std::string("WriteVtp: ") + where + " array '" +
                              (abstract->GetName() ? abstract->GetName() : "") + "' is a " +
                              abstract->GetClassName() + "; only numeric arrays are written");
      }
      attributes.arrays.push_back(View(array, where));
    }
    for (int role = 0; role < vtkDataSetAttributes::NUM_ATTRIBUTES; ++role) {
      vtkAbstractArray* active = data->GetAbstractAttribute(role);
      if (active && active->GetName() && *active->GetName())
        attributes.active.emplace_back(vtkDataSetAttributes::GetAttributeTypeAsString(role),
                                       active->GetName());
    }
    return attributes;
  }
};

VtpCells CellsOf(vtkCellArray* cells) {
  VtpCells view;
  view.connectivity.name = "connectivity";
  view.offsets.name = "offsets";
  view.connectivity.type = view.offsets.type = "Int64";
  if (!cells) return view;
  view.count = cells->GetNumberOfCells();
  vtkDataArray* offsets = cells->GetOffsetsArray();
  vtkDataArray* connectivity = cells->GetConnectivityArray();
  const char* type = cells->IsStorage64Bit() ? "Int64" : "Int32";
  const std::size_t size = offsets->GetDataTypeSize();
  view.connectivity.type = view.offsets.type = type;
  view.connectivity.bytes = static_cast<std::size_t>(connectivity->GetNumberOfValues()) * size;
  view.connectivity.data = view.connectivity.bytes ? connectivity->GetVoidPointer(0) : nullptr;
  // vtkCellArray's offsets start with 0; the file's are the end of each cell.
  view.offsets.bytes = static_cast<std::size_t>(view.count) * size;
  view.offsets.data = view.count ? offsets->GetVoidPointer(1) : nullptr;
  return view;
}

VtpCells EmptyCells() {
  return CellsOf(nullptr);
}

VtpArray FloatArray(std::string name, int components, const MeshArray<float>& values) {
  VtpArray view;
  view.name = std::move(name);
  view.components = components;
  view.bytes = values.size() * sizeof(float);
  view.data = values.empty() ? nullptr : values.data();
  return view;
}

} // namespace

void WriteVtp(vtkPolyData* surface, const std::filesystem::path& file, const VtpOptions& options) {
  if (!surface) throw InvalidArgument("WriteVtp: no surface for '" + file.string() + "'");
  if (surface->GetFieldData() && surface->GetFieldData()->GetNumberOfArrays() > 0) {
    throw InvalidArgument("WriteVtp: '" + file.string() +
                          "': the surface has field data, which is not written");
  }
  PolyDataViews views;
  VtpContent content;
  content.numberOfPoints = surface->GetNumberOfPoints();
  if (vtkPoints* points = surface->GetPoints()) {
    content.points = views.View(points->GetData(), "points");
  } else {
    content.points.components = 3;
  }
  content.points.name = "Points";
  content.pointData = views.Attributes(surface->GetPointData(), "point");
  content.cellData = views.Attributes(surface->GetCellData(), "cell");
  content.verts = CellsOf(surface->GetVerts());
  content.lines = CellsOf(surface->GetLines());
  content.strips = CellsOf(surface->GetStrips());
  content.polys = CellsOf(surface->GetPolys());
  detail::WriteVtpContent(content, file, options);
}

void WriteVtp(const SurfaceMesh& mesh, const std::filesystem::path& file, const VtpOptions& options,
              const std::vector<std::string>& attributeNames) {
  if (attributeNames.size() != mesh.attributes.size()) {
    throw InvalidArgument("WriteVtp: " + std::to_string(attributeNames.size()) + " names for " +
                          std::to_string(mesh.attributes.size()) + " attribute arrays");
  }
  VtpContent content;
  content.numberOfPoints = mesh.numberOfPoints();
  content.points = FloatArray("Points", 3, mesh.points);
  for (std::size_t a = 0; a < attributeNames.size(); ++a)
    content.pointData.arrays.push_back(FloatArray(attributeNames[a], 1, mesh.attributes[a]));
  if (!mesh.scalars.empty()) {
    content.pointData.arrays.push_back(FloatArray("Scalars", 1, mesh.scalars));
    content.pointData.active.emplace_back("Scalars", "Scalars");
  }
  if (!mesh.normals.empty()) {
    content.pointData.arrays.push_back(FloatArray("Normals", 3, mesh.normals));
    content.pointData.active.emplace_back("Normals", "Normals");
  }
  content.verts = content.lines = content.strips = EmptyCells();

  // Triangles: the mesh's ids, and the end offsets 3, 6, 9, ... made here (in parallel).
  const std::int64_t triangles = mesh.numberOfTriangles();
  MeshArray<std::int64_t> ends(static_cast<std::size_t>(triangles));
#pragma omp parallel for schedule(static)
  for (std::int64_t t = 0; t < triangles; ++t) ends[t] = 3 * (t + 1);
  content.polys = EmptyCells();
  content.polys.count = triangles;
  content.polys.connectivity.type = content.polys.offsets.type = "Int64";
  content.polys.connectivity.bytes = mesh.triangles.size() * sizeof(std::int64_t);
  content.polys.connectivity.data = mesh.triangles.empty() ? nullptr : mesh.triangles.data();
  content.polys.offsets.bytes = ends.size() * sizeof(std::int64_t);
  content.polys.offsets.data = ends.empty() ? nullptr : ends.data();
  detail::WriteVtpContent(content, file, options);
}

} // namespace cumed::meshio
