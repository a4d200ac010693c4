#include "cumed/regression/Compare.h"

#include "cumed/core/Error.h"
#include "cumed/core/MeshDistance.h"
#include "cumed/meshio/MeshReader.h"
#include "cumed/vtk/VtkMeshBridge.h"

#include <vtkAlgorithm.h>
#include <vtkCellArray.h>
#include <vtkCommand.h>
#include <vtkExecutive.h>
#include <vtkLogger.h>
#include <vtkNew.h>
#include <vtkOBJReader.h>
#include <vtkPLYReader.h>
#include <vtkPolyData.h>
#include <vtkSTLReader.h>
#include <vtkSmartPointer.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <sstream>

namespace cumed::regression {
namespace {

using cumed::DirectedMeshDistance;
using cumed::MeshDistance;
using cumed::MeshDistanceMethod;
using cumed::MeshView;
using cumed::SurfaceMesh;

std::string Extension(const std::string& path) {
  std::string extension = std::filesystem::path(path).extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return extension;
}

// Keeps a reader's error messages (VTK reports errors as events, not exceptions).
class ErrorCatcher : public vtkCommand {
public:
  static ErrorCatcher* New() { return new ErrorCatcher; }
  void Execute(vtkObject*, unsigned long, void* data) override {
    if (message.empty() && data) message = Essence(static_cast<const char*>(data));
    failed = true;
  }
  // "ERROR: In FILE, line N\nCLASS (0x...): TEXT\n\n" -> "TEXT".
  static std::string Essence(std::string text) {
    const auto newline = text.find('\n');
    if (text.rfind("ERROR: In ", 0) == 0 && newline != std::string::npos)
      text.erase(0, newline + 1);
    const auto address = text.find("): ");
    if (address != std::string::npos) text.erase(0, address + 3);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
    return text;
  }
  bool failed = false;
  std::string message;
};

vtkSmartPointer<vtkAlgorithm> ReaderFor(const std::string& path) {
  const std::string extension = Extension(path);
  if (extension == ".stl") {
    auto reader = vtkSmartPointer<vtkSTLReader>::New();
    reader->SetFileName(path.c_str());
    return reader;
  }
  if (extension == ".ply") {
    auto reader = vtkSmartPointer<vtkPLYReader>::New();
    reader->SetFileName(path.c_str());
    return reader;
  }
  if (extension == ".obj") {
    auto reader = vtkSmartPointer<vtkOBJReader>::New();
    reader->SetFileName(path.c_str());
    return reader;
  }
  throw FileError("cannot read '" + path + "' as a mesh: unknown extension '" + extension +
                  "' (.vtp, .stl, .ply or .obj)");
}

/// A .vtp through CuMed::MeshIO's structural check before vtkXMLPolyDataReader, so that a
/// hostile baseline or output is refused instead of crashing the driver; the refusal in
/// compare's words. Points and point ids are judged below, as for the other formats.
vtkSmartPointer<vtkPolyData> ReadCheckedVtp(const std::string& path) {
  auto mesh = vtkSmartPointer<vtkPolyData>::New();
  try {
    meshio::ReadCheckedVtp(path, mesh);
  } catch (const InvalidArgument& e) {
    std::string what = e.what();
    const std::string prefix = "mesh file " + path + ": ";
    if (what.rfind(prefix, 0) == 0) what.erase(0, prefix.size());
    throw FileError("cannot read '" + path + "' as a mesh: " + what);
  }
  return mesh;
}

vtkSmartPointer<vtkPolyData> ReadMesh(const std::string& path) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error)) {
    throw FileError("cannot read '" + path + "': no such file");
  }
  // Errors reach the user once, through the catcher and our message, not also VTK's log.
  vtkLogger::SetStderrVerbosity(vtkLogger::VERBOSITY_OFF);
  if (Extension(path) == ".vtp") return ReadCheckedVtp(path);
  auto reader = ReaderFor(path);
  auto catcher = vtkSmartPointer<ErrorCatcher>::New();
  reader->AddObserver(vtkCommand::ErrorEvent, catcher);
  reader->GetExecutive()->AddObserver(vtkCommand::ErrorEvent, catcher);
  reader->Update();
  if (catcher->failed) {
    throw FileError("cannot read '" + path + "' as a mesh: " + catcher->message);
  }
  vtkPolyData* read = vtkPolyData::SafeDownCast(reader->GetOutputDataObject(0));
  if (!read) throw FileError("cannot read '" + path + "' as a mesh: no polygonal data in it");
  auto mesh = vtkSmartPointer<vtkPolyData>::New();
  mesh->ShallowCopy(read);
  return mesh;
}

