#include "DeformAppSupport.h"

#include "cumed/deformation/SampleMeshes.h"
#include "cumed/vtk/VtkMeshBridge.h"

#include <vtkNew.h>
#include <vtkPolyData.h>
#include <vtkXMLPolyDataWriter.h>

namespace cumed::deformtest {

std::filesystem::path WorkDir(const std::string& name) {
  const std::filesystem::path dir =
      std::filesystem::path(apptest::Setting("CUMED_DEFORM_WORK_DIR", CUMED_DEFORM_WORK_DIR)) /
      name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

SurfaceMesh WriteSphere(const std::filesystem::path& file, int rings, int segments) {
  const SurfaceMesh mesh = deformation::samples::BumpySphere(rings, segments, 0.1, 5, {2, 0, -1});
  vtkNew<vtkPolyData> data;
  ToVtkPolyData(mesh, data);
  vtkNew<vtkXMLPolyDataWriter> writer;
  writer->SetInputData(data);
  writer->SetFileName(file.string().c_str());
  writer->Write();
  return mesh;
}

} // namespace cumed::deformtest
