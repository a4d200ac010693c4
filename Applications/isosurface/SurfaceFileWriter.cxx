#include "SurfaceFileWriter.h"

#include "cumed/core/Error.h"
#include "cumed/surface/UpdateOrThrow.h"

#include <vtkNew.h>
#include <vtkPLYWriter.h>
#include <vtkPolyData.h>
#include <vtkSTLWriter.h>
#include <vtkXMLPolyDataWriter.h>

#include <string>
#include <system_error>

namespace fs = std::filesystem;

namespace cumed::isosurfaceapp {
namespace {

// Runs a configured VTK writer; its errors (e.g. a directory without write permission) become
// cumed::Error with VTK's message, and what it wrote is removed.
template <class TWriter> void Write(TWriter* writer, vtkPolyData* surface, const fs::path& file) {
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

void WriteSurfaceFile(vtkPolyData* surface, const fs::path& file, SurfaceFormat format) {
  switch (format) {
  case SurfaceFormat::Vtp: {
    vtkNew<vtkXMLPolyDataWriter> writer;
    writer->SetDataModeToAppended();
    writer->EncodeAppendedDataOff(); // raw binary, not base64
    return Write(writer.Get(), surface, file);
  }
  case SurfaceFormat::Stl: {
    vtkNew<vtkSTLWriter> writer;
    writer->SetFileTypeToBinary();
    return Write(writer.Get(), surface, file);
  }
  case SurfaceFormat::Ply: {
    vtkNew<vtkPLYWriter> writer;
    writer->SetFileTypeToBinary();
    return Write(writer.Get(), surface, file);
  }
  }
}

} // namespace cumed::isosurfaceapp
