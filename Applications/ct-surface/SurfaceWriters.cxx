#include "SurfaceWriters.h"

#include "cumed/core/Error.h"

#include <vtkNew.h>
#include <vtkPolyData.h>
#include <vtkSTLWriter.h>
#include <vtkXMLPolyDataWriter.h>

namespace cumed::ctsurface {

void WriteVtp(vtkPolyData* surface, const std::string& path) {
  vtkNew<vtkXMLPolyDataWriter> writer;
  writer->SetFileName(path.c_str());
  writer->SetInputData(surface);
  writer->SetDataModeToAppended();
  writer->EncodeAppendedDataOff(); // raw binary, not base64
  if (writer->Write() != 1 || writer->GetErrorCode() != 0) {
    throw cumed::Error("cannot write '" + path + "'");
  }
}

void WriteBinaryStl(vtkPolyData* surface, const std::string& path) {
  vtkNew<vtkSTLWriter> writer;
  writer->SetFileName(path.c_str());
  writer->SetInputData(surface);
  writer->SetFileTypeToBinary();
  if (writer->Write() != 1 || writer->GetErrorCode() != 0) {
    throw cumed::Error("cannot write '" + path + "'");
  }
}

} // namespace cumed::ctsurface
