#pragma once
// Files of PIV results: a field as VTK image data (FieldToImageData's image; .vti XML, appended
// raw, or legacy binary .vtk) and pathlines (TracePathlines' polylines) as .vtp. Failures throw
// cumed::Error naming the file.
#include <filesystem>

class vtkImageData;
class vtkPolyData;

namespace cumed::piv {

enum class FieldFormat { Vti, Vtk };

/// The field file's extension for `format`: ".vti" or ".vtk".
const char* FieldExtension(FieldFormat format);

/// Writes `field` to `file` in `format`. Throws cumed::Error naming the file when VTK's writer
/// fails or writes nothing; InvalidArgument for a null image.
void WriteFieldImage(const std::filesystem::path& file, vtkImageData* field, FieldFormat format);

/// Writes `lines` to `file` as VTK XML polydata (.vtp, appended raw). Throws as WriteFieldImage.
void WritePathlines(const std::filesystem::path& file, vtkPolyData* lines);

} // namespace cumed::piv
