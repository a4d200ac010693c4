#pragma once
// The glue between VTK's image contour filters and cumed::surface::ExtractIsosurface, shared by
// vtkCuMedFlyingEdges3D and vtkCuMedDiscreteFlyingEdges3D: which requests CuMed takes, the
// vtkImageData as a CuMed image view (geometry, scalars, attribute volumes), the run, and the
// mesh as vtkPolyData. Internal to CuMed::SurfaceVtk.
#include "cumed/core/Backend.h"
#include "cumed/surface/Isosurface.h"

#include <memory>
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
  bool keepOnDevice = false;
};

struct ContourOutcome {
  enum class Kind {
    Done,     ///< CuMed wrote the output (or, keepOnDevice, the device mesh)
    Fallback, ///< CuMed does not take this request: the VTK filter should run
    Failed    ///< an error; nothing usable was written
  };
  Kind kind = Kind::Failed;
  std::string message; ///< Fallback: why; Failed: the error
  Backend backendUsed = Backend::CPU;
  std::shared_ptr<DeviceSurfaceMesh> deviceMesh; ///< Done with keepOnDevice
};

/// Contours `scalars` (the filter's input array) of `input` over `extent` (the part VTK would
/// contour: the update extent within the input's) into `output`.
ContourOutcome Contour(vtkImageData* input, vtkDataArray* scalars, const int extent[6],
                       const ContourRequest& request, vtkPolyData* output);

} // namespace cumed::surface::vtkglue
