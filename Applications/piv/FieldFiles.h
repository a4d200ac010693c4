#pragma once
// Writing what cumed-piv produces: the field as VTK image data (.vti XML, or legacy .vtk) and
// the pathlines as .vtp. Failures throw cumed::Error naming the file.
#include "Arguments.h"

#include <filesystem>

class vtkImageData;
class vtkPolyData;

namespace cumed::pivapp {

/// The field file's extension for `format`: ".vti" or ".vtk".
const char* FieldExtension(FieldFormat format);

void WriteFieldImage(const std::filesystem::path& file, vtkImageData* field, FieldFormat format);

void WritePathlines(const std::filesystem::path& file, vtkPolyData* lines);

} // namespace cumed::pivapp
