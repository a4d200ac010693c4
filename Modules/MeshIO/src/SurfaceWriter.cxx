#include "cumed/meshio/SurfaceWriter.h"

#include "cumed/core/Error.h"
#include "cumed/meshio/StlWriter.h"
#include "cumed/vtk/UpdateOrThrow.h"

#include <vtkNew.h>
#include <vtkPLYWriter.h>
#include <vtkPolyData.h>

#include <algorithm>
#include <cctype>
#include <string>
#include <system_error>

namespace fs = std::filesystem;

namespace cumed::meshio {
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
    cumed::UpdateOrThrow(writer);
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

SurfaceFormat SurfaceFormatOf(const fs::path& file) {
  std::string extension = file.extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (extension == ".vtp") return SurfaceFormat::Vtp;
  if (extension == ".stl") return SurfaceFormat::Stl;
  if (extension == ".ply") return SurfaceFormat::Ply;
  throw cumed::InvalidArgument("unsupported file type '" + extension +
                               "' (use .vtp, .stl or .ply)");
}

void WriteSurfaceFile(vtkPolyData* surface, const fs::path& file, SurfaceFormat format,
                      VtpCompression compression) {
  switch (format) {
  case SurfaceFormat::Vtp:
    return WriteVtp(surface, file, compression);
  case SurfaceFormat::Stl:
    return WriteStl(surface, file);
  case SurfaceFormat::Ply:
    return WritePly(surface, file);
  }
}

void WriteSurfaceFile(vtkPolyData* surface, const fs::path& file, VtpCompression compression) {
  WriteSurfaceFile(surface, file, SurfaceFormatOf(file), compression);
}

} // namespace cumed::meshio
