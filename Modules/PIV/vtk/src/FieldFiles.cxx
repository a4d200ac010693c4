#include "cumed/piv/FieldFiles.h"

#include "cumed/core/Error.h"
#include "cumed/vtk/UpdateOrThrow.h"

#include <vtkDataSetWriter.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPolyData.h>
#include <vtkXMLImageDataWriter.h>
#include <vtkXMLPolyDataWriter.h>

#include <string>

namespace cumed::piv {

namespace {

/// Runs a VTK writer, its errors (and a failed write) as cumed::Error naming the file.
template <class TWriter> void Write(TWriter* writer, const std::filesystem::path& file) {
  writer->SetFileName(file.c_str());
  try {
    UpdateOrThrow(writer);
  } catch (const Error& e) {
    throw Error("cannot write '" + file.string() + "': " + e.what());
  }
  if (!std::filesystem::exists(file))
    throw Error("cannot write '" + file.string() + "': the VTK writer produced no file");
}

} // namespace

const char* FieldExtension(FieldFormat format) {
  return format == FieldFormat::Vti ? ".vti" : ".vtk";
}

void WriteFieldImage(const std::filesystem::path& file, vtkImageData* field, FieldFormat format) {
  if (!field) throw InvalidArgument("cannot write '" + file.string() + "': no field image");
  if (format == FieldFormat::Vti) {
    vtkNew<vtkXMLImageDataWriter> writer;
    writer->SetInputData(field);
    writer->SetDataModeToAppended();
    writer->EncodeAppendedDataOff();
    Write(writer.GetPointer(), file);
  } else {
    vtkNew<vtkDataSetWriter> writer;
    writer->SetInputData(field);
    writer->SetFileTypeToBinary();
    Write(writer.GetPointer(), file);
  }
}

void WritePathlines(const std::filesystem::path& file, vtkPolyData* lines) {
  if (!lines) throw InvalidArgument("cannot write '" + file.string() + "': no pathlines");
  vtkNew<vtkXMLPolyDataWriter> writer;
  writer->SetInputData(lines);
  writer->SetDataModeToAppended();
  writer->EncodeAppendedDataOff();
  Write(writer.GetPointer(), file);
}

} // namespace cumed::piv
