#pragma once
// vtkCuMedFFDFilter: free-form deformation of a surface (cumed::deformation::MeshDeformation) as
// a VTK filter. Input: a vtkPolyData of polygons and/or triangle strips (triangulated, see
// cumed::FromVtkPolyData; vertex or line cells are an error), or a device mesh carried as data
// (cumed/vtk/DeviceMeshData.h, e.g. vtkCuMedFlyingEdges3D's output for a device consumer).
// Output: the deformed triangles with point normals ("Normals", active normals) every frame.
//
// The lattice: LatticeDimensions control points along each axis (default 3x3x3: degree 2), placed
// around the input's bounds grown by LatticeMargin times their largest extent (default), or on the
// frame given with SetLatticeFrame (origin and edge vectors S, T, U, possibly rotated). The moved
// control points are SetLatticePoints (the lattice's order: i along S fastest, then j, then k;
// null: at rest, the output is the input); GetRestLatticePoints gives their rest positions after a
// run. Set new points (or modify them) every frame: the per-mesh work (local coordinates,
// adjacency, the upload on CUDA) is redone only when the input, the lattice's placement or
// dimensions, the backend or the normals' weighting change.
//
// Where the output lives: on the device when the CUDA backend runs and every consumer accepts
// device meshes (or KeepMeshOnDevice is on and none reads host arrays): then nothing is copied to
// the host. Otherwise host arrays; a host input's point-data arrays (other than normals) are
// passed through. A device input's scalars and attribute arrays are not carried to the output.
// A device input with the CPU backend is downloaded once per mesh (counted).
#include "cumed/core/Backend.h"
#include "cumed/core/Execution.h"
#include "cumed/deformation/MeshDeformation.h"
#include "cumed/vtk/DeviceMeshData.h"

#include <vtkPolyDataAlgorithm.h>
#include <vtkSmartPointer.h>

#include <array>
#include <memory>

class vtkPoints;

class vtkCuMedFFDFilter : public vtkPolyDataAlgorithm {
public:
  static vtkCuMedFFDFilter* New();
  vtkTypeMacro(vtkCuMedFFDFilter, vtkPolyDataAlgorithm);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  /// Control points along S, T, U (each >= 2; default 3, 3, 3).
  vtkSetVector3Macro(LatticeDimensions, int);
  vtkGetVector3Macro(LatticeDimensions, int);

  /// The moved control points (LatticeDimensions' product of them); null: the lattice at rest.
  void SetLatticePoints(vtkPoints* points);
  vtkPoints* GetLatticePoints() const { return this->LatticePoints; }

  /// Around the input's bounds: grown by this fraction of their largest extent (default 0.05).
  vtkSetMacro(LatticeMargin, double);
  vtkGetMacro(LatticeMargin, double);
  /// A lattice of the user's: origin X0 and edge vectors S, T, U (UseLatticeFrame turns it on).
  void SetLatticeFrame(const double origin[3], const double s[3], const double t[3],
                       const double u[3]);
  vtkSetMacro(UseLatticeFrame, bool);
  vtkGetMacro(UseLatticeFrame, bool);
  vtkBooleanMacro(UseLatticeFrame, bool);

  /// The rest positions of the control points of the last run's lattice (false before a run).
  bool GetRestLatticePoints(vtkPoints* points) const;

  /// Auto (default), CPU or CUDA (an error without a usable device).
  void SetBackend(cumed::Backend backend);
  cumed::Backend GetBackend() const { return this->CuMedBackend; }
  /// CPU or CUDA: the implementation of the last run; None after a failure or before a run.
  cumed::Implementation GetLastBackend() const { return this->LastBackend; }

  /// CUDA threads per block (0, default: from the occupancy API).
  vtkSetClampMacro(ThreadsPerBlock, int, 0, 1024);
  vtkGetMacro(ThreadsPerBlock, int);
  /// Off (default): face normals weighted by area. On: unit face normals (vtkPolyDataNormals').
  vtkSetMacro(UnitFaceNormals, bool);
  vtkGetMacro(UnitFaceNormals, bool);
  vtkBooleanMacro(UnitFaceNormals, bool);
  /// CUDA only: keep the output on the device also without consumers (as the contour filters).
  vtkSetMacro(KeepMeshOnDevice, bool);
  vtkGetMacro(KeepMeshOnDevice, bool);
  vtkBooleanMacro(KeepMeshOnDevice, bool);

  /// Points of the input outside the last run's lattice (they follow the clamped rule).
  vtkIdType GetNumberOfPointsOutsideLattice() const;
  /// How many times the per-mesh preparation ran (tests: once for many frames).
  int GetNumberOfPreparations() const { return this->Preparations; }

  vtkMTimeType GetMTime() override;

protected:
  vtkCuMedFFDFilter();
  ~vtkCuMedFFDFilter() override;
  int FillInputPortInformation(int port, vtkInformation* info) override;
  vtkExecutive* CreateDefaultExecutive() override;
  int RequestData(vtkInformation* request, vtkInformationVector** inputVector,
                  vtkInformationVector* outputVector) override;

private:
  vtkCuMedFFDFilter(const vtkCuMedFFDFilter&) = delete;
  void operator=(const vtkCuMedFFDFilter&) = delete;

  struct Prepared;
  void Prepare(vtkPolyData* input, const std::shared_ptr<cumed::DeviceSurfaceMesh>& deviceInput);

  int LatticeDimensions[3] = {3, 3, 3};
  vtkSmartPointer<vtkPoints> LatticePoints;
  double LatticeMargin = 0.05;
  std::array<double, 12> LatticeFrame{0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
  bool UseLatticeFrame = false;
  cumed::Backend CuMedBackend = cumed::Backend::Auto;
  int ThreadsPerBlock = 0;
  bool UnitFaceNormals = false;
  bool KeepMeshOnDevice = false;
  cumed::Implementation LastBackend = cumed::Implementation::None;
  int Preparations = 0;
  std::unique_ptr<Prepared> State;
};