// Triangles of the polygons and strips (an n-gon or an n-point strip counts n - 2).
long long CountTriangles(vtkPolyData* mesh) {
  long long triangles = 0;
  for (vtkCellArray* cells : {mesh->GetPolys(), mesh->GetStrips()}) {
    const vtkIdType n = cells->GetNumberOfCells();
    for (vtkIdType cell = 0; cell < n; ++cell) {
      triangles += std::max<vtkIdType>(0, cells->GetCellSize(cell) - 2);
    }
  }
  return triangles;
}

// Appends "what: output A, baseline B" and whether the counts agree within the fraction.
bool SameCount(const char* what, long long a, long long b, double fraction,
               std::ostringstream& report) {
  const double allowed = fraction * static_cast<double>(b);
  const bool same = static_cast<double>(std::llabs(a - b)) <= allowed;
  report << "  " << what << ": output " << a << ", baseline " << b;
  if (!same) report << " - differ by " << std::llabs(a - b) << " (allowed " << allowed << ")";
  report << "\n";
  return same;
}

// A mesh as the distance reads it: its triangles from CuMed's mesh (the one bridge converts
// them), its points as doubles (exact; a float mesh would round double-precision input). Vertex
// and line cells are no surface: their points stay, measured point to point when a mesh has no
// triangles.
struct Measured {
  SurfaceMesh mesh;
  std::vector<double> points;
  MeshView view() const {
    MeshView v = ViewOf(mesh);
    v.points = nullptr;
    v.pointsDouble = points.data();
    return v;
  }
};

Measured ToMeasured(vtkPolyData* read, const std::string& path) {
  auto surface = vtkSmartPointer<vtkPolyData>::New();
  surface->ShallowCopy(read);
  surface->SetVerts(vtkNew<vtkCellArray>());
  surface->SetLines(vtkNew<vtkCellArray>());
  try {
    return {FromVtkPolyData(surface), PointsAsDouble(surface)};
  } catch (const InvalidArgument& e) {
    throw FileError("cannot read '" + path + "' as a mesh: " + e.what());
  }
}

std::string Point(const std::array<double, 3>& p) {
  std::ostringstream text;
  text << "(" << p[0] << ", " << p[1] << ", " << p[2] << ")";
  return text.str();
}

// The counts of both meshes, then `more`, as --json measures.
std::vector<std::pair<std::string, double>>
Counts(vtkPolyData* a, vtkPolyData* b, std::vector<std::pair<std::string, double>> more) {
  std::vector<std::pair<std::string, double>> measures{
      {"output_points", static_cast<double>(a->GetNumberOfPoints())},
      {"baseline_points", static_cast<double>(b->GetNumberOfPoints())},
      {"output_triangles", static_cast<double>(CountTriangles(a))},
      {"baseline_triangles", static_cast<double>(CountTriangles(b))}};
  measures.insert(measures.end(), more.begin(), more.end());
  return measures;
}

// The distance measures, the same names whether measured or known (identical files).
std::vector<std::pair<std::string, double>> DistanceMeasures(const MeshDistance& d,
                                                             bool identical) {
  return {{"identical_files", identical ? 1.0 : 0.0},
          {"hausdorff_distance_mm", d.hausdorff()},
          {"output_to_baseline_max_mm", d.firstToSecond.max},
          {"output_to_baseline_mean_mm", d.firstToSecond.mean},
          {"baseline_to_output_max_mm", d.secondToFirst.max},
          {"baseline_to_output_mean_mm", d.secondToFirst.mean}};
}

