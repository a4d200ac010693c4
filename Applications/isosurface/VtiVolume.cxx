#include "VtiVolume.h"

#include "cumed/core/Error.h"
#include "cumed/core/PixelType.h"
#include "cumed/io/VtiImage.h"

#include <vtkDataArray.h>
#include <vtkPointData.h>

namespace cumed::isosurfaceapp {

Volume ReadVtiFile(const std::filesystem::path& file) {
  io::VtiImage vti = io::ReadVtiImage(file); // checked, scalars of a type CuMed contours
  vtkDataArray* scalars = vti.image->GetPointData()->GetScalars();
  if (scalars->GetNumberOfComponents() != 1) {
    throw cumed::Error("INPUT '" + file.string() + "': the point array '" +
                       (scalars->GetName() ? scalars->GetName() : "") + "' has " +
                       std::to_string(scalars->GetNumberOfComponents()) +
                       " components; an isosurface needs one value per voxel");
  }
  Volume volume;
  volume.image = vti.image;
  volume.conversion = vti.conversion;
  volume.pixelType = ToString(vti.pixelType);
  return volume;
}

} // namespace cumed::isosurfaceapp
