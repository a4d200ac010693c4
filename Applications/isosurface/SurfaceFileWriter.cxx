#include "SurfaceFileWriter.h"

#include "cumed/core/Error.h"
#include "cumed/meshio/StlWriter.h"
#include "cumed/surface/UpdateOrThrow.h"

#include <vtkNew.h>
#include <vtkPLYWriter.h>
#include <vtkPolyData.h>

#include <string>
#include <system_error>

namespace fs = std::filesystem;

namespace cumed::isosurfaceapp {
namespace {

// vtkPLYWriter's errors (e.g. a directory without write permission) become cumed::Error with
// VTK's message, and what it wrote is removed.
void WritePly(vtkPolyData* surface, const fs::path& file) {
  vtkNew<vtkPLYWriter> writer;
  writer->SetFileTypeToBinary();
  writer->SetFileName(file.string().c_str());
  writer->SetInputData(surface);
  std::string problem;
  try {
    cumed::surface::UpdateOrThrow(writer);
  } catch (const cumed::Error& e) {
    problem = std::string(": ") + e.what();
  }
  if (!problem.empty() || writer->GetErrorCode() != 0) {
    std::error_code ignored;
    fs::remove(file, ignored);
    throw cumed::Error("cannot write '" + file.string() + "'" + problem);
  }
}

} // namespace

void WriteSurfaceFile(vtkPolyData* surface, const fs::path& file, SurfaceFormat format,
                      cumed::meshio::VtpCompression compression) {
  switch (format) {
  case SurfaceFormat::Vtp:
    return cumed::meshio::WriteVtp(surface, file, compression);
  case SurfaceFormat::Stl:
    return cumed::meshio::WriteStl(surface, file);
  case SurfaceFormat::Ply:
    return WritePly(surface, file);
  }
}

} // namespace cumed::isosurfaceapp