// The same bytes: the counts (the file is still read, so a file that is no mesh is an error
// even compared with itself), distance 0, nothing measured.
Comparison IdenticalFiles(const std::string& output, const Tolerances& tolerances) {
  const auto mesh = ReadMesh(output);
  const long long points = mesh->GetNumberOfPoints(), triangles = CountTriangles(mesh);
  std::ostringstream report;
  report << "mesh:\n  identical files: output and baseline hold the same bytes\n"
         << "  points: output " << points << ", baseline " << points << "\n"
         << "  triangles: output " << triangles << ", baseline " << triangles << "\n"
         << "  Hausdorff distance: 0 mm, identical files (allowed " << tolerances.distance << ")\n";
  return {true, report.str(), Counts(mesh, mesh, DistanceMeasures(MeshDistance{}, true))};
}

} // namespace

bool IsMeshFile(const std::string& path) {
  const std::string extension = Extension(path);
  return extension == ".vtp" || extension == ".stl" || extension == ".ply" || extension == ".obj";
}

Comparison CompareMeshes(const std::string& output, const std::string& baseline,
                         const Tolerances& tolerances, const ProgressCallback& progress) {
  if (SameBytes(output, baseline)) return IdenticalFiles(output, tolerances);
  const auto a = ReadMesh(output);
  const auto b = ReadMesh(baseline);
  std::ostringstream report;
  report << "mesh:\n";
  bool within = SameCount("points", a->GetNumberOfPoints(), b->GetNumberOfPoints(),
                          tolerances.countFraction, report);
  within &= SameCount("triangles", CountTriangles(a), CountTriangles(b), tolerances.countFraction,
                      report);
  if (a->GetNumberOfPoints() == 0 || b->GetNumberOfPoints() == 0) {
    report << "  an empty mesh: distances not measured\n";
    return {within && a->GetNumberOfPoints() == b->GetNumberOfPoints(), report.str(),
            Counts(a, b, {})};
  }
  const Measured meshA = ToMeasured(a, output), meshB = ToMeasured(b, baseline);
  MeshDistance d;
  try {
    ExecutionOptions options;
    options.progress = progress;
    d = ComputeMeshDistance(meshA.view(), meshB.view(), options);
  } catch (const InvalidArgument& e) { // "the first mesh": the output, "the second": the baseline
    throw FileError("cannot compare '" + output + "' (first) with '" + baseline +
                    "' (second): " + e.what());
  }
  const bool surfaces = d.method == MeshDistanceMethod::PointToTriangle;
  const bool outputSide = d.largestIsFirstToSecond();
  const DirectedMeshDistance& largest = outputSide ? d.firstToSecond : d.secondToFirst;
  report << "  Hausdorff distance (" << (surfaces ? "point to triangle" : "point to point")
         << "): " << d.hausdorff() << " mm (allowed " << tolerances.distance << ")\n"
         << "    output to baseline: max " << d.firstToSecond.max << ", mean "
         << d.firstToSecond.mean << "\n"
         << "    baseline to output: max " << d.secondToFirst.max << ", mean "
         << d.secondToFirst.mean << "\n";
  if (d.hausdorff() > 0.0) { // where to look
    report << "    largest " << (outputSide ? "output->baseline" : "baseline->output") << ": "
           << (outputSide ? "output" : "baseline") << " point " << largest.farthestPoint << " at "
           << Point(largest.farthest) << ", nearest " << (outputSide ? "baseline" : "output")
           << " point " << Point(largest.nearestOther) << "\n";
  }
  if (!(d.hausdorff() <= tolerances.distance)) within = false;
  auto measures = DistanceMeasures(d, false);
  measures.insert(measures.end(), {{"largest_output_to_baseline", outputSide ? 1.0 : 0.0},
                                   {"largest_x_mm", largest.farthest[0]},
                                   {"largest_y_mm", largest.farthest[1]},
                                   {"largest_z_mm", largest.farthest[2]}});
  return {within, report.str(), Counts(a, b, measures)};
}

} // namespace cumed::regression
