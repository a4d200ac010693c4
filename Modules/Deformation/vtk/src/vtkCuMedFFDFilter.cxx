#include "cumed/deformation/vtkCuMedFFDFilter.h"

#include "cumed/core/Error.h"
#include "cumed/vtk/VtkMeshBridge.h"
#include "cumed/vtk/vtkCuMedDeviceMeshPipeline.h"

#include <vtkAlgorithm.h>
#include <vtkDataArray.h>
#include <vtkDataObject.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkObjectFactory.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>

#include <cstring>
#include <string>
#include <vector>

vtkStandardNewMacro(vtkCuMedFFDFilter);

namespace {
namespace ffd = cumed::deformation;

/// What the per-mesh preparation depends on; a frame with the same key reuses it.
struct PreparationKey {
  const void* input = nullptr;
  vtkMTimeType inputTime = 0;
  const void* deviceInput = nullptr;
  int dimensions[3] = {0, 0, 0};
  double margin = 0;
  std::array<double, 12> frame{};
  bool useFrame = false;
  cumed::Backend backend = cumed::Backend::Auto;
  bool unitFaces = false;

  bool operator==(const PreparationKey& o) const {
    return input == o.input && inputTime == o.inputTime && deviceInput == o.deviceInput &&
           std::memcmp(dimensions, o.dimensions, sizeof dimensions) == 0 && margin == o.margin &&
           frame == o.frame && useFrame == o.useFrame && backend == o.backend &&
           unitFaces == o.unitFaces;
  }
};
} // namespace

struct vtkCuMedFFDFilter::Prepared {
  PreparationKey key;
  std::unique_ptr<ffd::MeshDeformation> deformation;
  cumed::SurfaceMesh hostOutput;
  std::shared_ptr<cumed::DeviceSurfaceMesh> deviceOutput;
};

vtkCuMedFFDFilter::vtkCuMedFFDFilter() = default;
vtkCuMedFFDFilter::~vtkCuMedFFDFilter() = default;

void vtkCuMedFFDFilter::SetLatticePoints(vtkPoints* points) {
  if (this->LatticePoints == points) return;
  this->LatticePoints = points;
  this->Modified();
}

void vtkCuMedFFDFilter::SetLatticeFrame(const double origin[3], const double s[3],
                                        const double t[3], const double u[3]) {
  std::array<double, 12> frame{};
  for (int a = 0; a < 3; ++a) {
    frame[a] = origin[a];
    frame[3 + a] = s[a];
    frame[6 + a] = t[a];
    frame[9 + a] = u[a];
  }
  if (frame == this->LatticeFrame) return;
  this->LatticeFrame = frame;
  this->Modified();
}

void vtkCuMedFFDFilter::SetBackend(cumed::Backend backend) {
  if (this->CuMedBackend == backend) return;
  this->CuMedBackend = backend;
  this->Modified();
}

bool vtkCuMedFFDFilter::GetRestLatticePoints(vtkPoints* points) const {
  if (!this->State || !this->State->deformation) return false;
  const std::vector<double> rest = this->State->deformation->lattice().restPoints();
  points->SetDataTypeToDouble();
  points->SetNumberOfPoints(static_cast<vtkIdType>(rest.size() / 3));
  for (vtkIdType p = 0; p < points->GetNumberOfPoints(); ++p)
    points->SetPoint(p, rest[3 * p], rest[3 * p + 1], rest[3 * p + 2]);
  return true;
}

vtkIdType vtkCuMedFFDFilter::GetNumberOfPointsOutsideLattice() const {
  return this->State && this->State->deformation ? this->State->deformation->pointsOutside() : 0;
}

vtkMTimeType vtkCuMedFFDFilter::GetMTime() {
  vtkMTimeType time = this->Superclass::GetMTime();
  if (this->LatticePoints) time = std::max(time, this->LatticePoints->GetMTime());
  return time;
}

