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
// VTK's message, and what it wrote is removed. VTK's PLY code appends ".ply" to a name that does
// not end in it exactly (".PLY" included): it writes there, and the file is then moved to `file`.
void WritePly(vtkPolyData* surface, const fs::path& file) {
  const std::string name = file.string();
  const std::string suffix = ".ply";
  const bool endsInPly = name.size() >= suffix.size() &&
                         name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
  const fs::path written = endsInPly ? file : fs::path(name + suffix);
  vtkNew<vtkPLYWriter> writer;
  writer->SetFileTypeToBinary();
  writer->SetFileName(name.c_str());
  writer->SetInputData(surface);
  std::string problem;
  try {
    cumed::UpdateOrThrow(writer);
  } catch (const cumed::Error& e) {
    problem = std::string(": ") + e.what();
  }
  std::error_code error;
  if (problem.empty() && writer->GetErrorCode() == 0 && written != file) {
    fs::rename(written, file, error);
    if (error) problem = ": " + error.message();
  }
  if (!problem.empty() || writer->GetErrorCode() != 0) {
    std::error_code ignored;
    fs::remove(written, ignored);
    fs::remove(file, ignored);
    throw cumed::Error("cannot write '" + name + "'" + problem);
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
