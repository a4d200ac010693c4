#include "Pipeline.h"

#include "ContourStage.h"
#include "OutputFiles.h"
#include "RequestChecks.h"

#include "cumed/app/BackendOption.h"
#include "cumed/app/Messages.h"
#include "cumed/app/StageProgress.h"
#include "cumed/app/TransferJson.h"
#include "cumed/core/Device.h"
#include "cumed/core/Error.h"
#include "cumed/core/NumberRules.h"
#include "cumed/core/Timer.h"
#include "cumed/io/VtkVolume.h"
#include "cumed/meshio/SurfaceWriter.h"
#include "cumed/output/SafeOutput.h"
#include "cumed/rendering/PreparedSnapshot.h"
#include "cumed/rendering/RenderingError.h"
#include "cumed/surface/SurfaceMeasures.h"
#include "cumed/vtk/DeviceMeshData.h"

#include <vtkDataArray.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkType.h>

#include <cmath>
#include <cstdio>
#include <memory>
#include <sstream>

namespace fs = std::filesystem;

namespace cumed::isosurfaceapp {
using app::StageProgress;
namespace {

std::string EmptySurfaceMessage(const io::VtkVolume& volume, const Arguments& arguments) {
  double range[2];
  volume.image->GetPointData()->GetScalars()->GetRange(range);
  std::ostringstream message;
  message << "the surface is empty: "
          << (arguments.kind == SurfaceKind::Isovalue ? "no isovalue of --iso lies within"
                                                      : "no label of --labels is a value of")
          << " the volume, whose values lie in [" << range[0] << ", " << range[1] << "]";
  return message.str();
}

// Labels that do not occur get no surface: worth a warning, unless none occurs (then the empty
// surface is the error).
/// NaN/inf values of a float or double array, by its data type (an image read through the bridge
/// holds a vtkAOSDataArrayTemplate<float>, which is no vtkFloatArray); 0 for other types.
std::int64_t NonFiniteValues(vtkDataArray* array) {
  if (!array || (array->GetDataType() != VTK_FLOAT && array->GetDataType() != VTK_DOUBLE)) return 0;
  const vtkIdType n = array->GetNumberOfValues();
  if (array->HasStandardMemoryLayout()) {
    void* values = array->GetVoidPointer(0);
    return std::int64_t(array->GetDataType() == VTK_FLOAT
                            ? numbers::CountNonFinite(static_cast<const float*>(values), n)
                            : numbers::CountNonFinite(static_cast<const double*>(values), n));
  }
  const int components = array->GetNumberOfComponents();
  std::int64_t count = 0;
  for (vtkIdType i = 0; i < n; ++i)
    count += !std::isfinite(array->GetComponent(i / components, int(i % components)));
  return count;
}

void WarnAboutAbsentLabels(vtkImageData* image, const Arguments& arguments) {
  if (arguments.kind != SurfaceKind::Label) return;
  const std::vector<double> absent = surface::AbsentLabels(image, arguments.values);
  if (absent.size() == arguments.values.size()) return;
  for (const double label : absent) {
    std::ostringstream message;
    message << "--labels: label " << label << " does not occur in the volume; it has no surface";
    app::Warn(kProgramName, message.str());
  }
}

// With --png the picture's window is opened and warmed before the contour, so the surface's
// first frame after it skips VTK's first-draw set-up. A CUDA contour on one GPU leaves a device
// mesh for the picture: the warm-up draws one too.
std::unique_ptr<cumed::rendering::PreparedSnapshot> PreparePicture(bool deviceMesh,
                                                                   RunSummary& summary) {
  StageProgress preparing(kProgramName, "preparing renderer");
  try {
    auto picture = std::make_unique<cumed::rendering::PreparedSnapshot>(
        cumed::rendering::SnapshotOptions{}, deviceMesh);
    summary.picture.warmupMs = picture->WarmupMilliseconds();
    summary.seconds.render += preparing.Finish();
    return picture;
  } catch (const cumed::rendering::RenderingError& e) {
    throw cumed::rendering::RenderingError(std::string(e.what()) +
                                           "; leave out --png to skip the picture");
  }
}

void WritePicture(const cumed::rendering::PreparedSnapshot& picture, const OutputFiles& outputs,
                  output::StagedFiles& staged, RunSummary& summary) {
  StageProgress rendering(kProgramName, "rendering");
  try {
    const cumed::rendering::SnapshotResult drawn =
        picture.WritePng(staged.Stage(outputs.png).string());
    summary.renderPath = drawn.renderPath;
    summary.picture.mesh = drawn.meshUpload;
    summary.picture.fallback = drawn.fallbackReason;
  } catch (const cumed::rendering::RenderingError& e) {
    throw cumed::rendering::RenderingError(
        std::string(e.what()) +
        (outputs.surface.empty() ? "" : "\n" + outputs.surface.string() + " was written") +
        "; leave out --png to skip the picture");
  }
  staged.Commit();
  summary.seconds.render += rendering.Finish();
}

} // namespace

RunSummary RunPipeline(const Arguments& requested) {
  const cumed::Stopwatch total;
  Arguments arguments = requested;
  RunSummary summary;
  summary.valueKind = arguments.kind == SurfaceKind::Isovalue ? "iso" : "labels";
  summary.values = arguments.values;
  summary.normals = arguments.computeNormals();
  summary.requestedBackend = cumed::ToString(arguments.backend);

  // Everything that can be checked before the slow stages is checked first; nothing is read
  // and nothing is written before these pass.
  const io::VolumeLocation input = io::LocateVolume(arguments.input);
  app::CheckSeriesApplies(arguments.dicomSeries, input.kind == io::VolumeKind::DicomDirectory,
                          arguments.input);
  const OutputFiles outputs = PlanOutputFiles(arguments, input);
  // --backend cuda without a device fails here
  const cumed::Backend backend = app::ResolveRequestedBackend(arguments.backend);
  if (arguments.gpusGiven && arguments.backend != cumed::Backend::CPU) {
    arguments.gpus = GpusToUse(arguments.gpus);
  }
  summary.gpus = arguments.gpus;
  summary.slabs = arguments.slabs;
  summary.output = outputs.surface.string();
  summary.png = outputs.png.string();

  StageProgress reading(kProgramName, "reading " + input.path.string());
  const io::VtkVolume volume = io::ReadVtkVolume(input, arguments.dicomSeries.series);
  summary.seconds.read = reading.Finish();
  io::CheckIsVolume(volume.image, arguments.input);
  summary.pixelType = volume.pixelType;
  summary.conversion = volume.conversion;
  summary.adjustments = volume.adjustments;
  if (!volume.conversion.empty()) {
    app::Note(kProgramName, "INPUT pixel type " + volume.conversion +
                                " (CuMed contours uint8, int16, uint16 and float)");
  }
  WarnAboutAbsentLabels(volume.image, arguments);
  volume.image->GetDimensions(summary.size.data());
  volume.image->GetSpacing(summary.spacing.data());

  std::unique_ptr<cumed::rendering::PreparedSnapshot> prepared;
  if (!outputs.png.empty()) {
    // The mesh stays on the device when one GPU contours: --gpus 1, or every GPU (0) of one.
    const cumed::DeviceProbeResult& probe = cumed::ProbeDevices();
    const int gpus =
        arguments.gpus == 0 && probe.usable ? int(probe.devices.size()) : arguments.gpus;
    prepared = PreparePicture(backend == cumed::Backend::CUDA && gpus == 1, summary);
  }

  summary.nonFiniteVoxels = NonFiniteValues(volume.image->GetPointData()->GetScalars());
  StageProgress contouring(kProgramName, "isosurface");
  const cumed::TransferStats beforeContour = cumed::GetTransferStats();
  const ContourResult contour = ExtractSurfaces(volume.image, arguments);
  const cumed::Stopwatch sinceContour;
  summary.seconds.contour = contouring.Finish();
  summary.backend = contour.backend;
  // With --png on one GPU the mesh stayed there: the picture is drawn from it, and a surface
  // file gets the host copy (one download) from a second vtkPolyData, so both can be had.
  vtkSmartPointer<vtkPolyData> picture = contour.surface;
  bool fileNeedsHostCopy = false;
  if (const auto onDevice = cumed::GetDeviceMesh(contour.surface)) {
    summary.points = onDevice->numberOfPoints;
    summary.triangles = onDevice->numberOfTriangles;
    if (!outputs.surface.empty() && summary.triangles > 0) {
      picture = vtkSmartPointer<vtkPolyData>::New();
      cumed::SetDeviceMesh(picture, onDevice);
      fileNeedsHostCopy = true;
    }
  } else {
    summary.points = contour.surface->GetNumberOfPoints();
    summary.triangles = contour.surface->GetNumberOfPolys();
  }
  // Outputs hold inf/NaN only where the volume did (the library refuses otherwise); then the
  // summary and a warning say how many.
  summary.nonFinitePoints =
      cumed::GetDeviceMesh(contour.surface)
          ? -1
          : NonFiniteValues(contour.surface->GetPoints() ? contour.surface->GetPoints()->GetData()
                                                         : nullptr);
  if (summary.nonFiniteVoxels > 0)
    app::Warn(kProgramName,
              "the volume has " + std::to_string(summary.nonFiniteVoxels) +
                  " non-finite voxels (NaN or inf); " +
                  (summary.nonFinitePoints < 0
                       ? std::string("the surface stayed on the GPU, its points were not counted")
                       : std::to_string(summary.nonFinitePoints) +
                             " surface point coordinates are not finite"));
  if (summary.triangles == 0) throw cumed::Error(EmptySurfaceMessage(volume, arguments));
  if (prepared) {
    // Before the host copy for the file: the first frame is drawn from the device mesh.
    const cumed::TransferStats beforeRender = cumed::GetTransferStats();
    summary.seconds.render += prepared->DrawFirstFrame(picture).totalMs / 1e3;
    summary.picture.firstFrameMs = sinceContour.elapsedMilliseconds();
    summary.picture.transfers = app::TransfersSince(beforeRender);
  }
  if (fileNeedsHostCopy) cumed::MaterializeOnHost(contour.surface);

  // Missing directories are made now and removed again if the run fails; files appear under
  // their names once complete.
  output::CreatedDirectories created;
  output::StagedFiles staged(arguments.force);
  for (const fs::path* file : {&outputs.surface, &outputs.png}) {
    if (!file->empty()) created.Create(file->parent_path());
  }
  if (!outputs.surface.empty()) {
    StageProgress writing(kProgramName, "writing " + outputs.surface.string());
    meshio::WriteSurfaceFile(contour.surface, staged.Stage(outputs.surface), outputs.format,
                             arguments.compression);
    staged.Commit();
    summary.seconds.write = writing.Finish();
  }
  if (prepared) WritePicture(*prepared, outputs, staged, summary);
  summary.transfers = app::TransfersSince(beforeContour);
  created.Keep();
  summary.seconds.total = total.elapsedSeconds();
  return summary;
}

} // namespace cumed::isosurfaceapp