void vtkCuMedFFDFilter::PrintSelf(ostream& os, vtkIndent indent) {
  this->Superclass::PrintSelf(os, indent);
  os << indent << "LatticeDimensions: " << this->LatticeDimensions[0] << " "
     << this->LatticeDimensions[1] << " " << this->LatticeDimensions[2] << "\n";
  os << indent << "LatticePoints: " << (this->LatticePoints ? "set" : "(at rest)") << "\n";
  os << indent << "LatticeMargin: " << this->LatticeMargin << "\n";
  os << indent << "UseLatticeFrame: " << (this->UseLatticeFrame ? "On" : "Off") << "\n";
  os << indent << "Backend: " << cumed::ToString(this->CuMedBackend) << "\n";
  os << indent << "ThreadsPerBlock: " << this->ThreadsPerBlock << "\n";
  os << indent << "UnitFaceNormals: " << (this->UnitFaceNormals ? "On" : "Off") << "\n";
  os << indent << "KeepMeshOnDevice: " << (this->KeepMeshOnDevice ? "On" : "Off") << "\n";
  os << indent << "LastBackend: " << cumed::ToString(this->LastBackend) << "\n";
  os << indent << "NumberOfPreparations: " << this->Preparations << "\n";
}

int vtkCuMedFFDFilter::FillInputPortInformation(int port, vtkInformation* info) {
  if (!this->Superclass::FillInputPortInformation(port, info)) return 0;
  cumed::AcceptDeviceMeshes(info);
  return 1;
}

vtkExecutive* vtkCuMedFFDFilter::CreateDefaultExecutive() {
  return vtkCuMedDeviceMeshPipeline::New();
}

void vtkCuMedFFDFilter::Prepare(vtkPolyData* input,
                                const std::shared_ptr<cumed::DeviceSurfaceMesh>& deviceInput) {
  PreparationKey key;
  key.input = input;
  key.inputTime = input->GetMTime();
  key.deviceInput = deviceInput.get();
  std::memcpy(key.dimensions, this->LatticeDimensions, sizeof key.dimensions);
  key.margin = this->LatticeMargin;
  key.frame = this->LatticeFrame;
  key.useFrame = this->UseLatticeFrame;
  key.backend = this->CuMedBackend;
  key.unitFaces = this->UnitFaceNormals;
  if (this->State && this->State->deformation && this->State->key == key) return;

  auto state = std::make_unique<Prepared>();
  state->key = key;
  ffd::DeformationOptions options;
  options.backend = this->CuMedBackend;
  options.threadsPerBlock = this->ThreadsPerBlock;
  options.faceWeighting =
      this->UnitFaceNormals ? ffd::FaceWeighting::Unit : ffd::FaceWeighting::Area;
  const std::array<int, 3> dimensions{this->LatticeDimensions[0], this->LatticeDimensions[1],
                                      this->LatticeDimensions[2]};
  auto latticeFor = [&](const std::array<double, 6>& bounds) {
    if (!this->UseLatticeFrame)
      return ffd::LatticeAroundBounds(bounds, dimensions, this->LatticeMargin);
    ffd::Lattice lattice;
    lattice.dimensions = dimensions;
    for (int a = 0; a < 3; ++a) {
      lattice.origin[a] = this->LatticeFrame[a];
      lattice.s[a] = this->LatticeFrame[3 + a];
      lattice.t[a] = this->LatticeFrame[6 + a];
      lattice.u[a] = this->LatticeFrame[9 + a];
    }
    return lattice;
  };
  if (deviceInput && cumed::ResolveBackend(this->CuMedBackend) == cumed::Backend::CUDA) {
    const ffd::Lattice lattice =
        latticeFor(this->UseLatticeFrame ? std::array<double, 6>{} : ffd::MeshBounds(*deviceInput));
    state->deformation = std::make_unique<ffd::MeshDeformation>(
        std::shared_ptr<const cumed::DeviceSurfaceMesh>(deviceInput), lattice, options);
  } else {
    // A device input on the CPU backend: one counted download per mesh.
    const cumed::SurfaceMesh mesh =
        deviceInput ? deviceInput->toHost() : cumed::FromVtkPolyData(input);
    const ffd::Lattice lattice =
        latticeFor(this->UseLatticeFrame ? std::array<double, 6>{} : ffd::MeshBounds(mesh));
    state->deformation = std::make_unique<ffd::MeshDeformation>(mesh, lattice, options);
  }
  this->State = std::move(state);
  ++this->Preparations;
}

