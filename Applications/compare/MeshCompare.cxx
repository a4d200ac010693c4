#include "MeshCompare.h"

#include <vtkAlgorithm.h>
#include <vtkCellArray.h>
#include <vtkCommand.h>
#include <vtkDataArray.h>
#include <vtkExecutive.h>
#include <vtkHausdorffDistancePointSetFilter.h>
#include <vtkLogger.h>
#include <vtkOBJReader.h>
#include <vtkPLYReader.h>
#include <vtkPointData.h>
#include <vtkPolyData.h>
#include <vtkSTLReader.h>
#include <vtkSmartPointer.h>
#include <vtkXMLPolyDataReader.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <sstream>

namespace cumed::compareapp {
namespace {

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
  if (extension == ".vtp") {
    auto reader = vtkSmartPointer<vtkXMLPolyDataReader>::New();
    reader->SetFileName(path.c_str());
    return reader;
  }
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

vtkSmartPointer<vtkPolyData> ReadMesh(const std::string& path) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error)) {
    throw FileError("cannot read '" + path + "': no such file");
  }
  // Errors reach the user once, through the catcher and our message, not also VTK's log.
  vtkLogger::SetStderrVerbosity(vtkLogger::VERBOSITY_OFF);
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

double MeanOf(vtkDataArray* values) {
  if (!values || values->GetNumberOfTuples() == 0) return 0.0;
  double sum = 0.0;
  for (vtkIdType i = 0; i < values->GetNumberOfTuples(); ++i) sum += values->GetComponent(i, 0);
  return sum / static_cast<double>(values->GetNumberOfTuples());
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

} // namespace

bool IsMeshFile(const std::string& path) {
  const std::string extension = Extension(path);
  return extension == ".vtp" || extension == ".stl" || extension == ".ply" || extension == ".obj";
}

Comparison CompareMeshes(const std::string& output, const std::string& baseline,
                         const Tolerances& tolerances) {
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
  // Point to triangle when both have triangles (a finer mesh of the same surface is close),
  // else point to point.
  auto hausdorff = vtkSmartPointer<vtkHausdorffDistancePointSetFilter>::New();
  hausdorff->SetInputData(0, a);
  hausdorff->SetInputData(1, b);
  const bool surfaces = CountTriangles(a) > 0 && CountTriangles(b) > 0;
  if (surfaces)
    hausdorff->SetTargetDistanceMethodToPointToCell();
  else
    hausdorff->SetTargetDistanceMethodToPointToPoint();
  hausdorff->Update();
  const double distance = hausdorff->GetHausdorffDistance();
  const double* directed = hausdorff->GetRelativeDistance();
  const double meanA = MeanOf(hausdorff->GetOutput(0)->GetPointData()->GetArray("Distance"));
  const double meanB = MeanOf(hausdorff->GetOutput(1)->GetPointData()->GetArray("Distance"));
  report << "  Hausdorff distance (" << (surfaces ? "point to triangle" : "point to point")
         << "): " << distance << " mm (allowed " << tolerances.distance << ")\n"
         << "    output to baseline: max " << directed[0] << ", mean " << meanA << "\n"
         << "    baseline to output: max " << directed[1] << ", mean " << meanB << "\n";
  if (!(distance <= tolerances.distance)) within = false;
  return {within, report.str(), Counts(a, b, {{"hausdorff_distance_mm", distance}})};
}

} // namespace cumed::compareapp
