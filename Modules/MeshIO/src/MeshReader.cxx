#include "cumed/meshio/MeshReader.h"

#include "MeshFileFormats.h"
#include "VtpFileCheck.h"
#include "cumed/core/Error.h"
#include "cumed/vtk/UpdateOrThrow.h"
#include "cumed/vtk/VtkMeshBridge.h"

#include <vtkCellArray.h>
#include <vtkCellArrayIterator.h>
#include <vtkDataArray.h>
#include <vtkFloatArray.h>
#include <vtkIdTypeArray.h>
#include <vtkNew.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkSmartPointer.h>
#include <vtkXMLPolyDataReader.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <new>

namespace cumed::meshio {
namespace {

std::string LowerExtension(const std::string& path) {
  std::string extension = std::filesystem::path(path).extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return extension;
}

vtkSmartPointer<vtkCellArray> Cells(const std::vector<std::int64_t>& offsets,
                                    const std::vector<std::int64_t>& ids) {
  vtkNew<vtkIdTypeArray> offsetArray, idArray;
  offsetArray->SetNumberOfValues(static_cast<vtkIdType>(offsets.size()));
  std::copy(offsets.begin(), offsets.end(), offsetArray->GetPointer(0));
  idArray->SetNumberOfValues(static_cast<vtkIdType>(ids.size()));
  std::copy(ids.begin(), ids.end(), idArray->GetPointer(0));
  auto cells = vtkSmartPointer<vtkCellArray>::New();
  cells->SetData(offsetArray, idArray);
  return cells;
}

void ToPolyData(const detail::FileMesh& mesh, vtkPolyData* output) {
  vtkNew<vtkFloatArray> coordinates;
  coordinates->SetNumberOfComponents(3);
  coordinates->SetNumberOfTuples(mesh.numberOfPoints());
  if (!mesh.points.empty())
    std::memcpy(coordinates->GetPointer(0), mesh.points.data(), mesh.points.size() * sizeof(float));
  vtkNew<vtkPoints> points;
  points->SetData(coordinates);
  output->Initialize();
  output->SetPoints(points);
  output->SetPolys(Cells(mesh.polygonOffsets, mesh.polygonIds));
  if (mesh.stripOffsets.size() > 1) output->SetStrips(Cells(mesh.stripOffsets, mesh.stripIds));
}

/// What vtkXMLPolyDataReader does not check: finite points, and cells that refer to points.
void CheckVtpOutput(const std::string& path, vtkPolyData* data) {
  const vtkIdType points = data->GetNumberOfPoints();
  if (points > 0) {
    vtkDataArray* coordinates = data->GetPoints()->GetData();
    for (vtkIdType p = 0; p < points; ++p)
      for (int a = 0; a < 3; ++a) {
        const double value = coordinates->GetComponent(p, a);
        if (!std::isfinite(value) || !std::isfinite(static_cast<float>(value)))
          detail::Refuse(path, "point " + std::to_string(p) + ": " + "xyz"[a] + " is " +
                                   std::to_string(value) + ", not a finite float");
      }
  }
  const std::pair<const char*, vtkCellArray*> kinds[] = {{"vertex cell", data->GetVerts()},
                                                         {"line", data->GetLines()},
                                                         {"polygon", data->GetPolys()},
                                                         {"strip", data->GetStrips()}};
  for (const auto& [kind, cells] : kinds) {
    if (!cells) continue;
    auto iterator = vtk::TakeSmartPointer(cells->NewIterator());
    vtkIdType n = 0;
    const vtkIdType* ids = nullptr;
    for (iterator->GoToFirstCell(); !iterator->IsDoneWithTraversal(); iterator->GoToNextCell()) {
      iterator->GetCurrentCell(n, ids);
      for (vtkIdType k = 0; k < n; ++k)
        if (ids[k] < 0 || ids[k] >= points)
          detail::Refuse(path, std::string(kind) + " " +
                                   std::to_string(iterator->GetCurrentCellId()) + ": point id " +
                                   std::to_string(ids[k]) + " is out of range (" +
                                   std::to_string(points) + " points)");
    }
  }
}

} // namespace

void ReadCheckedVtp(const std::string& path, vtkPolyData* output) {
  // The file is read once: checked (VtpFileCheck.h), then VTK parses those same bytes, so a file
  // replaced between the two cannot slip past the check.
  const std::string bytes = detail::LoadMeshFile(path);
  vtkNew<vtkXMLPolyDataReader> reader;
  try {
    detail::CheckVtpFile(path, bytes);
    reader->ReadFromInputStringOn();
    reader->SetInputString(bytes);
    UpdateOrThrow(reader);
  } catch (const InvalidArgument&) {
    throw;
  } catch (const Error& e) {
    throw InvalidArgument("mesh file " + path + ": " + e.what());
  } catch (const std::bad_alloc&) {
    throw InvalidArgument("mesh file " + path + ": out of memory reading its " +
                          std::to_string(bytes.size()) + " bytes");
  }
  output->ShallowCopy(reader->GetOutput());
}

void ReadPolyData(const std::string& path, vtkPolyData* output) {
  detail::CheckMeshFileIsRegular(path);
  const std::string extension = LowerExtension(path);
  if (extension == ".vtp") {
    ReadCheckedVtp(path, output);
    CheckVtpOutput(path, output);
    return;
  }
  if (extension != ".ply" && extension != ".obj" && extension != ".stl")
    throw InvalidArgument("mesh file " + path + ": extension '" + extension +
                          "' is not one of .ply, .obj, .stl, .vtp");
  const std::string bytes = detail::LoadMeshFile(path);
  try {
    if (extension == ".ply") {
      ToPolyData(detail::ParsePly(path, bytes), output);
    } else if (extension == ".obj") {
      ToPolyData(detail::ParseObj(path, bytes), output);
    } else {
      ToPolyData(detail::ParseStl(path, bytes), output);
    }
  } catch (const std::bad_alloc&) {
    throw InvalidArgument("mesh file " + path + ": out of memory reading its " +
                          std::to_string(bytes.size()) + " bytes");
  }
}

SurfaceMesh ReadSurfaceMesh(const std::string& path) {
  vtkNew<vtkPolyData> data;
  ReadPolyData(path, data);
  SurfaceMesh mesh;
  try {
    mesh = FromVtkPolyData(data);
  } catch (const Error& e) {
    throw InvalidArgument("mesh file " + path + ": " + e.what());
  }
  if (mesh.numberOfTriangles() == 0)
    throw InvalidArgument("mesh file " + path + ": no triangles (" +
                          std::to_string(data->GetNumberOfPoints()) + " points, " +
                          std::to_string(data->GetNumberOfCells()) + " cells)");
  return mesh;
}

} // namespace cumed::meshio
