#include "cumed/meshio/MeshReader.h"

#include "PlyStrips.h"
#include "cumed/core/Error.h"
#include "cumed/vtk/UpdateOrThrow.h"
#include "cumed/vtk/VtkMeshBridge.h"

#include <vtkAlgorithm.h>
#include <vtkNew.h>
#include <vtkOBJReader.h>
#include <vtkPLYReader.h>
#include <vtkPolyData.h>
#include <vtkSTLReader.h>
#include <vtkSmartPointer.h>
#include <vtkXMLPolyDataReader.h>

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace cumed::meshio {
namespace {

std::string LowerExtension(const std::string& path) {
  std::string extension = std::filesystem::path(path).extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return extension;
}

template <class TReader> vtkSmartPointer<vtkAlgorithm> Make(const std::string& path) {
  auto reader = vtkSmartPointer<TReader>::New();
  reader->SetFileName(path.c_str());
  return reader;
}

} // namespace

void ReadPolyData(const std::string& path, vtkPolyData* output) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error))
    throw InvalidArgument("mesh file " + path + ": no such file");
  const std::string extension = LowerExtension(path);
  vtkSmartPointer<vtkAlgorithm> reader;
  bool plyStrips = false;
  if (extension == ".ply") {
    plyStrips = detail::CheckPlyHeader(path);
    reader = Make<vtkPLYReader>(path);
  } else if (extension == ".obj")
    reader = Make<vtkOBJReader>(path);
  else if (extension == ".stl")
    reader = Make<vtkSTLReader>(path);
  else if (extension == ".vtp")
    reader = Make<vtkXMLPolyDataReader>(path);
  else
    throw InvalidArgument("mesh file " + path + ": extension '" + extension +
                          "' is not one of .ply, .obj, .stl, .vtp");
  try {
    UpdateOrThrow(reader);
  } catch (const Error& e) {
    throw InvalidArgument("mesh file " + path + ": " + e.what());
  }
  output->ShallowCopy(vtkPolyData::SafeDownCast(reader->GetOutputDataObject(0)));
  if (plyStrips) detail::ReadPlyTriangleStrips(path, output);
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