int vtkCuMedFFDFilter::RequestData(vtkInformation*, vtkInformationVector** inputVector,
                                   vtkInformationVector* outputVector) {
  this->LastBackend = cumed::Implementation::None;
  vtkPolyData* input = vtkPolyData::GetData(inputVector[0]);
  vtkPolyData* output = vtkPolyData::GetData(outputVector);
  if (!input || !output) {
    vtkErrorMacro(<< "the input and output must be vtkPolyData");
    return 0;
  }
  cumed::RemoveDeviceMesh(output);
  if (auto* pipeline = vtkCuMedDeviceMeshPipeline::SafeDownCast(this->GetExecutive()))
    pipeline->SetKeepWithoutConsumers(this->KeepMeshOnDevice);
  try {
    const std::shared_ptr<cumed::DeviceSurfaceMesh> deviceInput = cumed::GetDeviceMesh(input);
    this->Prepare(input, deviceInput);
    ffd::MeshDeformation& deformation = *this->State->deformation;
    deformation.setThreadsPerBlock(this->ThreadsPerBlock);

    const ffd::Lattice& lattice = deformation.lattice();
    std::vector<double> controlPoints;
    if (!this->LatticePoints) {
      controlPoints = lattice.restPoints();
    } else {
      const vtkIdType count = this->LatticePoints->GetNumberOfPoints();
      if (count != lattice.numberOfControlPoints())
        throw cumed::InvalidArgument(
            "vtkCuMedFFDFilter: " + std::to_string(count) + " lattice points for a " +
            std::to_string(lattice.dimensions[0]) + "x" + std::to_string(lattice.dimensions[1]) +
            "x" + std::to_string(lattice.dimensions[2]) + " lattice; expected " +
            std::to_string(lattice.numberOfControlPoints()));
      controlPoints.resize(static_cast<std::size_t>(3 * count));
      for (vtkIdType p = 0; p < count; ++p) this->LatticePoints->GetPoint(p, &controlPoints[3 * p]);
    }

    const bool onDevice = deformation.backend() == cumed::Backend::CUDA &&
                          cumed::KeepMeshOnDeviceFor(cumed::CountDeviceMeshConsumers(
                                                         outputVector->GetInformationObject(0)),
                                                     this->KeepMeshOnDevice);
    if (this->KeepMeshOnDevice && deformation.backend() != cumed::Backend::CUDA)
      throw cumed::InvalidArgument(
          "vtkCuMedFFDFilter: KeepMeshOnDevice needs the CUDA backend; the CPU backend ran");
    if (onDevice) {
      auto& mesh = this->State->deviceOutput;
      // Reused while only this filter holds it (its triangles are then copied once).
      if (!mesh || mesh.use_count() > 1) mesh = std::make_shared<cumed::DeviceSurfaceMesh>();
      deformation.deform(controlPoints, *mesh);
      cumed::SetDeviceMesh(output, mesh);
    } else {
      cumed::SurfaceMesh& mesh = this->State->hostOutput;
      deformation.deform(controlPoints, mesh);
      cumed::ToVtkPolyData(mesh, output);
      if (!deviceInput && input->GetNumberOfPoints() == mesh.numberOfPoints()) {
        vtkPointData* in = input->GetPointData();
        for (int a = 0; a < in->GetNumberOfArrays(); ++a) {
          vtkAbstractArray* array = in->GetAbstractArray(a);
          if (array == in->GetNormals() || !array->GetName() ||
              std::strcmp(array->GetName(), "Normals") == 0)
            continue;
          output->GetPointData()->AddArray(array);
        }
        if (in->GetScalars() && in->GetScalars()->GetName())
          output->GetPointData()->SetActiveScalars(in->GetScalars()->GetName());
      }
    }
    this->LastBackend = cumed::ImplementationOf(deformation.backend());
  } catch (const std::exception& e) {
    vtkErrorMacro(<< e.what());
    return 0;
  }
  this->UpdateProgress(1.0);
  return 1;
}
