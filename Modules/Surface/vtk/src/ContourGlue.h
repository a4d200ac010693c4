#pragma once
// The glue between VTK's image contour filters and cumed::surface::ExtractIsosurface, shared by
// vtkCuMedFlyingEdges3D and vtkCuMedDiscreteFlyingEdges3D: which requests CuMed takes, the
// vtkImageData as a CuMed image view (geometry, scalars, attribute volumes), the run, and the
// mesh as vtkPolyData. Internal to CuMed::SurfaceVtk.
#include "cumed/core/Backend.h"
#include "cumed/surface/ClosedSurface.h"
#include "cumed/surface/Isosurface.h"

#include <string>
#include <vector>

class vtkDataArray;
class vtkImageData;
class vtkPolyData;

namespace cumed::surface::vtkglue {

/// What the VTK filter was asked for, and CuMed's own settings.
struct ContourRequest {
  ContourMode mode = ContourMode::Isovalue;
  std::vector<double> values;
  bool computeNormals = false;
  bool computeGradients = false;
  bool computeScalars = false;
  bool interpolateAttributes = false;
  int arrayComponent = 0;
  Backend backend = Backend::Auto;
  int gpus = 1;
  int slabs = 0;
  /// Leave the mesh on the device (the output then carries it as data, DeviceMeshData.h) when
  /// the CUDA backend runs on one device; otherwise host arrays, silently.
  bool keepOnDevice = false;
  /// KeepMeshOnDevice: an error when the CUDA backend does not run, or the request is left to
  /// VTK (and, with keepOnDevice, when several devices are asked for).
  bool requireCuda = false;
  /// ClosedSurface: cumed::surface::ExtractClosedSurface (guard, pad, outward winding). VTK's
  /// filters have no such mode, so such a request is never left to them.
  bool closedSurface = false;
};

struct ContourOutcome {
  enum class Kind {
    Done,     ///< CuMed wrote the output: host arrays, or the device mesh as data
    Fallback, ///< CuMed does not take this request: the VTK filter should run
    Failed    ///< an error; nothing usable was written
  };
  Kind kind = Kind::Failed;
  std::string message; ///< Fallback: why; Failed: the error
  Backend backendUsed = Backend::CPU;
};

/// Contours `scalars` (the filter's input array) of `input` over `extent` (the part VTK would
/// contour: the update extent within the input's) into `output`.
ContourOutcome Contour(vtkImageData* input, vtkDataArray* scalars, const int extent[6],
                       const ContourRequest& request, vtkPolyData* output);

} // namespace cumed::surface::vtkglue
